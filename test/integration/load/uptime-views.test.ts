/**
 * The analyst views of migration 000005 against figures computed by hand (Europe/Amsterdam:
 * UTC+1 in winter, UTC+2 from 2025-03-30 01:00Z to 2025-10-26 01:00Z). Data goes in through the
 * real mappers, the merge and refreshIncidents, as the pipeline loads it.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../src/extract/schemas/alert.ts';
import { maintenancePeriodSchema } from '../../../src/extract/schemas/maintenance-period.ts';
import { statisticsSchema } from '../../../src/extract/schemas/statistics.ts';
import { mergeRows } from '../../../src/load/write/merge-rows.ts';
import { refreshIncidents } from '../../../src/load/write/refresh-incidents.ts';
import { statisticsBuckets } from '../../../src/simulator/statistics-buckets.ts';
import { localToUtc, utcToLocal } from '../../../src/time/zone-clock.ts';
import { alertRow } from '../../../src/transform/rows/alert-row.ts';
import { maintenancePeriodRow } from '../../../src/transform/rows/maintenance-period-row.ts';
import { monitorStatisticsRow } from '../../../src/transform/rows/monitor-statistics-row.ts';
import type { RowContext } from '../../../src/transform/row-context.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { type Database } from '../../../src/load/schema.ts';

type Db = Kysely<Database>;

const ZONE = 'Europe/Amsterdam';
const CTX: RowContext = { accountId: 'acc', zone: ZONE, runId: 1 };
const M1 = '11111111-1111-4111-8111-111111111111'; // Shop home: maintenance, overlaps, DST, buckets
const M2 = '22222222-2222-4222-8222-222222222222'; // Shop API: daily maintenance, midnight incident
const M3 = '33333333-3333-4333-8333-333333333333'; // Campaign page: created and deleted in March, ongoing
const M4 = '44444444-4444-4444-8444-444444444444'; // Status page: incident ongoing now
const M5 = '55555555-5555-4555-8555-555555555555'; // Paused page: paused on 2025-03-10 at 13:00 local
const M6 = '66666666-6666-4666-8666-666666666666'; // Staging page: not a member of any group figure
const G_ALL = 'a0000000-0000-4000-8000-000000000000';
const G_SHOPS = 'a1000000-0000-4000-8000-000000000000';
const G_EUROPE = 'a2000000-0000-4000-8000-000000000000';
const G_OLD = 'a3000000-0000-4000-8000-000000000000';

let tdb: TestDatabase;
let db: Db;
let alertSeq = 1;
const keys: { monitorGuid: string; incidentKey: string }[] = [];

/** An incident's alerts: Error 5 minutes after FirstError, optional Reminder, optional Ok. */
function incidentAlerts(
  monitor: string,
  key: string,
  firstError: string,
  ok?: string,
  reminder?: string,
): unknown[] {
  const make = (type: string, at: string): Record<string, unknown> => ({
    Id: `00000000-0000-4000-8000-${String(alertSeq++).padStart(12, '0')}`,
    Attributes: {
      AlertType: type,
      MonitorGuid: monitor,
      Timestamp: at,
      FirstError: firstError,
      MonitorCheckId: alertSeq * 10,
      FirstErrorMonitorCheckId: 1,
      ErrorDescription: type === 'Ok' ? 'OK' : 'HTTP 503',
      IncidentKey: key,
    },
  });
  const errorAt = utcToLocal(new Date(localToUtc(firstError, ZONE)!.getTime() + 300_000), ZONE);
  keys.push({ monitorGuid: monitor, incidentKey: key });
  return [
    make('Error', errorAt),
    ...(reminder === undefined ? [] : [make('Reminder', reminder)]),
    ...(ok === undefined ? [] : [make('Ok', ok)]),
  ];
}

function statistics(
  start: string,
  end: string,
  attributes: Record<string, unknown>,
): Record<string, unknown> {
  return { Id: start, Attributes: { StartDateTime: start, EndDateTime: end, ...attributes } };
}

/** Hourly buckets of a local day as the simulator cuts them; `down` maps a bucket's UTC start to its downtime. */
function hourlyBuckets(
  day: string,
  next: string,
  down: Record<string, number> = {},
): Record<string, unknown>[] {
  const a = localToUtc(day, ZONE)!.getTime() / 1000;
  const b = localToUtc(next, ZONE)!.getTime() / 1000;
  return statisticsBuckets(a, b, b + 1, ZONE).buckets.map(([s, e]) => {
    const downtime = down[new Date(s * 1000).toISOString()] ?? 0;
    return statistics(utcToLocal(new Date(s * 1000), ZONE), utcToLocal(new Date(e * 1000), ZONE), {
      Uptime: e - s - downtime,
      Downtime: downtime,
      Checks: 12,
    });
  });
}

const yesterdayLocal = (): string => {
  const today = utcToLocal(new Date(), ZONE).slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
};

