/**
 * The raw alert stream: keyset pages of (raised_at, alert_id) must yield every alert of the period
 * exactly once and in order, whatever the page size, including alerts that share a timestamp and
 * alerts a microsecond apart (a JS Date would round those to the same key and lose or repeat one).
 */
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRawAlerts } from '../../../src/reports/queries/raw-alerts.ts';
import type { ReportRawAlert } from '../../../src/reports/queries/report-input.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const ACCOUNT = 'acc-1';
const PROD = '10000000-0000-4000-8000-000000000001';
const PROD_2 = '10000000-0000-4000-8000-000000000002';
const STAGING = '10000000-0000-4000-8000-000000000003';
const NO_SUCH_MONITOR = '10000000-0000-4000-8000-000000000009';
const PERIOD = { start: new Date('2025-10-01T00:00:00Z'), end: new Date('2025-11-01T00:00:00Z') };

interface SeedAlert {
  id: string;
  account: string;
  monitor: string;
  type: string;
  /** Microsecond UTC text, fixed width, so text order is time order. */
  raised: string;
  check: number;
}

/** 60 alerts: ties, microsecond neighbours, both period edges, and rows that must not appear. */
function seedAlerts(): SeedAlert[] {
  const alerts: SeedAlert[] = [];
  let check = 1;
  // Ids are scrambled against time, so within a tie the id order is not the insertion order.
  const id = (n: number): string =>
    `50000000-0000-4000-8000-${((n * 7919) % 1_000_003).toString(16).padStart(12, '0')}`;
  const add = (raised: string, extra: Partial<SeedAlert> = {}): void => {
    const n = check;
    alerts.push({
      id: id(n),
      account: ACCOUNT,
      monitor: n % 2 === 0 ? PROD : PROD_2,
      type: ['Error', 'Reminder', 'Ok'][n % 3]!,
      raised,
      check: n,
      ...extra,
    });
    check += 1;
  };
  add('2025-10-01T00:00:00.000000Z'); // exactly the period start: in
  for (let i = 0; i < 12; i += 1) add('2025-10-10T10:00:00.000000Z'); // twelve at one instant
  for (let us = 1; us <= 9; us += 1) add(`2025-10-10T10:00:00.00000${us}Z`); // a microsecond apart
  for (let day = 11; day <= 30; day += 1) add(`2025-10-${day}T0${day % 10}:15:00.123456Z`);
  add('2025-10-31T23:59:59.999999Z'); // the last microsecond: in
  add('2025-11-01T00:00:00.000000Z'); // the period end: out
  add('2025-09-30T23:59:59.999999Z'); // before: out
  add('2025-10-12T00:00:00.000000Z', { monitor: STAGING }); // out of scope
  add('2025-10-12T00:00:00.000000Z', { account: 'acc-2' }); // another account
  add('2025-10-12T00:00:00.000000Z', { type: 'Unknown' }); // a type the reports do not show
  for (let i = 0; i < 13; i += 1) add(`2025-10-20T12:00:00.00000${i % 3}Z`);
  return alerts;
}

const ALERTS = seedAlerts();
const EXPECTED = ALERTS.filter(
  (a) =>
    a.account === ACCOUNT &&
    a.monitor !== STAGING &&
    a.type !== 'Unknown' &&
    a.raised >= '2025-10-01T00:00:00.000000Z' &&
    a.raised < '2025-11-01T00:00:00.000000Z',
).sort((a, b) => (a.raised === b.raised ? (a.id < b.id ? -1 : 1) : a.raised < b.raised ? -1 : 1));

/**
 * How many page reads the paging rule needs to deliver the first `rows` alerts: a page is the next
 * `size` alerts plus the rest of the last one's instant, and a page that found fewer than `size`
 * is the last (one more, empty read follows a page that ended exactly at the end).
 */
