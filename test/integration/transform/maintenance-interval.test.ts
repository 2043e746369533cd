/**
 * uptrends.maintenance_interval() and uptrends.local_to_utc() (migration 000003) against their
 * TypeScript twins: the SQL function must give exactly the intervals expandMaintenancePeriods
 * gives, and local_to_utc exactly what localToUtc gives, DST days included.
 */
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IanaZone } from '../../../src/terms.ts';
import {
  expandMaintenancePeriods,
  type MaintenancePeriodDefinition,
} from '../../../src/transform/expand-maintenance-periods.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';
import { maintenancePeriodSchema } from '../../../src/extract/schemas/maintenance-period.ts';
import { accountRow } from '../../../src/transform/rows/account-row.ts';
import { maintenancePeriodRow } from '../../../src/transform/rows/maintenance-period-row.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { type Database } from '../../../src/load/schema.ts';

let tdb: TestDatabase;
let accounts = 0;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.drop());

const MONITOR = '11111111-2222-3333-4444-555555555555';

async function insertRow(db: Kysely<Database>, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const values = columns.map((column) => {
    const value = row[column];
    return column.endsWith('raw') && value !== null ? JSON.stringify(value) : value;
  });
  await sql`insert into ${sql.table(`uptrends.${table}`)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(values)})`.execute(db);
}

/** A fresh account in `zone` holding `periods`; returns its id. */
async function seed(zone: IanaZone, periods: readonly MaintenancePeriodDefinition[]): Promise<string> {
  const accountId = `acct-${++accounts}`;
  const ctx = { accountId, zone, runId: 1 };
  const db = tdb.warehouse.db;
  await insertRow(db, 'account', {
    ...accountRow({ resolution: { zone, exact: true, reason: 'test', source: 'api' } }, ctx),
  });
  for (const period of periods) {
    await insertRow(db, 'maintenance_period', {
      ...maintenancePeriodRow(MONITOR, maintenancePeriodSchema.parse(period), ctx),
    });
  }
  return accountId;
}

type Tuple = [number, string, string, string];