async function load(): Promise<void> {
  await sql`
    insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
    values ('acc', ${ZONE}, true, 'UPTRENDS_TIMEZONE', 1)`.execute(db);
  await sql`
    insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, created_at, deleted_at, config_hash, raw, run_id)
    values
      ('acc', ${M1}::uuid, 'Shop home', 'Https', null, null, 'h', '{}', 1),
      ('acc', ${M2}::uuid, 'Shop API', 'Https', null, null, 'h', '{}', 1),
      ('acc', ${M3}::uuid, 'Campaign page', 'Https', '2025-03-20T11:00:00Z', '2025-03-24T23:00:00Z', 'h', '{}', 1),
      ('acc', ${M4}::uuid, 'Status page', 'Ping', null, null, 'h', '{}', 1)`.execute(db);
  await sql`
    insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, is_active, last_modified_at, monitor_mode, config_hash, raw, run_id)
    values
      ('acc', ${M5}::uuid, 'Paused page', 'Https', false, '2025-03-10T12:00:00Z', 'Production', 'h', '{}', 1),
      ('acc', ${M6}::uuid, 'Staging page', 'Https', true, null, 'Staging', 'h', '{}', 1)`.execute(db);
  await sql`
    insert into uptrends.monitor_group (account_id, monitor_group_guid, description, is_all, raw, run_id, deleted_at)
    values
      ('acc', ${G_ALL}::uuid, 'All monitors', true, '{}', 1, null),
      ('acc', ${G_SHOPS}::uuid, 'Web shops', false, '{}', 1, null),
      ('acc', ${G_EUROPE}::uuid, 'Europe', false, '{}', 1, null),
      ('acc', ${G_OLD}::uuid, 'Old group', false, '{}', 1, '2025-01-01T00:00:00Z')`.execute(db);
  await sql`
    insert into uptrends.monitor_group_member (account_id, monitor_group_guid, monitor_guid, run_id, deleted_at)
    values
      ('acc', ${G_ALL}::uuid, ${M1}::uuid, 1, null),
      ('acc', ${G_SHOPS}::uuid, ${M1}::uuid, 1, null),
      ('acc', ${G_EUROPE}::uuid, ${M1}::uuid, 1, null),
      ('acc', ${G_OLD}::uuid, ${M1}::uuid, 1, null),
      ('acc', ${G_SHOPS}::uuid, ${M2}::uuid, 1, '2025-02-01T00:00:00Z'),
      ('acc', ${G_ALL}::uuid, ${M3}::uuid, 1, null),
      ('acc', ${G_ALL}::uuid, ${M5}::uuid, 1, null),
      ('acc', ${G_ALL}::uuid, ${M6}::uuid, 1, null),
      ('acc', ${G_EUROPE}::uuid, ${M2}::uuid, 1, '2025-03-16T10:00:00Z')`.execute(db);
  // Alerts of every monitor were read for 1 to 15 March (local days); Shop home's alerts for
  // March and October, the campaign's for its life, the status page's lately. Statistics: Shop
  // home's for March, 26 and 28 October (not 27), the paused page's for 10 March.
  const yesterdayStart = localToUtc(`${yesterdayLocal()}T00:00:00`, ZONE)!.toISOString();
  await sql`
    insert into uptrends.etl_coverage (account_id, stream, partition, covered)
    values
      ('acc', 'alerts', 'all', tstzmultirange(tstzrange('2025-02-28T23:00:00Z', '2025-03-15T23:00:00Z'))),
      ('acc', 'alerts', ${`monitor:${M1}`}, '{[2025-02-28T23:00:00Z,2025-03-31T22:00:00Z),[2025-09-30T22:00:00Z,2025-10-31T23:00:00Z)}'),
      ('acc', 'alerts', ${`monitor:${M3}`}, '{[2025-03-15T23:00:00Z,2025-03-31T22:00:00Z)}'),
      ('acc', 'alerts', ${`monitor:${M4}`}, tstzmultirange(tstzrange(${yesterdayStart}::timestamptz, now() + interval '1 day'))),
      ('acc', 'statistics', ${M1}, '{[2025-02-28T23:00:00Z,2025-03-31T22:00:00Z),[2025-10-25T22:00:00Z,2025-10-26T23:00:00Z),[2025-10-27T23:00:00Z,2025-10-28T23:00:00Z)}'),
      ('acc', 'statistics', ${M5}, '{[2025-03-09T23:00:00Z,2025-03-10T23:00:00Z)}')`.execute(db);

  const maintenance = [
    maintenancePeriodRow(
      M1,
      maintenancePeriodSchema.parse({
        Id: 1,
        ScheduleMode: 'OneTime',
        MaintenanceType: 'DisableMonitoring',
        StartDateTime: '2025-03-12T10:00:00',
        EndDateTime: '2025-03-12T11:00:00',
      }),
      CTX,
    ),
    maintenancePeriodRow(
      M1,
      maintenancePeriodSchema.parse({
        Id: 2,
        ScheduleMode: 'OneTime',
        MaintenanceType: 'DisableNotifications',
        StartDateTime: '2025-03-12T14:00:00',
        EndDateTime: '2025-03-12T15:00:00',
      }),
      CTX,
    ),
    maintenancePeriodRow(
      M2,
      maintenancePeriodSchema.parse({
        Id: 3,
        ScheduleMode: 'Daily',
        MaintenanceType: 'DisableMonitoring',
        StartTime: '02:00',
        EndTime: '03:00',
      }),
      CTX,
    ),
  ];
  await mergeRows(
    db,
    { table: 'maintenance_period', key: ['account_id', 'monitor_guid', 'maintenance_period_id'] },
    maintenance.map((row) => ({ ...row })),
  );

  const yesterday = yesterdayLocal();
  const alerts = [
    // Across midnight: 1800 s on 03-10, 2700 s on 03-11.
    ...incidentAlerts(M2, 'K-mid', '2025-03-10T23:30:00', '2025-03-11T00:45:00'),
    // 10:30-12:00 with DisableMonitoring 10:00-11:00: 3600 s count.
    ...incidentAlerts(M1, 'K-maint', '2025-03-12T10:30:00', '2025-03-12T12:00:00'),
    // 14:30-14:45 inside DisableNotifications: all 900 s count.
    ...incidentAlerts(M1, 'K-notif', '2025-03-12T14:30:00', '2025-03-12T14:45:00'),
    // Overlapping: 08:00-09:00 and 08:30-10:00 are 7200 s together, not 9000.
    ...incidentAlerts(M1, 'K-a', '2025-03-13T08:00:00', '2025-03-13T09:00:00'),
    ...incidentAlerts(M1, 'K-b', '2025-03-13T08:30:00', '2025-03-13T10:00:00', '2025-03-13T09:05:00'),
    // Spring DST: 01:00 CET (00:00Z) to 04:00 CEST (02:00Z) is two real hours.
    ...incidentAlerts(M1, 'K-dst', '2025-03-30T01:00:00', '2025-03-30T04:00:00'),
    // Ongoing; the monitor was deleted at 2025-03-25 00:00 local.
    ...incidentAlerts(M3, 'K-on', '2025-03-21T06:00:00'),
    // Ongoing now.
    ...incidentAlerts(M4, 'K-now', `${yesterday}T12:00:00`),
  ];
  const alertRows = alerts.map((input) => alertRow(alertSchema.parse(input), CTX, input));
  await mergeRows(
    db,
    { table: 'alert', key: ['alert_id'] },
    alertRows.map((row) => ({ ...row })),
  );
  await refreshIncidents(db, keys, 1);

  const buckets: [string, Record<string, unknown>][] = [
    [
      M1,
      statistics('2025-03-01T00:00:00', '2025-03-02T00:00:00', { Uptime: 86400, Downtime: 0, Checks: 288 }),
    ],
    // 03-01 also has six hours from a short request (deliberately different): they do not tile the day.
    ...hourlyBuckets('2025-03-01', '2025-03-02', { '2025-03-01T00:00:00.000Z': 1800 })
      .slice(0, 6)
      .map((b): [string, Record<string, unknown>] => [M1, b]),
    // Spring day: a whole-day bucket (deliberately not the sum of the hours) and 23 hourly ones.
    [
      M1,
      statistics('2025-03-30T00:00:00', '2025-03-31T00:00:00', {
        Uptime: 75000,
        Downtime: 7800,
        Checks: 276,
        SlaTarget: 99.5,
      }),
    ],
    ...hourlyBuckets('2025-03-30', '2025-03-31', {
      '2025-03-30T00:00:00.000Z': 3600,
      '2025-03-30T01:00:00.000Z': 3600,
    }).map((b): [string, Record<string, unknown>] => [M1, b]),
    // Autumn day: hourly only, 25 buckets; 600 s down in the second 02:00 hour.
    ...hourlyBuckets('2025-10-26', '2025-10-27', { '2025-10-26T01:00:00.000Z': 600 }).map(
      (b): [string, Record<string, unknown>] => [M1, b],
    ),
    // 10-27: the hours until noon, plus a partial bucket 12:00-24:00 from another request.
    ...hourlyBuckets('2025-10-27', '2025-10-28')
      .slice(0, 12)
      .map((b): [string, Record<string, unknown>] => [M1, b]),
    [
      M1,
      statistics('2025-10-27T12:00:00', '2025-10-28T00:00:00', { Uptime: 43000, Downtime: 200, Checks: 144 }),
    ],
    // The paused monitor's hours of 03-10: those after its pause at 12:00Z count for nothing.
    ...hourlyBuckets('2025-03-10', '2025-03-11', {
      '2025-03-10T08:00:00.000Z': 300,
      '2025-03-10T20:00:00.000Z': 600,
    }).map((b): [string, Record<string, unknown>] => [M5, b]),
    // 10-28: all 24 hours, plus the same kind of partial bucket: the hours tile the day and win.
    ...hourlyBuckets('2025-10-28', '2025-10-29', { '2025-10-28T13:00:00.000Z': 60 }).map(
      (b): [string, Record<string, unknown>] => [M1, b],
    ),
    [
      M1,
      statistics('2025-10-28T12:00:00', '2025-10-29T00:00:00', { Uptime: 43000, Downtime: 200, Checks: 144 }),
    ],
  ];
  const statisticsRows = buckets.map(([monitor, input]) =>
    monitorStatisticsRow(monitor, statisticsSchema.parse(input), CTX, input),
  );
  await mergeRows(
    db,
    { table: 'monitor_statistics', key: ['monitor_guid', 'bucket_start_at', 'bucket_end_at'] },
    statisticsRows.map((row) => ({ ...row })),
  );
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.warehouse.db;
  await load();
});
afterAll(async () => tdb.drop());

