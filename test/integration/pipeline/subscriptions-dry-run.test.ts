/**
 * `nightly --dry-run` and `report send --dry-run` through the programmatic API (issue 41, item
 * 13), against an in-process SMTP server: the dry run lists every mail the night would send (to
 * whom, with which files) and every period it would hold or skip, with why; no mail arrives, the
 * delivery ledger and the subscriptions' first due dates stay as they were, and no file is left in
 * the report folder or in a temporary one. The real night run afterwards sends exactly the mails
 * listed, to the listed recipients, with the listed attachments; a dry run after it lists them as
 * already delivered with the message that counts.
 *
 * Expected values: 1 September 2025 is a Monday and the 1st, so the weekly subscription (Mondays,
 * PreviousWeek) is due with 25 to 31 August and the monthly one (the 1st, PreviousMonth) with
 * August. The warehouse is read from 120 days before 20 November 2025 (23 July), so both are
 * covered; the Last90Days subscription's period (3 June to 31 August) is not: held.
 */
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { previewNightly } from '../../../src/api/nightly-job.ts';
import { runReports } from '../../../src/api/report-job.ts';
import { sendSubscription } from '../../../src/api/subscription-jobs.ts';
import { loadConfig, type Config } from '../../../src/config.ts';
import { parseConfigFile, type ConfigFile } from '../../../src/config-file/load-config-file.ts';
import { environmentWithMailSection } from '../../../src/config-file/mail-section.ts';
import type { Warehouse } from '../../../src/load/connection/db.ts';
import { silentLogger } from '../../../src/logger.ts';
import type { DeliveryOutcome } from '../../../src/pipeline/subscriptions/deliver-occurrence.ts';
import { runSubscriptionSchedule } from '../../../src/pipeline/subscriptions/run-subscriptions.ts';
import { fileSubscriptions } from '../../../src/pipeline/subscriptions/subscriptions.ts';
import { deliveryOptions } from '../../support/report-request.ts';
import { subscriptionRig, type CaughtMail } from '../../support/subscription-rig.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const AS_OF = '2025-09-01';

const YAML = `version: 1
mail:
  from: Uptrends reports <reports@example.com>
subscriptions:
  - name: weekly-csv
    reports: [sla, incidents]
    schedule: weekly
    period: PreviousWeek
    formats: [csv]
    recipients: { addresses: [ops@example.com, Lead@example.com] }
    subject: "{subscription} | {period}"
  - name: monthly-pdf
    reports: [sla]
    schedule: monthly
    formats: [pdf, xlsx]
    recipients: { addresses: [board@example.com] }
    subject: "{subscription} | {period}"
  - name: ninety-days
    reports: [incidents]
    schedule: monthly
    period: Last90Days
    formats: [csv]
    recipients: { addresses: [audit@example.com] }
`;

// Every test starts from the same warehouse, read from 120 days back (once; each test gets its
// own copy, no mail received and an empty report folder).
const rig = subscriptionRig(
  { seed: 5, monitors: 6, days: 130, now: NOW },
  { sync: { initialDays: 120, windowDays: 15 } },
);
const file: ConfigFile = parseConfigFile(YAML, 'dry-run.yaml');
const configOf = (): Config =>
  loadConfig(
    environmentWithMailSection({ ...rig.env(), REPORT_MAIL_TO: 'plain@example.com' }, file.contents.mail),
  );
const received = rig.mail.received;

/** Runs `fn` with the test's warehouse open, and closes it again (a dry run opens it itself). */
async function opened<T>(fn: (warehouse: Warehouse) => Promise<T>): Promise<T> {
  const warehouse = await rig.warehouse.tdb.reopen();
  try {
    return await fn(warehouse);
  } finally {
    await rig.warehouse.tdb.release();
  }
}

/** The names of a received mail's attachments. */
async function attachmentsOf(mail: CaughtMail): Promise<string[]> {
  return (await PostalMime.parse(mail.raw)).attachments
    .filter((a) => a.disposition === 'attachment')
    .map((a) => a.filename ?? '');
}

/** The real night as of AS_OF. */
const realNight = () =>
  opened(async (warehouse) =>
    runSubscriptionSchedule(
      warehouse,
      await deliveryOptions(
        configOf(),
        warehouse,
        { subscriptions: fileSubscriptions(file)!, file, outDir: rig.dir, mail: true, asOf: AS_OF },
        () => NOW,
      ),
      { logger: silentLogger(), clock: () => NOW },
    ),
  );

/** Everything a run could record: the ledger and the subscriptions' first due dates. */
async function ledger(db: Warehouse['db']): Promise<string> {
  const deliveries = await sql`select * from uptrends.report_delivery order by delivery_id`.execute(db);
  const seen = await sql`select * from uptrends.report_subscription order by subscription`.execute(db);
  return JSON.stringify({ deliveries: deliveries.rows, seen: seen.rows });
}

/** Every file below the report folder, and the dry runs' scratch folders left in the temp dir. */
async function leftovers(): Promise<string[]> {
  const reports = await readdir(rig.dir, { recursive: true });
  const scratch = (await readdir(tmpdir())).filter((n) => n.startsWith('uptrends-etl-dry-run-'));
  return [...reports, ...scratch];
}

/** `nightly --dry-run` as of AS_OF, through the API (it opens the warehouse itself). */
async function dryRunNight(): Promise<DeliveryOutcome[]> {
  const preview = await previewNightly({
    config: configOf(),
    file,
    asOf: AS_OF,
    outDir: rig.dir,
    logger: silentLogger(),
    clock: () => NOW,
  });
  expect(preview.accounts).toHaveLength(1);
  return [...(preview.accounts[0]!.subscriptions?.outcomes ?? [])];
}

