/**
 * Report subscriptions over a simulated 100 days of nightly runs (`nightly --as-of`, in process,
 * against an in-process SMTP server): two subscriptions with different scopes and schedules deliver
 * exactly the expected (subscription, period) set, each once, including after 15 nights the job
 * did not run (caught up, oldest first) and 3 nights the mail server refused (retried). The
 * expected set is computed here with plain date arithmetic, independently of src/time.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/config.ts';
import { parseConfigFile, type ConfigFile } from '../../../src/config-file/load-config-file.ts';
import { environmentWithMailSection } from '../../../src/config-file/mail-section.ts';
import { ConfigError, MailError } from '../../../src/errors.ts';
import { deliveryProblems, loadDeliveries } from '../../../src/load/ledgers/delivery-ledger.ts';
import type { Warehouse } from '../../../src/load/connection/db.ts';
import { silentLogger } from '../../../src/logger.ts';
import { listSubscriptions } from '../../../src/pipeline/subscriptions/list-subscriptions.ts';
import { runSubscriptionSchedule } from '../../../src/pipeline/subscriptions/run-subscriptions.ts';
import { sendSubscriptionNow } from '../../../src/pipeline/subscriptions/send-subscription.ts';
import { fileSubscriptions } from '../../../src/pipeline/subscriptions/subscriptions.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { SUBSCRIPTION_STREAMS, subscriptionRig } from '../../support/subscription-rig.ts';
import { deliveryOptions } from '../../support/report-request.ts';
import { queryReportAccount } from '../../../src/reports/queries/scope.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const DAYS = 100;
const SKIPPED = { from: 20, to: 34 }; // the job did not run: two Mondays missed
const REFUSING = { from: 47, to: 49 }; // the mail server refuses: a Monday and the 1st of October

/** yyyy-MM-dd plus n days, by UTC arithmetic (independent of src/time). */
const plus = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function yaml(monitors: readonly string[]): string {
  return `version: 1
mail:
  from: Uptrends reports <reports@example.com>
subscriptions:
  - name: eu-weekly
    reports: [sla, incidents]
    schedule: { every: week, on: monday }
    period: PreviousWeek
    scope: { monitor_groups: [EU region] }
    formats: [csv]
    recipients:
      addresses: [eu-lead@example.com]
      operator_groups: [On-call engineers]
    subject: "{subscription} | {period}"
  - name: board-monthly
    reports: [sla]
    schedule: { every: month, on: 1 }
    period: PreviousMonth
    scope:
      monitors: [${monitors.map((m) => JSON.stringify(m)).join(', ')}]
    formats: [pdf]
    recipients: { addresses: [board@example.com] }
    subject: "{subscription} | {period}"
    sla_target: 99.5
`;
}

// Every test starts from the same hundred nights (run once; each test gets its own copy of the
// warehouse, the mails those nights sent and an empty report folder).
let boardMonitors: string[];
let file: ConfigFile;
let start: string;
const failedNights: string[] = [];
let problemsWhileRefusing: string[][] = [];
const rig = subscriptionRig(
  { seed: 11, monitors: 10, days: 130, now: NOW },
  {
    sync: {
      // Back to mid-June: July (the manual send below) must be read in full to be sent (coverage gate).
      initialDays: 160,
      windowDays: 10,
      streams: [...SUBSCRIPTION_STREAMS, 'operators', 'operator_groups', 'operator_group_members'],
    },
    baseline: async () => {
      await openWarehouse();
      try {
        await hundredNights();
      } finally {
        await rig.warehouse.tdb.release();
      }
    },
  },
);
const received = rig.mail.received;
let warehouse: Warehouse;
let config: Config;
let dir: string;

/** Opens the current warehouse, with the file and configuration that go with it. */
async function openWarehouse(): Promise<void> {
  warehouse = await rig.warehouse.tdb.reopen();
  dir = rig.dir;
  // One monitor by name and one by GUID, outside the EU group's scope question.
  const monitors = await sql<{ monitor_guid: string; name: string }>`
    select monitor_guid::text as monitor_guid, name from uptrends.monitor order by name limit 2`.execute(
    warehouse.db,
  );
  boardMonitors = [monitors.rows[0]!.name, monitors.rows[1]!.monitor_guid];
  file = parseConfigFile(yaml(boardMonitors), 'subs.yaml');
  config = loadConfig(environmentWithMailSection(rig.env(), file.contents.mail));
  start = plus(new Date(NOW.getTime()).toISOString().slice(0, 10), -(DAYS - 1));
}
beforeEach(openWarehouse);
afterEach(() => rig.warehouse.tdb.release());