type Row = Record<string, unknown>;

async function daily(monitor: string, day: string): Promise<Row | undefined> {
  const result = await sql<Row>`
    select * from uptrends.v_monitor_uptime_daily where monitor_guid = ${monitor}::uuid and day = ${day}::date`.execute(
    db,
  );
  expect(result.rows.length).toBeLessThanOrEqual(1);
  return result.rows[0];
}

async function monthly(monitor: string, month: string): Promise<Row | undefined> {
  const result = await sql<Row>`
    select * from uptrends.v_monitor_uptime_monthly where monitor_guid = ${monitor}::uuid and month = ${month}::date`.execute(
    db,
  );
  return result.rows[0];
}

const pct = (value: unknown): number => Number(value);

async function statisticsDaily(monitor: string, day: string): Promise<Row | undefined> {
  const result = await sql<Row>`
    select * from uptrends.v_monitor_statistics_daily where monitor_guid = ${monitor}::uuid and day = ${day}::date`.execute(
    db,
  );
  return result.rows[0];
}

describe('v_monitor_uptime_daily', () => {
  it('excludes DisableMonitoring maintenance from the incident figure, not DisableNotifications', async () => {
    const row = await daily(M1, '2025-03-12');
    expect(row).toMatchObject({
      required_seconds: 86_400,
      maintenance_seconds: 3600,
      monitored_seconds: 82_800,
      incident_downtime_seconds: 3600 + 900,
      incidents_overlapping: 2,
      incidents_started: 2,
      statistics_buckets: 0,
      uptime_source: 'incidents',
      data_state: 'complete',
      monitor_name: 'Shop home',
      iana_zone: ZONE,
      month: '2025-03-01',
      day_start_at: new Date('2025-03-11T23:00:00Z'),
      day_end_at: new Date('2025-03-12T23:00:00Z'),
    });
    expect(pct(row?.incident_uptime_percentage)).toBeCloseTo(100 * (1 - 4500 / 82_800), 9);
    expect(pct(row?.uptime_percentage)).toBeCloseTo(100 * (1 - 4500 / 82_800), 9);
    expect(row?.statistics_uptime_percentage).toBeNull();
  });

  it('counts overlapping incidents of one monitor once', async () => {
    const row = await daily(M1, '2025-03-13');
    expect(row).toMatchObject({
      incident_downtime_seconds: 7200,
      incidents_overlapping: 2,
      monitored_seconds: 86_400,
    });
    expect(pct(row?.incident_uptime_percentage)).toBeCloseTo(100 * (1 - 7200 / 86_400), 9);
  });

  it('clips an incident spanning midnight to each day', async () => {
    const before = await daily(M2, '2025-03-10');
    const after = await daily(M2, '2025-03-11');
    // M2 has daily DisableMonitoring 02:00-03:00, far from the incident.
    expect(before).toMatchObject({
      incident_downtime_seconds: 1800,
      monitored_seconds: 82_800,
      maintenance_seconds: 3600,
    });
    expect(after).toMatchObject({
      incident_downtime_seconds: 2700,
      monitored_seconds: 82_800,
      incidents_started: 0,
      incidents_overlapping: 1,
    });
    expect(pct(after?.incident_uptime_percentage)).toBeCloseTo(100 * (1 - 2700 / 82_800), 9);
  });

  it('the spring DST day has 23 hours; its hourly buckets tile it and win over its whole-day bucket', async () => {
    const row = await daily(M1, '2025-03-30');
    expect(row).toMatchObject({
      required_seconds: 82_800,
      monitored_seconds: 82_800,
      incident_downtime_seconds: 7200,
      statistics_buckets: 23,
      statistics_uptime_seconds: 75_600,
      statistics_downtime_seconds: 7200,
      checks: 23 * 12,
      // The hours carry no SlaTarget: the default target.
      target_source: 'Default',
      uptime_source: 'statistics',
    });
    expect(await statisticsDaily(M1, '2025-03-30')).toMatchObject({
      granularity: 'hour',
      covered_seconds: 82_800,
    });
    expect(pct(row?.statistics_uptime_percentage)).toBeCloseTo((100 * 75_600) / 82_800, 9);
    expect(pct(row?.uptime_percentage)).toBeCloseTo((100 * 75_600) / 82_800, 9);
    expect(pct(row?.incident_uptime_percentage)).toBeCloseTo(100 * (1 - 7200 / 82_800), 9);
    // The daily maintenance of M2 at 02:00 falls in the DST gap: nothing to exclude that day.
    expect(await daily(M2, '2025-03-30')).toMatchObject({
      maintenance_seconds: 0,
      monitored_seconds: 82_800,
    });
  });

  it('a whole-day bucket wins over hours that do not tile the day', async () => {
    expect(await daily(M1, '2025-03-01')).toMatchObject({
      statistics_buckets: 1,
      statistics_uptime_seconds: 86_400,
      statistics_downtime_seconds: 0,
      checks: 288,
    });
    expect(await statisticsDaily(M1, '2025-03-01')).toMatchObject({
      granularity: 'day',
      covered_seconds: 86_400,
    });
  });

  it('the autumn DST day has 25 hours, summed from 25 hourly buckets', async () => {
    const row = await daily(M1, '2025-10-26');
    expect(row).toMatchObject({
      required_seconds: 90_000,
      monitored_seconds: 90_000,
      incident_downtime_seconds: 0,
      statistics_buckets: 25,
      statistics_uptime_seconds: 89_400,
      statistics_downtime_seconds: 600,
      checks: 25 * 12,
    });
    expect(await statisticsDaily(M1, '2025-10-26')).toMatchObject({
      granularity: 'hour',
      covered_seconds: 90_000,
    });
    expect(pct(row?.statistics_uptime_percentage)).toBeCloseTo((100 * 89_400) / 90_000, 9);
    expect(pct(row?.incident_uptime_percentage)).toBe(100);
  });

  it('a partial bucket from another request replaces the hours it covers, not adds to them', async () => {
    expect(await daily(M1, '2025-10-27')).toMatchObject({
      statistics_buckets: 13,
      statistics_uptime_seconds: 12 * 3600 + 43_000,
      statistics_downtime_seconds: 200,
    });
    expect(await statisticsDaily(M1, '2025-10-27')).toMatchObject({
      granularity: 'mixed',
      covered_seconds: 86_400,
    });
    // Where the hours tile the day, they are the finest complete cover and the partial bucket goes.
    expect(await daily(M1, '2025-10-28')).toMatchObject({
      statistics_buckets: 24,
      statistics_uptime_seconds: 86_400 - 60,
      statistics_downtime_seconds: 60,
    });
    expect(await statisticsDaily(M1, '2025-10-28')).toMatchObject({
      granularity: 'hour',
      covered_seconds: 86_400,
    });
  });

  it('clips to the monitor life and runs an ongoing incident to the end of it', async () => {
    const days = await sql<Row>`
      select day, monitored_seconds, incident_downtime_seconds from uptrends.v_monitor_uptime_daily
      where monitor_guid = ${M3}::uuid and month = date '2025-03-01' order by day`.execute(db);
    expect(days.rows).toEqual([
      { day: '2025-03-20', monitored_seconds: 43_200, incident_downtime_seconds: 0 },
      { day: '2025-03-21', monitored_seconds: 86_400, incident_downtime_seconds: 64_800 },
      { day: '2025-03-22', monitored_seconds: 86_400, incident_downtime_seconds: 86_400 },
      { day: '2025-03-23', monitored_seconds: 86_400, incident_downtime_seconds: 86_400 },
      { day: '2025-03-24', monitored_seconds: 86_400, incident_downtime_seconds: 86_400 },
    ]);
  });

  it('runs an ongoing incident until now, and has no row after today', async () => {
    const yesterday = yesterdayLocal();
    const result = await sql<Row>`
      select day, day_end_at, monitored_seconds, incident_downtime_seconds, incident_uptime_percentage
      from uptrends.v_monitor_uptime_daily where monitor_guid = ${M4}::uuid and day >= ${yesterday}::date
      order by day`.execute(db);
    expect(result.rows).toHaveLength(2);
    const [first, today] = result.rows;
    const dayEnd = (first?.day_end_at as Date).getTime();
    expect(first?.incident_downtime_seconds).toBe(
      (dayEnd - localToUtc(`${yesterday}T12:00:00`, ZONE)!.getTime()) / 1000,
    );
    const sinceMidnight = (Date.now() - dayEnd) / 1000;
    expect(Number(today?.monitored_seconds)).toBeGreaterThan(0);
    expect(Number(today?.monitored_seconds)).toBeLessThanOrEqual(sinceMidnight + 1);
    expect(today?.incident_downtime_seconds).toBe(today?.monitored_seconds);
    expect(pct(today?.incident_uptime_percentage)).toBe(0);
  });

  it("starts at the account's first loaded data", async () => {
    const first = await sql<{ day: string }>`
      select min(day) as day from uptrends.v_monitor_uptime_daily where monitor_guid = ${M2}::uuid`.execute(
      db,
    );
    expect(first.rows[0]?.day).toBe('2025-03-01');
  });
});

