/**
 * A small hand-made account written into a test warehouse, so the figure functions can be checked
 * against figures worked out by hand (the arithmetic is in the tests' comments). `octoberFixture`
 * is October 2025 in Europe/Amsterdam: 745 hours = 44,700 minutes, from 2025-09-30T22:00Z to
 * 2025-10-31T23:00Z; every row is a plain object, so a test can add its own before loading.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/load/schema.ts';
import type { IncidentModel } from '../../src/reports/incidents/model.ts';
import type { SlaModel } from '../../src/reports/sla/model-types.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { slaModelOf, incidentModelOf } from './report-request.ts';

export const ZONE = 'Europe/Amsterdam';
export const ACCOUNT = '424242';

export const A = 'aaaaaaaa-0000-0000-0000-000000000001';
export const B = 'bbbbbbbb-0000-0000-0000-000000000002';
export const C = 'cccccccc-0000-0000-0000-000000000003';
export const G1 = '11111111-0000-0000-0000-000000000001';
export const G2 = '22222222-0000-0000-0000-000000000002';
export const ALL = '99999999-0000-0000-0000-000000000009';
export const SLA_SHOP = '5a5a5a5a-0000-0000-0000-000000000001';
export const SLA_GOLD = '5a5a5a5a-0000-0000-0000-000000000002';

/** A monitor; `life_end` ends its life (a deletion, or a pause with `paused`). */
export interface FixtureMonitor {
  guid: string;
  name: string;
  created?: string | null;
  deleted?: string | null;
  /** is_active false, paused at `deleted` (last_modified_at). */
  paused?: boolean;
  mode?: string | null;
}

export interface FixtureIncident {
  monitor: string;
  key: string;
  start: string;
  end: string | null;
  text?: string;
  alerts?: number;
}

export interface FixtureBucket {
  monitor: string;
  start: string;
  end: string;
  up: number;
  down: number;
  target: number | null;
  grain?: 'day' | 'hour';
}

/** Everything the figure functions read for one account. */
export interface ReportFixture {
  account: string;
  zone: string;
  monitors: FixtureMonitor[];
  groups: { guid: string; name: string; isAll: boolean; members: string[] }[];
  incidents: FixtureIncident[];
  maintenance: {
    monitor: string;
    type: 'DisableMonitoring' | 'DisableNotifications';
    start: string;
    end: string;
  }[];
  statistics: FixtureBucket[];
  slas: { guid: string; name: string; error: number; warning: number }[];
  /** Group guid -> SLA guid, through a status page as the API assigns it. */
  groupSla: Record<string, string>;
  /** Time whose alerts were read (partition 'all'). */
  alertsRead: [string, string][];
  /** Per monitor, the time whose statistics were read. */
  statisticsRead: Record<string, [string, string][]>;
  /** Infra device days (uptime null: the API reported the day without data). */
  infra?: { device: string; name: string; day: string; uptime: number | null }[];
}

