/**
 * An at-risk subscription (reports: [at-risk], the SLA early warning) over the simulator's
 * `early-warning` scenario, run by the schedule night after night with `nightly --as-of` (in
 * process) from 2 October to 3 November 2025, against an in-process SMTP server. The changes each
 * night should mail are worked out in this test from the ground truth (test/support/burn-truth.ts),
 * never through the project's functions: a mail goes out exactly on the nights something entered or
 * left "at risk" or "breached", it lists exactly those changes, each change is mailed once, a
 * refused mail is reported again the next night, and re-running every night sends nothing new.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/config.ts';
import { parseConfigFile, type ConfigFile } from '../../../src/config-file/load-config-file.ts';
import { environmentWithMailSection } from '../../../src/config-file/mail-section.ts';
import { MailError } from '../../../src/errors.ts';
import { loadDeliveries } from '../../../src/load/ledgers/delivery-ledger.ts';
import type { Warehouse } from '../../../src/load/connection/db.ts';
import { silentLogger } from '../../../src/logger.ts';
import type { DeliveryOutcome } from '../../../src/pipeline/subscriptions/deliver-occurrence.ts';
import { runSubscriptionSchedule } from '../../../src/pipeline/subscriptions/run-subscriptions.ts';
import { sendSubscriptionNow } from '../../../src/pipeline/subscriptions/send-subscription.ts';
import { fileSubscriptions } from '../../../src/pipeline/subscriptions/subscriptions.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { amsterdamMidnight, truthBurn, type TruthService } from '../../support/burn-truth.ts';
import { syncEarlyWarning } from '../../support/early-warning-sync.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { deliveryOptions } from '../../support/report-request.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
/** The nights replayed, as local dates (a night as of D judges the day before D). */
const NIGHTS = [
  ...Array.from({ length: 30 }, (_, i) => `2025-10-${String(i + 2).padStart(2, '0')}`),
  '2025-11-01',
  '2025-11-02',
  '2025-11-03',
];
const NOTIFIED = new Set(['at risk', 'breached']);

interface Mail {
  readonly night: string;
  readonly subject: string;
  readonly to: readonly string[];
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly string[];
}
const received: Mail[] = [];
let night = '';
let refusing = false;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (refusing) {
        callback(Object.assign(new Error('Mailbox store busy, try later'), { responseCode: 451 }));
        return;
      }
      const raw = Buffer.concat(chunks);
      const to = session.envelope.rcptTo.map((r) => r.address);
      void PostalMime.parse(raw).then((mail) => {
        received.push({
          night,
          subject: mail.subject ?? '',
          to,
          text: mail.text ?? '',
          html: mail.html ?? '',
          attachments: mail.attachments.map((a) => a.filename ?? ''),
        });
        callback();
      }, callback);
    });
  },
});

let sim: RunningSimulator;
let tdb: TestDatabase;
let warehouse: Warehouse;
let config: Config;
let file: ConfigFile;
let dir: string;
const guids = new Map<string, string>();
/** The night whose mail the SMTP server refuses: the first one with a change of Search API. */
let refusedNight = '';

const YAML = `version: 1
mail:
  from: Uptrends reports <reports@example.com>
subscriptions:
  - name: checkout-warning
    reports: [at-risk]
    schedule: daily
    scope: { monitor_groups: [Checkout] }
    formats: [pdf]
    recipients: { addresses: [web-lead@example.com] }
`;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  dir = await mkdtemp(join(tmpdir(), 'at-risk-subscriptions-'));
  sim = await startSimulator({ seed: 5, monitors: 10, days: 70, now: NOW, scenario: 'early-warning' });
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  const env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  };
  for (const [name, guid] of await syncEarlyWarning(sim, loadConfig(env), NOW)) guids.set(name, guid);
  warehouse = await tdb.reopen();
  file = parseConfigFile(YAML, 'warning.yaml');
  config = loadConfig(environmentWithMailSection(env, file.contents.mail));
}, 240_000);

afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

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