describe('v_monitor_uptime_monthly', () => {
  it('weights by time: sums seconds over the month, then divides', async () => {
    const row = await monthly(M1, '2025-03-01');
    // March 2025 has 31 days, one of them 23 hours.
    const month = 31 * 86_400 - 3600;
    expect(row).toMatchObject({
      monitor_name: 'Shop home',
      statistics_buckets: 1 + 23,
      required_seconds: month,
      month_start_at: new Date('2025-02-28T23:00:00Z'),
      month_end_at: new Date('2025-03-31T22:00:00Z'),
      data_state: 'complete',
      statistics_uptime_seconds: 86_400 + 75_600,
      statistics_downtime_seconds: 7200,
      maintenance_seconds: 3600,
      monitored_seconds: month - 3600,
      incident_downtime_seconds: 4500 + 7200 + 7200,
      incidents_started: 5,
      uptime_source: 'statistics',
    });
    expect(pct(row?.statistics_uptime_percentage)).toBeCloseTo((100 * 162_000) / 169_200, 9);
    expect(pct(row?.incident_uptime_percentage)).toBeCloseTo(100 * (1 - 18_900 / (month - 3600)), 9);
    expect(pct(row?.uptime_percentage)).toBeCloseTo((100 * 162_000) / 169_200, 9);
  });

  it('uses the incident figure where no statistics exist', async () => {
    const row = await monthly(M2, '2025-03-01');
    const monitored = 31 * 86_400 - 3600 - 30 * 3600;
    expect(row).toMatchObject({
      monitored_seconds: monitored,
      incident_downtime_seconds: 4500,
      uptime_source: 'incidents',
    });
    expect(pct(row?.uptime_percentage)).toBeCloseTo(100 * (1 - 4500 / monitored), 9);
    expect(await monthly(M3, '2025-03-01')).toMatchObject({
      required_seconds: 43_200 + 4 * 86_400,
      monitored_seconds: 43_200 + 4 * 86_400,
    });
  });

  it('October 2025 has an extra hour', async () => {
    expect(await monthly(M1, '2025-10-01')).toMatchObject({ required_seconds: 31 * 86_400 + 3600 });
  });
});