/** The October account: three monitors, two groups and All monitors, two SLA definitions. */
export function octoberFixture(): ReportFixture {
  return {
    account: ACCOUNT,
    zone: ZONE,
    monitors: [
      { guid: A, name: 'Web A' },
      // Created at local midnight of 17 October (CEST, UTC+2).
      { guid: B, name: 'API B', created: '2025-10-16T22:00:00Z' },
      { guid: C, name: 'DNS C' },
    ],
    groups: [
      { guid: G1, name: 'Shop', isAll: false, members: [A, B] },
      { guid: G2, name: 'Infra', isAll: false, members: [C] },
      { guid: ALL, name: 'All monitors', isAll: true, members: [A, B, C] },
    ],
    incidents: [
      // Crosses the period start: 20 min in September, 20 min in October.
      { monitor: A, key: 'a1', start: '2025-09-30T21:40:00Z', end: '2025-09-30T22:20:00Z' },
      // Two overlapping incidents (two alert definitions): union 08:00-09:30 = 90 min.
      { monitor: A, key: 'a2', start: '2025-10-10T08:00:00Z', end: '2025-10-10T09:00:00Z' },
      {
        monitor: A,
        key: 'a3',
        start: '2025-10-10T08:30:00Z',
        end: '2025-10-10T09:30:00Z',
        text: '=cmd|"/c calc"!A1',
      },
      // Inside DisableNotifications maintenance: still downtime.
      { monitor: A, key: 'a4', start: '2025-10-12T10:15:00Z', end: '2025-10-12T10:45:00Z' },
      // September only.
      { monitor: A, key: 'a0', start: '2025-09-15T10:00:00Z', end: '2025-09-15T10:30:00Z' },
      // Ongoing: no Ok alert yet.
      { monitor: B, key: 'b1', start: '2025-10-31T20:00:00Z', end: null },
      // On the 25-hour day (26 October local).
      { monitor: C, key: 'c1', start: '2025-10-26T12:00:00Z', end: '2025-10-26T12:15:00Z' },
    ],
    maintenance: [
      { monitor: A, type: 'DisableMonitoring', start: '2025-10-10T09:15:00Z', end: '2025-10-10T09:45:00Z' },
      {
        monitor: A,
        type: 'DisableNotifications',
        start: '2025-10-12T10:00:00Z',
        end: '2025-10-12T11:00:00Z',
      },
    ],
    statistics: [
      {
        monitor: C,
        start: '2025-09-01T22:00:00Z',
        end: '2025-09-02T22:00:00Z',
        up: 0,
        down: 86_400,
        target: null,
      },
      {
        monitor: C,
        start: '2025-10-01T22:00:00Z',
        end: '2025-10-02T22:00:00Z',
        up: 86_000,
        down: 400,
        target: 99.9,
      },
      {
        monitor: C,
        start: '2025-10-02T22:00:00Z',
        end: '2025-10-03T22:00:00Z',
        up: 86_400,
        down: 0,
        target: 99.95,
      },
    ],
    slas: [
      { guid: SLA_SHOP, name: 'Shop SLA', error: 99.5, warning: 99.9 },
      { guid: SLA_GOLD, name: 'Gold', error: 99.8, warning: 99.95 },
    ],
    groupSla: { [G1]: SLA_SHOP },
    // Everything from 1 August to 5 November was read.
    alertsRead: [['2025-07-31T22:00:00Z', '2025-11-05T05:00:00Z']],
    statisticsRead: { [C]: [['2025-07-31T22:00:00Z', '2025-11-05T05:00:00Z']] },
  };
}

/** Clock after the period: everything in October has happened. */
export const AFTER_OCTOBER = new Date('2025-11-05T06:00:00Z');

const multirange = (ranges: [string, string][]): string =>
  `{${ranges.map(([s, e]) => `[${s},${e})`).join(',')}}`;