const byName = (outcomes: readonly DeliveryOutcome[], name: string): DeliveryOutcome =>
  outcomes.find((o) => o.subscription === name)!;

describe('dry runs of the night and of a send', () => {
  it('lists every mail the night would send and every period it holds, and sends, records and leaves nothing', async () => {
    const before = await opened((w) => ledger(w.db));
    const listed = await dryRunNight();

    expect(received).toEqual([]);
    expect(await opened((w) => ledger(w.db))).toBe(before);
    expect(await leftovers()).toEqual([]);

    expect(listed.map((o) => [o.subscription, o.status, o.period.label, o.due])).toEqual([
      ['weekly-csv', 'would-send', '2025-08-25 to 2025-08-31', AS_OF],
      ['monthly-pdf', 'would-send', 'August 2025', AS_OF],
      ['ninety-days', 'held', '2025-06-03 to 2025-08-31', AS_OF],
    ]);
    const weekly = byName(listed, 'weekly-csv');
    // Recipients as the mail's envelope has them: lower case, sorted.
    expect(weekly.recipients).toEqual(['lead@example.com', 'ops@example.com']);
    // Both reports as CSV, in the subscription's folder of the report folder.
    expect(weekly.files.length).toBeGreaterThan(1);
    for (const f of weekly.files) {
      expect(f.startsWith(join(rig.dir, 'weekly-csv') + '/')).toBe(true);
      expect(f.endsWith('.csv')).toBe(true);
    }
    expect(weekly.omitted).toEqual([]);
    const monthly = byName(listed, 'monthly-pdf');
    expect(monthly.recipients).toEqual(['board@example.com']);
    expect(monthly.files.map((f) => f.slice(f.lastIndexOf('.'))).sort()).toEqual(['.pdf', '.xlsx']);
    expect(byName(listed, 'ninety-days').error).toMatch(
      /has not been read for all of 2025-06-03 to 2025-08-31/,
    );
  });

  it('the real night then sends exactly the listed mails, to the listed recipients, with the listed files', async () => {
    const listed = await dryRunNight();
    const real = await realNight();
    expect(real.outcomes.map((o) => [o.subscription, o.status, o.period.label])).toEqual(
      listed.map((o) => [o.subscription, o.status === 'would-send' ? 'sent' : o.status, o.period.label]),
    );
    const wouldSend = listed.filter((o) => o.status === 'would-send');
    expect(received).toHaveLength(wouldSend.length);
    for (const o of wouldSend) {
      const mail = received.find((m) => m.subject === `${o.subscription} | ${o.period.label}`);
      expect(mail, o.subscription).toBeDefined();
      expect([...mail!.to].sort()).toEqual(o.recipients);
      expect((await attachmentsOf(mail!)).sort()).toEqual(o.files.map((f) => basename(f)).sort());
      expect(byName(real.outcomes, o.subscription).files).toEqual(o.files);
    }
  });

  it('a dry run after the real night lists the delivered periods as already delivered, by the message that counts', async () => {
    await realNight();
    const mails = received.length;
    const before = await opened((w) => ledger(w.db));
    const delivered = await opened((w) =>
      sql<{ subscription: string; message_id: string }>`
        select subscription, message_id from uptrends.report_delivery where status = 'sent'`.execute(w.db),
    );
    const again = await dryRunNight();
    expect(received).toHaveLength(mails);
    expect(await opened((w) => ledger(w.db))).toBe(before);
    expect(again.map((o) => [o.subscription, o.status])).toEqual([
      ['weekly-csv', 'already-delivered'],
      ['monthly-pdf', 'already-delivered'],
      ['ninety-days', 'held'],
    ]);
    for (const row of delivered.rows) {
      expect(byName(again, row.subscription).messageId).toBe(row.message_id);
    }
  });

  it('report send --subscription --dry-run lists the resend of a delivered period; report send --dry-run the plain mail', async () => {
    await realNight();
    const warehouse = await rig.warehouse.tdb.reopen();
    try {
      await dryRunSends(warehouse);
    } finally {
      await rig.warehouse.tdb.release();
    }
  });
});

/** The two `report send --dry-run`s over a warehouse whose August was delivered. */
async function dryRunSends(warehouse: Warehouse): Promise<void> {
  const config = configOf();
  const dir = rig.dir;
  const mails = received.length;
  const before = await ledger(warehouse.db);
  const reportFiles = await readdir(dir, { recursive: true });
  const send = await sendSubscription({
    config,
    file,
    name: 'monthly-pdf',
    within: '2025-08-15',
    outDir: dir,
    dryRun: true,
    logger: silentLogger(),
    clock: () => NOW,
    openWarehouse: () => Promise.resolve(warehouse),
  });
  expect([send.status, send.kind, send.period.label, send.recipients]).toEqual([
    'would-send',
    'resend',
    'August 2025',
    ['board@example.com'],
  ]);
  const plain = await runReports({
    config,
    period: { month: '2025-08' },
    mail: true,
    dryRun: true,
    outDir: dir,
    logger: silentLogger(),
    clock: () => NOW,
    openWarehouse: () => Promise.resolve(warehouse),
  });
  expect(plain.period.label).toBe('August 2025');
  expect(plain.wouldMail?.to).toEqual(['plain@example.com']);
  expect(plain.wouldMail?.attached).toEqual(plain.paths);
  expect(plain.paths.length).toBeGreaterThan(0);
  expect(received).toHaveLength(mails);
  expect(await ledger(warehouse.db)).toBe(before);
  expect(await readdir(dir, { recursive: true })).toEqual(reportFiles);
  expect((await readdir(tmpdir())).filter((n) => n.startsWith('uptrends-etl-dry-run-'))).toEqual([]);
}