describe('paused monitors and coverage', () => {
  it('a paused monitor counts until it was paused: no rows after, no buckets after the pause', async () => {
    expect(await daily(M5, '2025-03-10')).toMatchObject({
      monitored_seconds: 13 * 3600,
      statistics_buckets: 13,
      statistics_downtime_seconds: 300,
      statistics_uptime_seconds: 13 * 3600 - 300,
      uptime_source: 'statistics',
    });
    expect(await daily(M5, '2025-03-11')).toBeUndefined();
    expect(await monthly(M5, '2025-03-01')).toMatchObject({
      monitored_seconds: 9 * 86_400 + 13 * 3600,
    });
  });

  it('says how much of a day and a month was read: 0 is no data, not 100 %', async () => {
    expect(await daily(M2, '2025-03-10')).toMatchObject({
      required_seconds: 86_400,
      alerts_read_seconds: 86_400,
      statistics_read_seconds: 0,
      alerts_coverage: 1,
      coverage: 1,
    });
    // A day never read has no uptime at all: not 100 %.
    const unread = await daily(M2, '2025-03-20');
    expect(unread).toMatchObject({ alerts_coverage: 0, coverage: 0, data_state: 'no data', status: null });
    expect(unread?.uptime_percentage).toBeNull();
    expect(unread?.uptime_source).toBeNull();
    // A statistics figure is as good as the statistics read: those of 27 October were not read.
    expect(await daily(M1, '2025-10-27')).toMatchObject({
      alerts_coverage: 1,
      coverage: 0,
      data_state: 'no data',
      uptime_percentage: null,
    });
    // The month counts coverage over all of March, not from the first day read.
    const month = await monthly(M2, '2025-03-01');
    expect(month).toMatchObject({
      required_seconds: 31 * 86_400 - 3600,
      alerts_read_seconds: 15 * 86_400,
      data_state: 'incomplete',
      status: null,
    });
    expect(pct(month?.coverage)).toBeCloseTo((15 * 86_400) / (31 * 86_400 - 3600), 12);
  });
});