const nightly = async (asOf: string) =>
  runSubscriptionSchedule(
    warehouse,
    await deliveryOptions(
      config,
      warehouse,
      { subscriptions: fileSubscriptions(file)!, file, outDir: dir, mail: true, asOf },
      () => NOW,
    ),
    { logger: silentLogger(), clock: () => NOW },
  );

/** The hundred nights, 15 of them not run and 3 with the mail server refusing. */
async function hundredNights(): Promise<void> {
  for (let i = 0; i < DAYS; i += 1) {
    if (i >= SKIPPED.from && i <= SKIPPED.to) continue;
    rig.mail.refusing = i >= REFUSING.from && i <= REFUSING.to;
    const asOf = plus(start, i);
    try {
      await nightly(asOf);
    } catch (error) {
      expect(error, `night ${asOf}`).toBeInstanceOf(MailError);
      expect(
        rig.mail.refusing,
        `night ${asOf} failed outside the refusing nights: ${(error as Error).message}`,
      ).toBe(true);
      failedNights.push(asOf);
    }
    // status: the periods that failed are listed, to be tried again next run.
    if (i === REFUSING.to)
      problemsWhileRefusing = (await deliveryProblems(warehouse.db, 400)).map((p) => [
        p.subscription,
        p.status,
      ]);
  }
  rig.mail.refusing = false;
}