/** The notified state of every service on each night, from the ground truth. */
function expectedNotified(): Map<string, Map<string, string | null>> {
  const incidents = sim.truth.incidents();
  const of = (name: string) => incidents.filter((i) => i.monitorGuid === guids.get(name));
  const services: Record<string, TruthService> = {
    'Checkout API': { members: [of('Checkout API')], target: 99.5 },
    'Search API': { members: [of('Search API')], target: 99.5 },
    'Checkout (group)': { members: [of('Checkout API'), of('Search API')], target: 99.9 },
  };
  const out = new Map<string, Map<string, string | null>>();
  for (const date of NIGHTS) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const asOf = amsterdamMidnight(y, m, d);
    // The month holding the day judged (the day before the night).
    const month = asOf <= amsterdamMidnight(2025, 11, 1) ? [2025, 10] : [2025, 11];
    const start = amsterdamMidnight(month[0]!, month[1]!, 1);
    const end = amsterdamMidnight(month[0]!, month[1]! + 1, 1);
    const states = new Map<string, string | null>();
    for (const [name, service] of Object.entries(services)) {
      const state = truthBurn(service, start, end, asOf, NOW.getTime()).state;
      states.set(name, NOTIFIED.has(state) ? state : null);
    }
    out.set(date, states);
  }
  return out;
}

/** The changes a mail lists: `name|was|now` (null as "-"), from its plain-text part. */
function mailedChanges(text: string): string[] {
  const section = text.slice(text.indexOf('What changed'));
  const lines = section.split('\n').slice(1);
  const changes: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('- ')) break;
    const colon = line.indexOf(': ');
    const name = line.slice(2, colon);
    const m = /^(.*?) \(was (.*?)\): /.exec(line.slice(colon + 2))!;
    const now = m[1]!.startsWith('no longer') ? '-' : m[1]!;
    const was = m[2] === 'not notified' ? '-' : m[2]!;
    changes.push(`${name}|${was}|${now}`);
  }
  return changes.sort();
}

/** What the replayed month gave: each night's outcomes, the mails expected, and any surprise. */
interface Replay {
  readonly expected: { night: string; changes: string[] }[];
  readonly outcomes: DeliveryOutcome[][];
  /** Nights that failed though not refused, or succeeded though refused. */
  readonly surprises: string[];
  /** The mails received during the replay (later tests may add more). */
  readonly mails: Mail[];
}
let replay: Replay;

// The month is replayed once, before any test, so each test below reads it (or adds to the
// ledger) on its own and the tests hold in any order.
beforeAll(async () => {
  const notified = expectedNotified();
  // The night a change of Search API is first due is refused by the mail server.
  let before = new Map<string, string | null>();
  for (const date of NIGHTS) {
    const now = notified.get(date)!;
    if (now.get('Search API') !== (before.get('Search API') ?? null)) {
      refusedNight = date;
      break;
    }
    before = now;
  }
  const expected: { night: string; changes: string[] }[] = [];
  const outcomes: DeliveryOutcome[][] = [];
  const surprises: string[] = [];
  let mailed = new Map<string, string | null>();
  for (const date of NIGHTS) {
    night = date;
    refusing = date === refusedNight;
    const now = notified.get(date)!;
    const changes = [...now]
      .filter(([name, state]) => state !== (mailed.get(name) ?? null))
      .map(([name, state]) => `${name}|${mailed.get(name) ?? '-'}|${state ?? '-'}`)
      .sort();
    try {
      const run = await nightly(date);
      if (refusing) surprises.push(`night ${date} should have failed`);
      outcomes.push([...run.outcomes]);
    } catch (error) {
      if (!(error instanceof MailError) || !refusing)
        surprises.push(`night ${date} failed: ${(error as Error).message}`);
      continue;
    }
    if (changes.length > 0) {
      expected.push({ night: date, changes });
      mailed = now;
    }
  }
  refusing = false;
  replay = { expected, outcomes, surprises, mails: [...received] };
}, 600_000);