describe('group views', () => {
  async function groupDaily(group: string, day: string): Promise<Row | undefined> {
    const result = await sql<Row>`
      select * from uptrends.v_group_uptime_daily where monitor_group_guid = ${group}::uuid and day = ${day}::date`.execute(
      db,
    );
    return result.rows[0];
  }
  async function groupMonthly(group: string, month: string): Promise<Row | undefined> {
    const result = await sql<Row>`
      select * from uptrends.v_group_uptime_monthly where monitor_group_guid = ${group}::uuid and month = ${month}::date`.execute(
      db,
    );
    return result.rows[0];
  }

  it('a day is time-weighted over the Production members that existed (staging and paused ones left out)', async () => {
    const row = await groupDaily(G_ALL, '2025-03-21');
    expect(row).toMatchObject({
      group_name: 'All monitors',
      is_all: true,
      members: 2,
      monitored_seconds: 2 * 86_400,
      incident_downtime_seconds: 64_800,
      incidents_overlapping: 1,
      incidents_started: 1,
      uptime_source: 'incidents',
    });
    expect(pct(row?.uptime_percentage)).toBeCloseTo(100 * (1 - 64_800 / 172_800), 9);
  });

  it('a membership counts until the day it was removed; a deleted group has no rows after', async () => {
    expect(await groupDaily(G_EUROPE, '2025-03-16')).toMatchObject({ members: 2 });
    expect(await groupDaily(G_EUROPE, '2025-03-17')).toMatchObject({ members: 1 });
    expect(await groupDaily(G_SHOPS, '2025-03-16')).toMatchObject({ members: 1 });
    expect(await groupDaily(G_OLD, '2025-03-16')).toBeUndefined();
  });

  it('a month: the members summed, incidents and their durations pooled (MTTR, median, longest, MTBF)', async () => {
    const m1 = await monthly(M1, '2025-03-01');
    const row = await groupMonthly(G_SHOPS, '2025-03-01');
    expect(row).toMatchObject({
      members: 1,
      monitored_seconds: m1?.monitored_seconds,
      incident_downtime_seconds: m1?.incident_downtime_seconds,
      statistics_uptime_seconds: m1?.statistics_uptime_seconds,
      incidents_started: 5,
      incidents_resolved: 5,
      mttr_seconds: (5400 + 900 + 3600 + 5400 + 7200) / 5,
      median_ttr_seconds: 5400,
      longest_ttr_seconds: 7200,
      uptime_source: 'statistics',
    });
    expect(pct(row?.mtbf_seconds)).toBeCloseTo(Number(m1?.monitored_seconds) / 5, 6);
    expect(pct(row?.uptime_percentage)).toBeCloseTo(pct(m1?.uptime_percentage), 9);
    expect(m1).toMatchObject({ incidents_resolved: 5, mttr_seconds: 4500, median_ttr_seconds: 5400 });
  });

  it('the statistics figure leads a group only when every member with monitored time has statistics', async () => {
    const row = await groupMonthly(G_ALL, '2025-03-01');
    expect(row).toMatchObject({ members: 3, has_statistics: true, uptime_source: 'incidents' });
    expect(pct(row?.uptime_percentage)).toBeCloseTo(pct(row?.incident_uptime_percentage), 12);
    expect(row?.statistics_uptime_percentage).not.toBeNull();
  });
});