/** Writes the fixture into a migrated warehouse (run 1 stands for the sync that loaded it). */
export async function loadReportFixture(db: Kysely<Database>, f: ReportFixture): Promise<void> {
  const acct = f.account;
  await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
    values (${acct}, ${f.zone}, true, 'setting', 1)`.execute(db);
  for (const m of f.monitors) {
    await sql`insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, check_interval_seconds,
        created_at, deleted_at, is_active, last_modified_at, monitor_mode, config_hash, raw, run_id)
      values (${acct}, ${m.guid}::uuid, ${m.name}, 'Https', 300, ${m.created ?? null}::timestamptz,
        ${m.paused === true ? null : (m.deleted ?? null)}::timestamptz, ${m.paused !== true},
        ${m.paused === true ? (m.deleted ?? null) : null}::timestamptz, ${m.mode ?? null}, 'h', '{}'::jsonb, 1)`.execute(
      db,
    );
  }
  for (const g of f.groups) {
    await sql`insert into uptrends.monitor_group (account_id, monitor_group_guid, description, is_all, raw, run_id)
      values (${acct}, ${g.guid}::uuid, ${g.name}, ${g.isAll}, '{}'::jsonb, 1)`.execute(db);
    for (const member of g.members) {
      await sql`insert into uptrends.monitor_group_member (account_id, monitor_group_guid, monitor_guid, run_id)
        values (${acct}, ${g.guid}::uuid, ${member}::uuid, 1)`.execute(db);
    }
  }
  for (const i of f.incidents) {
    await sql`insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at,
        duration_seconds, alert_count, reminder_count, first_error_description, first_error_monitor_check_id,
        last_monitor_check_id, last_alert_at, run_id)
      values (${acct}, ${i.monitor}::uuid, ${i.key}, ${i.start}::timestamptz, ${i.end}::timestamptz,
        extract(epoch from ${i.end}::timestamptz - ${i.start}::timestamptz)::integer, ${i.alerts ?? 2}, 0,
        ${i.text ?? 'Timeout'}, 1000, 1010, coalesce(${i.end}::timestamptz, ${i.start}::timestamptz), 1)`.execute(
      db,
    );
  }
  let id = 1;
  for (const m of f.maintenance) {
    await sql`insert into uptrends.maintenance_period (account_id, monitor_guid, maintenance_period_id, schedule_mode,
        maintenance_type, start_at, end_at, raw, run_id)
      values (${acct}, ${m.monitor}::uuid, ${id++}, 'OneTime', ${m.type}, ${m.start}::timestamptz,
        ${m.end}::timestamptz, '{}'::jsonb, 1)`.execute(db);
  }
  for (const b of f.statistics) {
    await sql`insert into uptrends.monitor_statistics (account_id, monitor_guid, bucket_start_at, bucket_end_at,
        bucket_start_local, bucket_end_local, grain, uptime_seconds, downtime_seconds, sla_target, checks,
        confirmed_errors, raw, run_id)
      values (${acct}, ${b.monitor}::uuid, ${b.start}::timestamptz, ${b.end}::timestamptz,
        ${b.start}::timestamptz at time zone ${f.zone}, ${b.end}::timestamptz at time zone ${f.zone},
        ${b.grain ?? 'day'}, ${b.up}, ${b.down}, ${b.target}, 288, ${b.down > 0 ? 1 : 0}, '{}'::jsonb, 1)`.execute(
      db,
    );
  }
  for (const s of f.slas) {
    await sql`insert into uptrends.sla (account_id, sla_guid, description, uptime_error_threshold,
        uptime_warning_threshold, raw, run_id)
      values (${acct}, ${s.guid}::uuid, ${s.name}, ${s.error}, ${s.warning}, '{}'::jsonb, 1)`.execute(db);
  }
  let page = 1;
  for (const [group, sla] of Object.entries(f.groupSla)) {
    const guid = `7a7a7a7a-0000-0000-0000-${String(page++).padStart(12, '0')}`;
    await sql`insert into uptrends.public_status_page (account_id, public_status_page_guid, name, sla_guid,
        monitor_group_guids, is_published, raw, run_id)
      values (${acct}, ${guid}::uuid, ${`Page ${page}`}, ${sla}::uuid, array[${group}::uuid], true, '{}'::jsonb, 1)`.execute(
      db,
    );
  }
  for (const device of new Map((f.infra ?? []).map((d) => [d.device, d.name]))) {
    await sql`insert into uptrends.infra_device (account_id, device_id, name, device_group_ids, raw, run_id)
      values (${acct}, ${device[0]}, ${device[1]}, '{}', '{}'::jsonb, 1)`.execute(db);
  }
  for (const d of f.infra ?? []) {
    await sql`insert into uptrends.infra_device_uptime_daily (account_id, device_id, day, uptime_percentage, has_data,
        period, raw, run_id)
      values (${acct}, ${d.device}, ${d.day}::date, ${d.uptime}, ${d.uptime !== null}, 'day', '{}'::jsonb, 1)`.execute(
      db,
    );
  }
  await sql`insert into uptrends.etl_coverage (account_id, stream, partition, covered)
    values (${acct}, 'alerts', 'all', ${multirange(f.alertsRead)}::tstzmultirange)`.execute(db);
  for (const [monitor, ranges] of Object.entries(f.statisticsRead)) {
    await sql`insert into uptrends.etl_coverage (account_id, stream, partition, covered)
      values (${acct}, 'statistics', ${monitor}, ${multirange(ranges)}::tstzmultirange)`.execute(db);
  }
}

/** The fixture in a fresh test warehouse, with both report models read from it. */
export interface FixtureModels {
  readonly tdb: TestDatabase;
  readonly sla: SlaModel;
  readonly incidents: IncidentModel;
}

/** A fresh warehouse holding `fixture` (default: October), and its October SLA and incident models. */
export async function octoberModels(fixture: ReportFixture = octoberFixture()): Promise<FixtureModels> {
  const tdb = await createTestDatabase();
  await loadReportFixture(tdb.warehouse.db, fixture);
  const common = { period: { month: '2025-10' }, clock: () => AFTER_OCTOBER };
  const [sla, incidents] = await Promise.all([
    slaModelOf(tdb.warehouse.db, { ...common, target: { desired: 99 } }),
    incidentModelOf(tdb.warehouse.db, common),
  ]);
  return { tdb, sla, incidents };
}