describe('100 nights of subscriptions', () => {
  it('delivers exactly the expected (subscription, period) set, each once, oldest first', async () => {
    expect(problemsWhileRefusing).toEqual(
      expect.arrayContaining([
        ['eu-weekly', 'failed'],
        ['board-monthly', 'failed'],
      ]),
    );

    const expected: string[] = [];
    for (let i = 0; i < DAYS; i += 1) {
      const date = plus(start, i);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 1) expected.push(`eu-weekly | ${plus(date, -7)} to ${plus(date, -1)}`);
      if (date.endsWith('-01')) {
        const previous = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 2, 1));
        expected.push(`board-monthly | ${MONTHS[previous.getUTCMonth()]!} ${previous.getUTCFullYear()}`);
      }
    }
    expect(expected.length).toBe(14 + 3);
    const subjects = received.map((m) => m.subject);
    expect([...subjects].sort()).toEqual([...expected].sort());
    expect(new Set(subjects).size).toBe(subjects.length);
    // Oldest first: per subscription, the order of arrival is the order of the periods.
    for (const name of ['eu-weekly', 'board-monthly']) {
      const mine = subjects.filter((s) => s.startsWith(name));
      expect(mine).toEqual(expected.filter((s) => s.startsWith(name)));
    }
    expect(failedNights.length).toBeGreaterThan(0);
    expect(await deliveryProblems(warehouse.db, 400)).toEqual([]);
  });

  it('sent to the right people: listed addresses plus the operators of the operator group', async () => {
    const onCall = await sql<{ email: string }>`
      select lower(o.email) as email from uptrends.operator o
      join uptrends.operator_group_member m on m.operator_guid = o.operator_guid
      join uptrends.operator_group g on g.operator_group_guid = m.operator_group_guid
      where g.description = 'On-call engineers' and o.email is not null`.execute(warehouse.db);
    expect(onCall.rows.length).toBeGreaterThan(0);
    const weekly = received.find((m) => m.subject.startsWith('eu-weekly'))!;
    expect([...weekly.to].sort()).toEqual(['eu-lead@example.com', ...onCall.rows.map((r) => r.email)].sort());
    const board = received.find((m) => m.subject.startsWith('board-monthly'))!;
    expect(board.to).toEqual(['board@example.com']);
  });

  it('the ledger holds one sent delivery per period, with files, recipients and message id', async () => {
    const rows = await loadDeliveries(warehouse.db, rig.warehouse.sim.accountId);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(received.length);
    const keys = sent.map((r) => `${r.subscription} ${r.periodStart.toISOString()}`);
    expect(new Set(keys).size).toBe(keys.length);
    const failed = rows.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const r of sent) {
      expect(r.files.length).toBeGreaterThan(0);
      expect(r.messageId).toMatch(/^<[0-9a-f-]+@example\.com>$/);
      expect(r.recipients.length).toBeGreaterThan(0);
    }
    const board = sent.find((r) => r.subscription === 'board-monthly')!;
    const mail = received.find((m) => m.subject === `board-monthly | ${board.periodLabel}`)!;
    expect(mail.raw.toString('utf8')).toContain(`Message-ID: ${board.messageId}`);
  });

  it('the board mail: headline and inline chart in the HTML, the same figure in the attached PDF', async () => {
    const mail = await PostalMime.parse(received.find((m) => m.subject.startsWith('board-monthly'))!.raw);
    const html = mail.html ?? '';
    const uptime = /font-size:32px;font-weight:bold;line-height:1\.2">(\d+\.\d{3}%|n\/a)</.exec(html)?.[1];
    expect(uptime).toBeDefined();
    expect(html).toContain('uptime against a target of 99.500%');
    expect(html).toContain('src="cid:daily-uptime@uptrends-etl"');
    expect(
      mail.attachments.some(
        (a) => a.disposition === 'inline' && a.contentId === '<daily-uptime@uptrends-etl>',
      ),
    ).toBe(true);
    expect(mail.text).toContain('Uptime: ');
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf')!;
    expect(pdf.filename).toMatch(/^uptrends-sla_\d{4}-\d{2}_.+\.pdf$/);
    const path = join(dir, 'attached.pdf');
    await writeFile(path, Buffer.from(pdf.content as ArrayBuffer));
    const contents = await readPdf(path);
    expect(contents.text).toContain(uptime!);
    expect(contents.text).toContain('uptime against a target of 99.500%');
    expect(contents.embeddedFonts).toBeGreaterThan(0);
    expect(contents.images).toBeGreaterThan(0);
  });

  it('report subscriptions: next due date and last delivery', async () => {
    const list = await listSubscriptions(
      warehouse,
      { subscriptions: fileSubscriptions(file)!, account: await queryReportAccount(warehouse.db) },
      () => NOW,
    );
    const weekly = list.subscriptions.find((s) => s.name === 'eu-weekly')!;
    expect(list.today).toBe('2025-11-20');
    expect(weekly.nextDue).toEqual({ date: '2025-11-24', period: '2025-11-17 to 2025-11-23' });
    expect(weekly.lastDelivery).toMatchObject({
      period: '2025-11-10 to 2025-11-16',
      status: 'sent',
      kind: 'scheduled',
    });
    expect(weekly.waiting).toEqual([]);
    expect(weekly.firstDue).toBe(start);
    const board = list.subscriptions.find((s) => s.name === 'board-monthly')!;
    expect(board.nextDue).toEqual({ date: '2025-12-01', period: 'November 2025' });
  });

  it('report send --subscription: a delivered period goes out again, recorded as a resend; nightly is unchanged', async () => {
    const before = received.length;
    const outcome = await sendSubscriptionNow(
      warehouse,
      await deliveryOptions(
        config,
        warehouse,
        {
          subscriptions: fileSubscriptions(file)!,
          file,
          outDir: dir,
          name: 'EU-weekly',
          choice: { within: '2025-11-12' },
        },
        () => NOW,
      ),
      { logger: silentLogger(), clock: () => NOW },
    );
    expect(outcome).toMatchObject({ status: 'sent', kind: 'resend' });
    expect(outcome.period.label).toBe('2025-11-10 to 2025-11-16');
    expect(received.slice(before).map((m) => m.subject)).toEqual(['eu-weekly | 2025-11-10 to 2025-11-16']);
    const result = await nightly('2025-11-20');
    expect(result.outcomes).toEqual([]);
  });

  it('report send --subscription of a period never delivered counts as its delivery (manual); again, a resend', async () => {
    const send = async () =>
      sendSubscriptionNow(
        warehouse,
        await deliveryOptions(
          config,
          warehouse,
          {
            subscriptions: fileSubscriptions(file)!,
            file,
            outDir: dir,
            name: 'board-monthly',
            choice: { explicit: { month: '2025-07' } },
          },
          () => NOW,
        ),
        { logger: silentLogger(), clock: () => NOW },
      );
    expect(await send()).toMatchObject({ status: 'sent', kind: 'manual', due: null });
    expect(await send()).toMatchObject({ status: 'sent', kind: 'resend' });
    const july = (await loadDeliveries(warehouse.db, rig.warehouse.sim.accountId)).filter(
      (r) => r.periodLabel === 'July 2025',
    );
    expect(july.map((r) => [r.kind, r.status])).toEqual([
      ['manual', 'sent'],
      ['resend', 'sent'],
    ]);
  });

  it('a subscription naming a group the warehouse does not know fails at its line and sends nothing', async () => {
    const before = received.length;
    const bad = parseConfigFile(
      yaml(boardMonitors).replace('[EU region]', '[EU region, Nowhere group]'),
      'subs-bad.yaml',
    );
    const error = await runSubscriptionSchedule(
      warehouse,
      await deliveryOptions(
        config,
        warehouse,
        { subscriptions: fileSubscriptions(bad)!, file: bad, outDir: dir, mail: true, asOf: '2025-11-17' },
        () => NOW,
      ),
      { logger: silentLogger(), clock: () => NOW },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /subs-bad\.yaml:9:\d+: subscriptions\[0\]\.scope\.monitor_groups\[1\]: monitor group "Nowhere group" is not in the warehouse/,
    );
    expect(received.length).toBe(before);
  });
});