describe('over_budget_seconds: the error budget used past 100 %, as time (issue 41)', () => {
  it('is the incident downtime beyond the budget, 0 within it, in the monitor and group views', async () => {
    // 12 March, Shop home: no statistics target and no group SLA, so the default 99.9 %. Monitored
    // 86,400 - 3,600 (DisableMonitoring) = 82,800 s; budget 0.001 x 82,800 = 82.8 s; down 3,600 +
    // 900 = 4,500 s: 4,500 - 82.8 = 4,417.2 s over budget.
    const day = await daily(M1, '2025-03-12');
    expect(day).toMatchObject({
      target_percentage: 99.9,
      target_source: 'Default',
      monitored_seconds: 82_800,
    });
    expect(pct(day?.error_budget_seconds)).toBeCloseTo(82.8, 6);
    expect(pct(day?.budget_used)).toBeCloseTo(4500 / 82.8, 9);
    expect(pct(day?.over_budget_seconds)).toBeCloseTo(4417.2, 6);
    // 5 March, Shop API: an hour of maintenance, no incident: 82.8 s of budget, none of it used.
    const within = await daily(M2, '2025-03-05');
    expect(within).toMatchObject({ incident_downtime_seconds: 0, budget_used: 0, over_budget_seconds: 0 });
    expect(pct(within?.error_budget_seconds)).toBeCloseTo(82.8, 6);
    // March, Shop home: 31 days less the DST hour = 2,674,800 s, less the hour of maintenance =
    // 2,671,200 s monitored; budget 2,671.2 s; down 4,500 + 7,200 + 7,200 = 18,900 s:
    // 18,900 - 2,671.2 = 16,228.8 s over.
    const month = await monthly(M1, '2025-03-01');
    expect(month).toMatchObject({ target_percentage: 99.9, monitored_seconds: 2_671_200 });
    expect(pct(month?.over_budget_seconds)).toBeCloseTo(16_228.8, 6);
    // Web shops in March has Shop home alone (Shop API left it in February): the same figure.
    const shops = await sql<Row>`
      select target_percentage, over_budget_seconds from uptrends.v_group_uptime_monthly
      where monitor_group_guid = ${G_SHOPS}::uuid and month = date '2025-03-01'`.execute(db);
    expect(shops.rows).toHaveLength(1);
    expect(shops.rows[0]?.target_percentage).toBe(99.9);
    expect(pct(shops.rows[0]?.over_budget_seconds)).toBeCloseTo(16_228.8, 6);
    // The account on 5 March: no member was down, so nothing is over its budget.
    const account = await sql<Row>`
      select budget_used, over_budget_seconds from uptrends.v_account_uptime_daily where day = date '2025-03-05'`.execute(
      db,
    );
    expect(account.rows).toEqual([{ budget_used: 0, over_budget_seconds: 0 }]);
  });

  it("every uptime view has it, with the one comment of the figure; v_sla_burn has the month's", async () => {
    const views = [
      'v_monitor_uptime_daily',
      'v_monitor_uptime_monthly',
      'v_group_uptime_daily',
      'v_group_uptime_monthly',
      'v_account_uptime_daily',
      'v_account_uptime_monthly',
    ];
    const result = await sql<{ view: string; comment: string | null }>`
      select c.relname as view, col_description(c.oid, a.attnum) as comment
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'uptrends'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'over_budget_seconds' and not a.attisdropped
      where c.relname like 'v\\_%'`.execute(db);
    expect(result.rows.map((r) => r.view).sort()).toEqual([...views].sort());
    const described = await sql<{
      d: string;
    }>`select uptrends.figure_description('over_budget_seconds') as d`.execute(db);
    expect(described.rows[0]?.d).toMatch(/0 within the budget/);
    for (const r of result.rows) expect(r.comment).toBe(described.rows[0]?.d);
    const burn = await sql<{ n: number }>`
      select count(*)::int as n from pg_attribute
      where attrelid = 'uptrends.v_sla_burn'::regclass and attname = 'period_over_budget_seconds'`.execute(
      db,
    );
    expect(burn.rows[0]?.n).toBe(1);
  });
});

