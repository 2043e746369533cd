import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailError } from '../../../src/errors.ts';
import { parseRecipients } from '../../../src/email-address.ts';
import { sendReportMail } from '../../../src/reports/mail/send-report-mail.ts';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import {
  AFTER_OCTOBER,
  B,
  octoberFixture,
  octoberModels,
  type FixtureModels,
} from '../../support/report-fixture.ts';

const PASSWORD = 's3cret-Pa55';
interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: Buffer;
}
const received: Received[] = [];

const server = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  size: 30 * 1024 * 1024,
  onAuth(auth, _session, callback) {
    if (auth.username === 'report' && auth.password === PASSWORD) return callback(null, { user: 'report' });
    return callback(new Error('Invalid username or password'));
  },
  onRcptTo(address: SMTPServerAddress, _session, callback) {
    if (address.address.endsWith('@rejected.example')) {
      return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    }
    return callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom;
      received.push({
        from: from === false ? '' : from.address,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks),
      });
      callback();
    });
  },
});

let port = 0;
let dir: string;
let files: string[];
let sla: SlaModel;
let fixture: FixtureModels;
const url = (password = PASSWORD) => `smtp://report:${encodeURIComponent(password)}@127.0.0.1:${port}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  dir = await mkdtemp(join(tmpdir(), 'report-mail-'));
  const data = octoberFixture();
  // A name with markup: the body must show it as text.
  data.monitors = data.monitors.map((m) => (m.guid === B ? { ...m, name: 'API <b>B</b> & "co"' } : m));
  fixture = await octoberModels(data);
  const written = await writeSlaReport(fixture.sla, {
    outDir: dir,
    clock: () => AFTER_OCTOBER,
    formats: ['xlsx', 'csv'],
  });
  sla = written.model;
  files = [written.paths[0]!, written.paths[1]!];
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
  await fixture.tdb.drop();
});
beforeEach(() => {
  received.length = 0;
});

async function expectMailError(promise: Promise<unknown>, code: string): Promise<MailError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailError);
  const mailError = error as MailError;
  expect(mailError.code).toBe(code);
  expect(mailError.message).not.toContain(PASSWORD);
  expect(mailError.message).not.toContain('wrong-Pa55');
  expect(JSON.stringify(mailError.context)).not.toContain(PASSWORD);
  return mailError;
}

describe('sendReportMail to an in-process SMTP server', () => {
  it('delivers to every recipient with the headline figures in the body and the files byte for byte', async () => {
    const incidents = fixture.incidents;
    const sent = await sendReportMail({
      smtpUrl: url(),
      from: 'reports@example.com',
      to: parseRecipients('ceo@example.com, ops@example.com'),
      sla,
      incidents,
      files,
    });
    expect(sent.accepted).toEqual(['ceo@example.com', 'ops@example.com']);
    expect(sent.omitted).toEqual([]);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ceo@example.com', 'ops@example.com']);
    expect(received[0]!.from).toBe('reports@example.com');

    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.to?.map((a) => a.address)).toEqual(['ceo@example.com', 'ops@example.com']);
    // Overall: 100 x (1 - 320 / 111,030) = 99.712%; target 99% Met (see model.test.ts).
    expect(mail.subject).toBe(
      '[SLA] October 2025 (Europe/Amsterdam): 99.712% uptime, target 99.000% Met, 2 monitor(s) missed',
    );
    const html = mail.html ?? '';
    expect(html).toContain('99.712% (target 99.000%: Met)');
    expect(html).toContain('2:09 (h:mm) for the account as a whole; 28.8% of the error budget used');
    expect(html).toContain('5 started, 1 ongoing');
    expect(html).toContain('API &lt;b&gt;B&lt;/b&gt; &amp; &quot;co&quot;');
    expect(html).not.toContain('<b>B</b>');
    expect(mail.text).toContain('Monitors missing SLA: 2 of 3');

    // The daily chart is an inline image the HTML refers to by its Content-ID, not an attachment.
    const inline = mail.attachments.filter((a) => a.disposition === 'inline');
    const attachments = mail.attachments.filter((a) => a.disposition !== 'inline');
    expect(inline.map((a) => [a.mimeType, a.contentId])).toEqual([
      ['image/png', '<daily-uptime@uptrends-etl>'],
    ]);
    expect(html).toContain('src="cid:daily-uptime@uptrends-etl"');
    expect(attachments.map((a) => a.filename)).toEqual(files.map((f) => basename(f)));
    expect(attachments[0]!.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    for (const [index, file] of files.entries()) {
      const content = attachments[index]!.content as ArrayBuffer;
      expect(Buffer.from(content).equals(await readFile(file))).toBe(true);
    }
  });

  it('above the size limit sends the summary alone, naming where the files are', async () => {
    const sent = await sendReportMail({
      smtpUrl: url(),
      from: 'reports@example.com',
      to: parseRecipients('ceo@example.com'),
      sla,
      files,
      maxAttachmentBytes: 1000,
    });
    expect(sent.attached).toEqual([]);
    expect(sent.omitted).toEqual(files);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.attachments.filter((a) => a.disposition !== 'inline')).toEqual([]);
    for (const file of files) expect(mail.html).toContain(file);
    expect(mail.html).toContain('99.712%');
  });

  it('a refused login is MAIL_AUTH_FAILED without the password in the message', async () => {
    const error = await expectMailError(
      sendReportMail({
        smtpUrl: url('wrong-Pa55'),
        from: 'reports@example.com',
        to: parseRecipients('ceo@example.com'),
        sla,
        files,
      }),
      'MAIL_AUTH_FAILED',
    );
    expect(error.retriable).toBe(false);
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(received).toHaveLength(0);
  });

  it('a rejected recipient is MAIL_RECIPIENT_REJECTED, also when the others got the mail', async () => {
    const all = await expectMailError(
      sendReportMail({
        smtpUrl: url(),
        from: 'reports@example.com',
        to: parseRecipients('nobody@rejected.example'),
        sla,
        files,
      }),
      'MAIL_RECIPIENT_REJECTED',
    );
    expect(all.message).toContain('nobody@rejected.example');
    expect(received).toHaveLength(0);

    const partial = await expectMailError(
      sendReportMail({
        smtpUrl: url(),
        from: 'reports@example.com',
        to: parseRecipients('ceo@example.com,nobody@rejected.example'),
        sla,
        files,
      }),
      'MAIL_RECIPIENT_REJECTED',
    );
    expect(partial.message).toContain('the others received the mail');
    expect(received.map((r) => r.to)).toEqual([['ceo@example.com']]);
  });

  it('a server that does not answer is MAIL_SERVER_UNREACHABLE and retriable', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await expectMailError(
      sendReportMail({
        smtpUrl: `smtp://report:${PASSWORD}@127.0.0.1:${deadPort}`,
        from: 'reports@example.com',
        to: parseRecipients('ceo@example.com'),
        sla,
        files,
        timeoutMs: 2000,
      }),
      'MAIL_SERVER_UNREACHABLE',
    );
    expect(error.retriable).toBe(true);
  });
});