describe('an at-risk subscription over a simulated month', () => {
  it('mails exactly the nights something changed, each change once; a refused mail comes again the next night', () => {
    const { expected, outcomes, surprises, mails } = replay;
    expect(refusedNight).not.toBe('');
    expect(surprises).toEqual([]);
    expect(mails.map((m) => ({ night: m.night, changes: mailedChanges(m.text) }))).toEqual(expected);
    // The story: the burning monitor enters at risk, then breached; the recovering one enters at
    // risk and leaves it; the new month clears the breaches.
    const all = expected.flatMap((e) => e.changes);
    expect(all).toEqual(
      expect.arrayContaining([
        'Checkout API|-|at risk',
        'Checkout API|at risk|breached',
        'Search API|at risk|-',
        'Checkout API|breached|-',
      ]),
    );
    // Search API's first change was refused and came the night after, still counted from nothing.
    expect(all.filter((c) => c.startsWith('Search API|-|'))).toHaveLength(1);
    expect(mails.find((m) => m.night === refusedNight)).toBeUndefined();
    // Every change of a service is mailed once: no (service, was, now) twice in a row.
    expect(outcomes.flat().every((o) => ['sent', 'unchanged'].includes(o.status))).toBe(true);
  });

  it('each mail reads on its own: the period, the changes, who is at risk now, the chart and the PDF', () => {
    const breach = replay.mails.find((m) => m.text.includes('Checkout API: breached'))!;
    expect(breach.subject).toMatch(/^\[SLA early warning\] October 2025 \(Europe\/Amsterdam\): /);
    expect(breach.subject).toContain('Checkout API breached');
    expect(breach.to).toEqual(['web-lead@example.com']);
    expect(breach.html).toContain('What changed');
    expect(breach.html).toContain('Breached or at risk now');
    expect(breach.html).toContain('cid:budget-left@uptrends-etl');
    expect(breach.attachments).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^uptrends-at-risk_2025-10_as-of-.*\.pdf$/),
        'budget-left.png',
      ]),
    );
    expect(breach.text).toMatch(/burn \d+\.\d\d× \(1 day\)/);
  });

  it('re-running every night sends nothing new', async () => {
    const before = received.length;
    for (const date of NIGHTS) {
      night = date;
      const run = await nightly(date);
      for (const o of run.outcomes) expect(o.status, date).toBe('unchanged');
    }
    expect(received.length).toBe(before);
  }, 600_000);

  it('report send --subscription sends the list at once, as a manual delivery, changes or not', async () => {
    const before = received.length;
    night = 'manual';
    const outcome = await sendSubscriptionNow(
      warehouse,
      await deliveryOptions(
        config,
        warehouse,
        {
          subscriptions: fileSubscriptions(file)!,
          file,
          outDir: dir,
          name: 'checkout-warning',
          choice: { within: '2025-11-02' },
        },
        () => NOW,
      ),
      { logger: silentLogger(), clock: () => NOW },
    );
    expect(outcome).toMatchObject({ status: 'sent', kind: 'manual' });
    expect(outcome.period.label).toBe('2025-11-02');
    expect(received).toHaveLength(before + 1);
    const mail = received.at(-1)!;
    expect(mail.subject).toBe(
      '[SLA early warning] November 2025 (Europe/Amsterdam): no change, 0 breached, 0 at risk',
    );
    expect(mail.text).toContain('Nothing: no service entered or left a notified state.');
    // The next night after it is quiet: the manual mail is the last mail now.
    night = '2025-11-04';
    const run = await nightly('2025-11-04');
    expect(run.outcomes.map((o) => o.status)).toEqual(['unchanged']);
    expect(received).toHaveLength(before + 1);
  });

  it('the ledger holds one sent delivery per mail, with the states it reported', async () => {
    const rows = await loadDeliveries(warehouse.db, sim.accountId, ['checkout-warning']);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(received.length);
    // As many manual deliveries as manual mails so far (the manual test may have run or not).
    expect(sent.filter((r) => r.kind === 'manual')).toHaveLength(
      received.filter((m) => m.night === 'manual').length,
    );
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(1);
    // The last mail (3 November's, the last one before, or the manual one of 2 November) leaves
    // no service notified: November started every budget afresh and nothing burns fast yet.
    const last = sent.at(-1)!;
    expect(last.notifiedStates).toEqual([]);
    const breached = sent.find((r) =>
      r.notifiedStates!.some((s) => s.name === 'Checkout API' && s.state === 'breached'),
    )!;
    expect(breached.notifiedStates!.find((s) => s.name === 'Checkout API')).toMatchObject({
      grain: 'monitor',
      guid: guids.get('Checkout API'),
      key: `monitor:${guids.get('Checkout API')}`,
    });
  });
});