async function fromSql(accountId: string, from: string, to: string): Promise<Tuple[]> {
  const result = await sql<{
    maintenance_period_id: number;
    maintenance_type: string;
    start_at: Date;
    end_at: Date;
  }>`
    select maintenance_period_id, maintenance_type, start_at, end_at
    from uptrends.maintenance_interval(${accountId}, ${from}::date, ${to}::date)`.execute(tdb.warehouse.db);
  return result.rows
    .map((r): Tuple => [
      r.maintenance_period_id,
      r.maintenance_type,
      r.start_at.toISOString(),
      r.end_at.toISOString(),
    ])
    .sort();
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function fromTs(
  periods: readonly MaintenancePeriodDefinition[],
  zone: IanaZone,
  from: string,
  to: string,
): Tuple[] {
  const range = { start: localToUtc(from, zone)!, end: localToUtc(nextDay(to), zone)! };
  return expandMaintenancePeriods(periods, range, zone)
    .map((o): Tuple => [o.id, o.maintenanceType, o.start.toISOString(), o.end.toISOString()])
    .sort();
}

const FIXED: MaintenancePeriodDefinition[] = [
  {
    Id: 1,
    ScheduleMode: 'Daily',
    StartTime: '22:00',
    EndTime: '02:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 2,
    ScheduleMode: 'Daily',
    StartTime: '02:30',
    EndTime: '03:30',
    MaintenanceType: 'DisableNotifications',
  },
  {
    Id: 3,
    ScheduleMode: 'Weekly',
    WeekDay: 'Sunday',
    StartTime: '01:00',
    EndTime: '04:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 4,
    ScheduleMode: 'Monthly',
    MonthDay: 31,
    StartTime: '10:00',
    EndTime: '11:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 5,
    ScheduleMode: 'Monthly',
    MonthDay: 29,
    StartTime: '23:00',
    EndTime: '23:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 6,
    ScheduleMode: 'OneTime',
    StartDateTime: '2025-03-29T20:00:00',
    EndDateTime: '2025-03-30T05:00:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 7,
    ScheduleMode: 'OneTime',
    StartDateTime: '2018-09-24T22:00',
    EndDateTime: '2018-09-24T22:00',
    MaintenanceType: 'DisableMonitoring',
  },
  {
    Id: 8,
    ScheduleMode: 'Yearly',
    StartTime: '01:00',
    EndTime: '02:00',
    MaintenanceType: 'DisableMonitoring',
  },
];

describe('uptrends.maintenance_interval', () => {
  it('expands a known case by hand: spring-forward weekend in Amsterdam', async () => {
    const accountId = await seed('Europe/Amsterdam', FIXED);
    const rows = await fromSql(accountId, '2025-03-30', '2025-03-30');
    expect(rows).toEqual([
      // Daily 22:00-02:00 from Saturday, clipped at Sunday 00:00 CET (23:00Z); 02:00 Sunday is in the gap.
      [1, 'DisableMonitoring', '2025-03-29T23:00:00.000Z', '2025-03-30T01:00:00.000Z'],
      // Sunday 22:00 CEST (20:00Z) to the range end, Monday 00:00 CEST (22:00Z).
      [1, 'DisableMonitoring', '2025-03-30T20:00:00.000Z', '2025-03-30T22:00:00.000Z'],
      // 02:30 does not exist: read as 03:30 CEST (01:30Z); 03:30 CEST is 01:30Z too: empty, dropped.
      // Weekly Sunday 01:00 CET (00:00Z) to 04:00 CEST (02:00Z): a two-hour wall-clock-three-hour slot.
      [3, 'DisableMonitoring', '2025-03-30T00:00:00.000Z', '2025-03-30T02:00:00.000Z'],
      // Monthly day 29, 23:00-23:00: equal times mean it ends the next day, 23:00 CEST (21:00Z).
      [5, 'DisableMonitoring', '2025-03-29T23:00:00.000Z', '2025-03-30T21:00:00.000Z'],
      [6, 'DisableMonitoring', '2025-03-29T23:00:00.000Z', '2025-03-30T03:00:00.000Z'],
    ]);
  });

  it.each([
    ['Europe/Amsterdam', '2025-03-01', '2025-04-02'],
    ['Europe/Amsterdam', '2025-10-25', '2025-10-27'],
    ['Europe/Amsterdam', '2024-02-01', '2024-03-31'],
    ['Australia/Sydney', '2025-04-05', '2025-04-07'],
    ['America/Santiago', '2025-09-05', '2025-09-08'],
  ])('agrees with expandMaintenancePeriods in %s from %s to %s', async (zone, from, to) => {
    const accountId = await seed(zone, FIXED);
    const expected = fromTs(FIXED, zone, from, to);
    expect(expected.length).toBeGreaterThan(0);
    expect(await fromSql(accountId, from, to)).toEqual(expected);
  });

  it('ignores soft-deleted periods and other accounts', async () => {
    const accountId = await seed('Europe/Amsterdam', [FIXED[0]!]);
    const other = await seed('Europe/Amsterdam', [FIXED[2]!]);
    await sql`update uptrends.maintenance_period set deleted_at = now() where account_id = ${other}`.execute(
      tdb.warehouse.db,
    );
    expect((await fromSql(accountId, '2025-06-01', '2025-06-01')).map((r) => r[0])).toEqual([1, 1]);
    expect(await fromSql(other, '2025-06-01', '2025-06-01')).toEqual([]);
  });

  it('property: equals expandMaintenancePeriods for random periods, zones and ranges', async () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const period = fc.record({
      mode: fc.constantFrom('Daily', 'Weekly', 'Monthly'),
      start: clock,
      end: clock,
      weekDay: fc.constantFrom('Sunday', 'Monday', 'Wednesday', 'Saturday'),
      monthDay: fc.integer({ min: 1, max: 31 }),
      type: fc.constantFrom('DisableMonitoring', 'DisableNotifications'),
    });
    const zone = fc.constantFrom(
      'Europe/Amsterdam',
      'America/New_York',
      'Australia/Sydney',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    );
    const start = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 1) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(period, { minLength: 1, maxLength: 4 }),
        zone,
        start,
        fc.integer({ min: 0, max: 40 }),
        async (specs, z, startMs, days) => {
          const periods: MaintenancePeriodDefinition[] = specs.map((s, i) => ({
            Id: i + 1,
            ScheduleMode: s.mode,
            StartTime: s.start,
            EndTime: s.end,
            MaintenanceType: s.type,
            ...(s.mode === 'Weekly' ? { WeekDay: s.weekDay } : {}),
            ...(s.mode === 'Monthly' ? { MonthDay: s.monthDay } : {}),
          }));
          const from = new Date(startMs).toISOString().slice(0, 10);
          const to = new Date(startMs + days * 86_400_000).toISOString().slice(0, 10);
          const accountId = await seed(z, periods);
          expect(await fromSql(accountId, from, to)).toEqual(fromTs(periods, z, from, to));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('uptrends.local_to_utc', () => {
  it('follows the DST policy of local-time.ts where PostgreSQL alone would not', async () => {
    const result = await sql<{ overlap: Date; gap: Date; plain: Date }>`
      select uptrends.local_to_utc('2025-10-26 02:30', 'Europe/Amsterdam') as overlap,
             uptrends.local_to_utc('2025-03-30 02:30', 'Europe/Amsterdam') as gap,
             ('2025-10-26 02:30'::timestamp at time zone 'Europe/Amsterdam') as plain`.execute(
      tdb.warehouse.db,
    );
    const row = result.rows[0]!;
    expect(row.overlap.toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(row.gap.toISOString()).toBe('2025-03-30T01:30:00.000Z');
    // PostgreSQL's own conversion takes the later instant of the repeated hour.
    expect(row.plain.toISOString()).toBe('2025-10-26T01:30:00.000Z');
  });

  it('property: equals localToUtc for any quarter-hour wall clock in DST zones', async () => {
    const zone = fc.constantFrom(
      'Europe/Amsterdam',
      'America/Santiago',
      'Australia/Lord_Howe',
      'America/St_Johns',
    );
    const local = fc
      .integer({ min: Date.UTC(2023, 0, 1) / 900_000, max: Date.UTC(2027, 0, 1) / 900_000 })
      .map((q) => new Date(q * 900_000).toISOString().slice(0, 19));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(local, zone), { minLength: 1, maxLength: 20 }), async (pairs) => {
        const values = sql.join(pairs.map(([l, z]) => sql`(${l}::timestamp, ${z}::text)`));
        const result = await sql<{ at: Date }>`
          select uptrends.local_to_utc(v.l, v.z) as at from (values ${values}) as v(l, z)`.execute(
          tdb.warehouse.db,
        );
        expect(result.rows.map((r) => r.at.toISOString())).toEqual(
          pairs.map(([l, z]) => localToUtc(l, z)!.toISOString()),
        );
      }),
      { numRuns: 50 },
    );
  });
});
