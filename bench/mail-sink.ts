/**
 * An SMTP server on 127.0.0.1 for the scenarios that send report mails (scale: `report send`): it
 * accepts any sender and recipient without a login, counts the mails and their bytes, and keeps
 * nothing. Closed by the cleanup stack.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { CleanupStack } from './cleanup-stack.ts';

/** A running sink. */
export interface MailSink {
  /** SMTP_URL and the sender and recipient of `report send`, for a child process. */
  readonly env: Record<string, string>;
  /** Mails received so far, and their bytes. */
  received(): { mails: number; bytes: number };
}

/** Starts a sink on a free port. */
export async function startMailSink(cleanup: CleanupStack): Promise<MailSink> {
  let mails = 0;
  let bytes = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 200 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  cleanup.add('mail sink', () => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      REPORT_MAIL_FROM: 'reports@bench.example',
      REPORT_MAIL_TO: 'management@bench.example',
    },
    received: () => ({ mails, bytes }),
  };
}
