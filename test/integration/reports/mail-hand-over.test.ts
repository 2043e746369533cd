/**
 * The hand-over hook the delivery ledger rests on: it runs after the whole message was written and
 * before the SMTP transaction completes, so (1) the server has accepted nothing while it runs, (2)
 * a hook that fails aborts the transaction and nothing is delivered, and (3) an error after the
 * hook (no reply from the server) is marked as "handed over", which the ledger records as unknown.
 */
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailError } from '../../../src/errors.ts';
import { parseRecipients } from '../../../src/email-address.ts';
import { sendReportMail } from '../../../src/reports/mail/send-report-mail.ts';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import { AFTER_OCTOBER, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';

const accepted: string[] = [];
let hang = false;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      accepted.push(Buffer.concat(chunks).toString('utf8'));
      // A lost reply: the message is complete on the server, the client never hears back.
      if (!hang) callback();
    });
  },
});
let port = 0;
let dir: string;
let sla: SlaModel;
let fixture: FixtureModels;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  dir = await mkdtemp(join(tmpdir(), 'hand-over-'));
  fixture = await octoberModels();
  sla = (await writeSlaReport(fixture.sla, { outDir: dir, clock: () => AFTER_OCTOBER, formats: ['csv'] }))
    .model;
});
afterAll(async () => {
  await fixture.tdb.drop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  accepted.length = 0;
  hang = false;
});

const base = () => ({
  smtpUrl: `smtp://127.0.0.1:${port}`,
  from: 'r@example.com',
  to: parseRecipients('ceo@example.com'),
  sla,
  files: [],
  chart: false,
});

describe('the SMTP hand-over hook', () => {
  it('runs before the server has the complete message, and the Message-ID is the one given', async () => {
    const seenByHook: number[] = [];
    const sent = await sendReportMail({
      ...base(),
      messageId: '<fixed-id-1@example.com>',
      onHandOver: () => {
        seenByHook.push(accepted.length);
        return Promise.resolve();
      },
    });
    expect(seenByHook).toEqual([0]);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toContain('Message-ID: <fixed-id-1@example.com>');
    expect(sent.messageId).toBe('<fixed-id-1@example.com>');
  });

  it('a failing hook aborts the transaction: nothing is delivered, and the error is not "handed over"', async () => {
    const error = await sendReportMail({
      ...base(),
      onHandOver: () => Promise.reject(new Error('ledger down')),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).context.handedOver).toBeUndefined();
    // Give the server a moment: an aborted DATA never reaches onData's end.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(accepted).toEqual([]);
  });

  it('no reply after the hand-over is an error marked handedOver (maybe delivered)', async () => {
    hang = true;
    const error = await sendReportMail({
      ...base(),
      timeoutMs: 1500,
      onHandOver: () => Promise.resolve(),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).context.handedOver).toBe(true);
    expect((error as MailError).context.smtpCode).toBeUndefined();
    expect(accepted).toHaveLength(1);
  });
});