describe('v_incident and v_alert', () => {
  it('v_incident adds monitor name and type, groups without All monitors, the zone and the ongoing flag', async () => {
    const result = await sql<Row>`
      select monitor_name, monitor_type, group_names, iana_zone, ongoing, duration_seconds, alert_count, reminder_count
      from uptrends.v_incident where incident_key in ('K-b', 'K-on') order by incident_key`.execute(db);
    expect(result.rows).toEqual([
      {
        monitor_name: 'Shop home',
        monitor_type: 'Https',
        // In Europe and Web shops now; Old group is deleted, All monitors left out.
        group_names: ['Europe', 'Web shops'],
        iana_zone: ZONE,
        ongoing: false,
        duration_seconds: 5400,
        alert_count: 3,
        reminder_count: 1,
      },
      {
        monitor_name: 'Campaign page',
        monitor_type: 'Https',
        // Only in All monitors: no group of its own.
        group_names: [],
        iana_zone: ZONE,
        ongoing: true,
        duration_seconds: null,
        alert_count: 1,
        reminder_count: 0,
      },
    ]);
  });

  it('gives one row per incident and per alert, however many groups the monitor is in', async () => {
    const counts = await sql<{ view: string; n: number }>`
      select 'v_incident' as view, count(*)::int as n from uptrends.v_incident
      union all select 'incident', count(*)::int from uptrends.incident
      union all select 'v_alert', count(*)::int from uptrends.v_alert
      union all select 'alert', count(*)::int from uptrends.alert`.execute(db);
    const n = Object.fromEntries(counts.rows.map((r) => [r.view, r.n]));
    // Eight incidents were loaded above: six resolved with an Error and an Ok (K-b with a reminder
    // too), two ongoing with their Error alone (K-on, K-now). Shop home, in two groups, has five.
    expect(n.incident).toBe(8);
    expect(n.alert).toBe(6 * 2 + 1 + 2 * 1);
    expect(n.v_incident).toBe(n.incident);
    expect(n.v_alert).toBe(n.alert);
  });

  it('v_alert names the monitor and its groups, and a group filters with = any', async () => {
    const result = await sql<Row>`
      select monitor_name, monitor_type, group_names, alert_type, raised_at_local, iana_zone
      from uptrends.v_alert
      where 'Web shops' = any (group_names) and incident_key = 'K-b'
      order by raised_at`.execute(db);
    expect(result.rows).toEqual(
      ['Error', 'Reminder', 'Ok'].map((alertType, i) => ({
        monitor_name: 'Shop home',
        monitor_type: 'Https',
        group_names: ['Europe', 'Web shops'],
        alert_type: alertType,
        raised_at_local: ['2025-03-13T08:35:00', '2025-03-13T09:05:00', '2025-03-13T10:00:00'][i],
        iana_zone: ZONE,
      })),
    );
    // Shop API left both its groups: its alerts are in no group now.
    const api = await sql<Row>`
      select distinct monitor_name, group_names from uptrends.v_alert where monitor_guid = ${M2}::uuid`.execute(
      db,
    );
    expect(api.rows).toEqual([{ monitor_name: 'Shop API', group_names: [] }]);
  });
});

describe('efficiency', () => {
  // The filter must reach the list of days before any per-day work, or a month costs all history.
  // Alias d: the list of days (v_account_day); m: the list of months (v_account_month).
  it.each([
    ['v_monitor_uptime_daily', 'day', `date '2025-03-12'`, 'd'],
    ['v_monitor_uptime_monthly', 'month', `date '2025-03-01'`, 'm'],
    ['v_monitor_statistics_daily', 'day', `date '2025-03-12'`, 'd'],
    ['v_group_uptime_daily', 'day', `date '2025-03-12'`, 'd'],
    ['v_group_uptime_monthly', 'month', `date '2025-03-01'`, 'm'],
    ['v_account_uptime_monthly', 'month', `date '2025-03-01'`, 'm'],
  ])('%s: a filter on %s is applied where the days are generated', async (view, column, value, alias) => {
    const plan =
      await sql<Row>`explain (format json) select * from ${sql.table(`uptrends.${view}`)} where ${sql.ref(column)} = ${sql.raw(value)}`.execute(
        db,
      );
    const raw = Object.values(plan.rows[0] ?? {})[0];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const scans: PlanNode[] = [];
    const walk = (node: PlanNode): void => {
      // maintenance_interval and figures, inlined, have series of their own, under other names.
      if (node['Function Name'] === 'generate_series' && node.Alias === alias) scans.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(doc[0]!.Plan);
    expect(scans).toHaveLength(1);
    expect(scans[0]?.Filter).toMatch(/2025-03-/);
  });
});

interface PlanNode {
  'Node Type': string;
  'Function Name'?: string;
  Alias?: string;
  Filter?: string;
  Plans?: PlanNode[];
}