function pageReads(size: number, rows = EXPECTED.length): number {
  let reads = 0;
  let next = 0;
  for (;;) {
    reads += 1;
    const take = Math.min(size, EXPECTED.length - next);
    if (take === 0) return reads;
    let end = next + take;
    while (end < EXPECTED.length && EXPECTED[end]!.raised === EXPECTED[end - 1]!.raised) end += 1;
    next = end;
    if (take < size) return reads;
    // A consumer that stops early reads no further page.
    if (rows < EXPECTED.length && next >= rows) return reads;
  }
}

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  const values = ALERTS.map(
    (a) =>
      `('${a.id}', '${a.account}', '${a.monitor}', '${a.type}', '${a.raised}', '2025-10-01T00:00:00', '${a.raised}', ${a.check}, ${a.check}, 'error ${a.check}', null, 'key-${a.check}', false, '{}', 1)`,
  );
  await sql
    .raw(
      `insert into uptrends.etl_run (command) values ('sync');
       insert into uptrends.alert (alert_id, account_id, monitor_guid, alert_type, raised_at, raised_at_local, first_error_at,
         monitor_check_id, first_error_monitor_check_id, error_description, error_message, incident_key, incident_key_derived, raw, run_id)
       values ${values.join(',\n')};`,
    )
    .execute(tdb.warehouse.db);
});
afterAll(async () => {
  await tdb.drop();
});

async function collect(alerts: AsyncIterable<ReportRawAlert>, limit = Infinity): Promise<ReportRawAlert[]> {
  const out: ReportRawAlert[] = [];
  for await (const alert of alerts) {
    out.push(alert);
    if (out.length >= limit) break;
  }
  return out;
}

/** A view of the database that counts the statements reading the alert table. */
function counting(): { db: typeof tdb.warehouse.db; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      const node = args.node as { kind: string; sqlFragments?: readonly string[] };
      if (node.kind === 'RawNode' && (node.sqlFragments ?? []).join('').includes('from uptrends.alert'))
        n += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: tdb.warehouse.db.withPlugin(plugin), count: () => n };
}

describe('queryRawAlerts', () => {
  it('has a fixture with ties and microsecond neighbours inside the period', () => {
    expect(EXPECTED).toHaveLength(56);
    expect(new Set(EXPECTED.map((a) => a.raised)).size).toBeLessThan(EXPECTED.length);
  });

  it.each([1, 2, 3, 5, 7, 12, 55, 56, 57, 5000])(
    'yields every alert exactly once, in order, with pages of %i',
    async (pageSize) => {
      const { db, count } = counting();
      const read = queryRawAlerts(db, {
        accountId: ACCOUNT,
        period: PERIOD,
        monitorGuids: [PROD, PROD_2, NO_SUCH_MONITOR],
        pageSize,
      });
      const alerts = await collect(read());
      expect(alerts.map((a) => a.monitor_check_id)).toEqual(EXPECTED.map((a) => a.check));
      // One query per page, never one big read.
      expect(count()).toBe(pageReads(pageSize));
    },
  );

  it('maps the columns and rounds microseconds down to the millisecond', async () => {
    const read = queryRawAlerts(tdb.warehouse.db, {
      accountId: ACCOUNT,
      period: PERIOD,
      monitorGuids: [PROD, PROD_2],
    });
    const last = (await collect(read())).at(-1)!;
    const seed = EXPECTED.at(-1)!;
    expect(last).toEqual({
      monitor_guid: seed.monitor,
      alert_type: seed.type,
      timestamp: new Date('2025-10-31T23:59:59.999Z'),
      first_error: new Date('2025-10-31T23:59:59.999Z'),
      incident_key: `key-${seed.check}`,
      error_description: `error ${seed.check}`,
      error_message: null,
      monitor_check_id: seed.check,
      first_error_monitor_check_id: seed.check,
    });
  });

  it('starts afresh on every call and stops reading when the consumer stops', async () => {
    const { db, count } = counting();
    const read = queryRawAlerts(db, {
      accountId: ACCOUNT,
      period: PERIOD,
      monitorGuids: [PROD, PROD_2],
      pageSize: 4,
    });
    expect((await collect(read(), 6)).map((a) => a.monitor_check_id)).toEqual(
      EXPECTED.slice(0, 6).map((a) => a.check),
    );
    // The first page is the alert at the period start plus the twelve that share the next instant.
    expect(count()).toBe(pageReads(4, 6));
    expect(pageReads(4, 6)).toBe(1);
    expect((await collect(read())).map((a) => a.monitor_check_id)).toEqual(EXPECTED.map((a) => a.check));
  });

  it('reads nothing for an empty scope', async () => {
    const { db, count } = counting();
    expect(
      await collect(queryRawAlerts(db, { accountId: ACCOUNT, period: PERIOD, monitorGuids: [] })()),
    ).toEqual([]);
    expect(count()).toBe(0);
  });
});
