/**
 * The report queries against a real warehouse: rows inserted by hand, inputs compared with
 * hand-written expectations. October 2025 in Europe/Amsterdam (CEST until 26 October 03:00, then
 * CET) so every local boundary below is worked out from the two offsets, not from the code.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { loadIncidentReportInput } from '../../../src/reports/queries/incident-input.ts';
import { monthPeriod } from '../../../src/time/periods.ts';
import type { ReportMonitor } from '../../../src/reports/queries/report-input.ts';
import { loadSlaReportInput, loadStreamedSlaReportInput } from '../../../src/reports/queries/sla-input.ts';
import { factColumnsByMonitor } from '../../../src/reports/sla/monitor-facts.ts';
import { buildSlaModel, buildStreamedSlaModel } from '../../../src/reports/sla/model.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const ZONE = 'Europe/Amsterdam';
const ACCOUNT = 'acc-1';
const NOW = new Date('2025-11-03T08:00:00Z');
const clock = (): Date => NOW;
const d = (iso: string): Date => new Date(iso);

const G_ALL = '00000000-0000-4000-8000-0000000000a0';
const G_WEB = '00000000-0000-4000-8000-0000000000a1';
const G_API = '00000000-0000-4000-8000-0000000000a2';
const G_OLD = '00000000-0000-4000-8000-0000000000a3';
const M1 = '10000000-0000-4000-8000-000000000001'; // Production, in Webshop and Public APIs
const M2 = '10000000-0000-4000-8000-000000000002'; // Production, Public APIs
const M3 = '10000000-0000-4000-8000-000000000003'; // Staging: never reported
const M4 = '10000000-0000-4000-8000-000000000004'; // deleted on 10 October: reported
const M5 = '10000000-0000-4000-8000-000000000005'; // deleted before the data range
const M6 = '10000000-0000-4000-8000-000000000006'; // created after the period
const M7 = '10000000-0000-4000-8000-000000000007'; // Development: never reported
const M8 = '10000000-0000-4000-8000-000000000008'; // no mode sent: Production
const M9 = '10000000-0000-4000-8000-000000000009'; // paused on 20 October: counts until then
const M10 = '10000000-0000-4000-8000-000000000010'; // paused before the data range
const S_GOLD = '20000000-0000-4000-8000-000000000001';
const S_NONE = '20000000-0000-4000-8000-000000000002';
const S_GONE = '20000000-0000-4000-8000-000000000003';
const S_SILVER = '20000000-0000-4000-8000-000000000004';

const SEED = `
insert into uptrends.etl_run (command, status) values ('sync', 'succeeded');
insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
  values ('${ACCOUNT}', '${ZONE}', true, 'UPTRENDS_TIMEZONE', 1);

insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, check_interval_seconds, created_at, deleted_at, config_hash, raw, run_id) values
  ('${ACCOUNT}', '${M1}', 'Shop home', 'Https', 'Production', 300, '2024-01-01T00:00:00Z', null, 'h', '{}', 1),
  ('${ACCOUNT}', '${M2}', 'API login', 'MultiStepApi', 'Production', 60, null, null, 'h', '{}', 1),
  ('${ACCOUNT}', '${M3}', 'Staging checkout', 'Https', 'Staging', 300, null, null, 'h', '{}', 1),
  ('${ACCOUNT}', '${M4}', 'Old monitor', 'Ping', 'Production', 600, '2024-02-01T00:00:00Z', '2025-10-10T12:00:00Z', 'h', '{}', 1),
  ('${ACCOUNT}', '${M5}', 'Ancient monitor', 'Ping', 'Production', 600, '2023-01-01T00:00:00Z', '2024-06-01T00:00:00Z', 'h', '{}', 1),
  ('${ACCOUNT}', '${M6}', 'Future monitor', 'Https', 'Production', 300, '2025-11-05T00:00:00Z', null, 'h', '{}', 1),
  ('${ACCOUNT}', '${M7}', 'Development probe', 'Https', 'Development', 300, null, null, 'h', '{}', 1),
  ('${ACCOUNT}', '${M8}', 'Legacy ping', 'Ping', null, null, null, null, 'h', '{}', 1);
insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, is_active, check_interval_seconds, last_modified_at, config_hash, raw, run_id) values
  ('${ACCOUNT}', '${M9}', 'Paused probe', 'Https', 'Production', false, 300, '2025-10-20T08:00:00Z', 'h', '{}', 1),
  ('${ACCOUNT}', '${M10}', 'Long paused', 'Https', 'Production', false, 300, '2024-05-01T00:00:00Z', 'h', '{}', 1);

insert into uptrends.monitor_group (account_id, monitor_group_guid, description, is_all, deleted_at, raw, run_id) values
  ('${ACCOUNT}', '${G_ALL}', 'All monitors', true, null, '{}', 1),
  ('${ACCOUNT}', '${G_WEB}', 'Webshop', false, null, '{}', 1),
  ('${ACCOUNT}', '${G_API}', 'Public APIs', false, null, '{}', 1),
  ('${ACCOUNT}', '${G_OLD}', 'Retired', false, '2024-01-01T00:00:00Z', '{}', 1);

insert into uptrends.monitor_group_member (account_id, monitor_group_guid, monitor_guid, deleted_at, run_id) values
  ('${ACCOUNT}', '${G_ALL}', '${M1}', null, 1), ('${ACCOUNT}', '${G_ALL}', '${M2}', null, 1),
  ('${ACCOUNT}', '${G_ALL}', '${M3}', null, 1), ('${ACCOUNT}', '${G_ALL}', '${M4}', '2025-10-10T12:00:00Z', 1),
  ('${ACCOUNT}', '${G_ALL}', '${M5}', '2024-06-01T00:00:00Z', 1), ('${ACCOUNT}', '${G_ALL}', '${M6}', null, 1),
  ('${ACCOUNT}', '${G_ALL}', '${M7}', null, 1), ('${ACCOUNT}', '${G_ALL}', '${M8}', null, 1),
  ('${ACCOUNT}', '${G_ALL}', '${M9}', null, 1), ('${ACCOUNT}', '${G_ALL}', '${M10}', null, 1),
  ('${ACCOUNT}', '${G_WEB}', '${M1}', null, 1), ('${ACCOUNT}', '${G_WEB}', '${M3}', null, 1),
  ('${ACCOUNT}', '${G_WEB}', '${M5}', '2024-06-01T00:00:00Z', 1),
  ('${ACCOUNT}', '${G_API}', '${M1}', null, 1), ('${ACCOUNT}', '${G_API}', '${M2}', null, 1),
  ('${ACCOUNT}', '${G_API}', '${M4}', '2025-10-10T12:00:00Z', 1),
  ('${ACCOUNT}', '${G_OLD}', '${M2}', '2024-01-01T00:00:00Z', 1);

insert into uptrends.sla (account_id, sla_guid, description, uptime_error_threshold, uptime_warning_threshold, deleted_at, raw, run_id) values
  ('${ACCOUNT}', '${S_GOLD}', 'Gold', 99.0, 99.5, null, '{}', 1),
  ('${ACCOUNT}', '${S_NONE}', 'No thresholds', null, null, null, '{}', 1),
  ('${ACCOUNT}', '${S_GONE}', 'Bronze', 95, 97, '2024-01-01T00:00:00Z', '{}', 1),
  ('${ACCOUNT}', '${S_SILVER}', 'Silver', 98, 99, null, '{}', 1);

-- Public APIs is on a published page with Gold and a draft with Silver: the published page wins,
-- although the draft sorts first by name. Webshop is only on the draft. The deleted page counts for nothing.
insert into uptrends.public_status_page (account_id, public_status_page_guid, name, is_published, sla_guid, monitor_group_guids, deleted_at, raw, run_id) values
  ('${ACCOUNT}', '30000000-0000-4000-8000-000000000001', 'Customer portal', true, '${S_GOLD}', '{${G_API}}', null, '{}', 1),
  ('${ACCOUNT}', '30000000-0000-4000-8000-000000000002', 'A draft', false, '${S_SILVER}', '{${G_API},${G_WEB}}', null, '{}', 1),
  ('${ACCOUNT}', '30000000-0000-4000-8000-000000000003', 'Gone', true, '${S_SILVER}', '{${G_ALL}}', '2025-01-01T00:00:00Z', '{}', 1);

insert into uptrends.maintenance_period (account_id, monitor_guid, maintenance_period_id, schedule_mode, maintenance_type, start_at, end_at, start_time, end_time, month_day, deleted_at, raw, run_id) values
  ('${ACCOUNT}', '${M1}', 1, 'OneTime', 'DisableMonitoring', '2025-10-05T10:00:00Z', '2025-10-05T12:00:00Z', null, null, null, null, '{}', 1),
  ('${ACCOUNT}', '${M1}', 2, 'OneTime', 'DisableMonitoring', '2025-10-07T10:00:00Z', '2025-10-07T12:00:00Z', null, null, null, '2025-10-01T00:00:00Z', '{}', 1),
  ('${ACCOUNT}', '${M2}', 3, 'Monthly', 'DisableNotifications', null, null, '02:00', '03:00', 26, null, '{}', 1),
  ('${ACCOUNT}', '${M3}', 4, 'OneTime', 'DisableMonitoring', '2025-10-05T10:00:00Z', '2025-10-05T12:00:00Z', null, null, null, null, '{}', 1),
  ('${ACCOUNT}', '${M4}', 5, 'OneTime', 'DisableMonitoring', '2024-06-01T10:00:00Z', '2024-06-01T12:00:00Z', null, null, null, null, '{}', 1);

insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at, alert_count, reminder_count, first_error_description, first_error_monitor_check_id, last_monitor_check_id, last_alert_at, run_id) values
  ('${ACCOUNT}', '${M1}', 'k1', '2025-10-05T09:00:00Z', '2025-10-05T11:00:00Z', 3, 1, 'HTTP 503', 101, 103, '2025-10-05T11:00:00Z', 1),
  ('${ACCOUNT}', '${M2}', 'k2', '2025-10-31T22:00:00Z', null, 1, 0, 'Timeout', 201, 201, '2025-10-31T22:00:00Z', 1),
  ('${ACCOUNT}', '${M1}', 'k0', '2025-09-30T21:00:00Z', '2025-10-01T01:00:00Z', 2, 0, null, null, null, '2025-10-01T01:00:00Z', 1),
  ('${ACCOUNT}', '${M1}', 'old', '2024-05-01T00:00:00Z', '2024-05-02T00:00:00Z', 2, 0, 'old', 1, 2, '2024-05-02T00:00:00Z', 1),
  ('${ACCOUNT}', '${M3}', 'k3', '2025-10-06T09:00:00Z', '2025-10-06T10:00:00Z', 2, 0, 'staging', 301, 302, '2025-10-06T10:00:00Z', 1),
  ('${ACCOUNT}', '${M8}', 'k6', '2024-03-01T00:00:00Z', null, 40, 39, 'DNS', 801, 840, '2025-10-30T00:00:00Z', 1),
  ('${ACCOUNT}', '${M1}', 'k7', '2025-11-02T00:00:00Z', '2025-11-02T01:00:00Z', 2, 0, 'later', 701, 702, '2025-11-02T01:00:00Z', 1),
  ('${ACCOUNT}', '${M2}', 'k8', '2025-01-10T10:00:00Z', '2025-01-10T10:30:00Z', 2, 0, 'January', 210, 211, '2025-01-10T10:30:00Z', 1);

insert into uptrends.monitor_statistics (account_id, monitor_guid, bucket_start_at, bucket_end_at, bucket_start_local, bucket_end_local, grain, checks, confirmed_errors, uptime_seconds, downtime_seconds, sla_target, raw, run_id) values
  ('${ACCOUNT}', '${M1}', '2025-09-30T22:00:00Z', '2025-10-01T22:00:00Z', '2025-10-01T00:00', '2025-10-02T00:00', 'day', 288, 2, 86000, 400, 99.5, '{}', 1),
  ('${ACCOUNT}', '${M1}', '2025-09-30T22:00:00Z', '2025-09-30T23:00:00Z', '2025-10-01T00:00', '2025-10-01T01:00', 'hour', 12, 0, 3600, 0, 99.5, '{}', 1),
  ('${ACCOUNT}', '${M1}', '2025-10-01T22:00:00Z', '2025-10-02T22:00:00Z', '2025-10-02T00:00', '2025-10-03T00:00', 'day', 288, 0, 86400, 0, null, '{}', 1),
  ('${ACCOUNT}', '${M1}', '2025-10-02T05:00:00Z', '2025-10-02T06:00:00Z', '2025-10-02T07:00', '2025-10-02T08:00', 'hour', 12, 0, 3600, 0, null, '{}', 1),
  ('${ACCOUNT}', '${M1}', '2025-10-03T10:00:00Z', '2025-10-03T11:00:00Z', '2025-10-03T12:00', '2025-10-03T13:00', 'hour', null, null, 3500, null, null, '{}', 1),
  ('${ACCOUNT}', '${M2}', '2024-10-15T22:00:00Z', '2024-10-16T22:00:00Z', '2024-10-16T00:00', '2024-10-17T00:00', 'day', 1440, 0, 86400, 0, null, '{}', 1),
  ('${ACCOUNT}', '${M2}', '2024-11-14T23:00:00Z', '2024-11-15T23:00:00Z', '2024-11-15T00:00', '2024-11-16T00:00', 'day', 1440, 1, 86340, 60, null, '{}', 1),
  ('${ACCOUNT}', '${M3}', '2025-10-01T22:00:00Z', '2025-10-02T22:00:00Z', '2025-10-02T00:00', '2025-10-03T00:00', 'day', 288, 0, 86400, 0, null, '{}', 1);

insert into uptrends.infra_device (account_id, device_id, name, device_group_ids, raw, run_id) values
  ('${ACCOUNT}', 'dev-1', 'DB server', '{all}', '{}', 1);
insert into uptrends.infra_device_uptime_daily (account_id, device_id, day, uptime_percentage, has_data, period, raw, run_id) values
  ('${ACCOUNT}', 'dev-1', '2025-09-30', 100, true, 'day', '{}', 1),
  ('${ACCOUNT}', 'dev-1', '2025-10-01', 99.5, true, 'day', '{}', 1),
  ('${ACCOUNT}', 'dev-1', '2025-10-02', 0, false, 'day', '{}', 1);

insert into uptrends.etl_state (account_id, stream, partition, watermark, updated_by_run_id) values
  ('${ACCOUNT}', 'alerts', 'all', '2025-11-02T23:00:00Z', 1),
  ('${ACCOUNT}', 'alerts', 'group:${G_WEB}', '2025-06-01T00:00:00Z', 1);
`;

const monitor = (
  m: Partial<ReportMonitor> & Pick<ReportMonitor, 'monitor_guid' | 'name'>,
): ReportMonitor => ({
  monitor_type: 'Https',
  check_interval_seconds: 300,
  created_at: null,
  deleted_at: null,
  groups: [],
  ...m,
});
const SHOP = monitor({
  monitor_guid: M1,
  name: 'Shop home',
  created_at: d('2024-01-01T00:00:00Z'),
  groups: [G_ALL, G_WEB, G_API],
});
const API = monitor({
  monitor_guid: M2,
  name: 'API login',
  monitor_type: 'MultiStepApi',
  check_interval_seconds: 60,
  groups: [G_ALL, G_API],
});
const OLD = monitor({
  monitor_guid: M4,
  name: 'Old monitor',
  monitor_type: 'Ping',
  check_interval_seconds: 600,
  created_at: d('2024-02-01T00:00:00Z'),
  deleted_at: d('2025-10-10T12:00:00Z'),
  groups: [G_ALL, G_API],
});
const LEGACY = monitor({
  monitor_guid: M8,
  name: 'Legacy ping',
  monitor_type: 'Ping',
  check_interval_seconds: null,
  groups: [G_ALL],
});
// Paused: no checks after its LastModified instant, so its life ends there.
const PAUSED = monitor({
  monitor_guid: M9,
  name: 'Paused probe',
  deleted_at: d('2025-10-20T08:00:00Z'),
  groups: [G_ALL],
});

const incident = {
  k0: {
    monitor_guid: M1,
    incident_key: 'k0',
    started_at: d('2025-09-30T21:00:00Z'),
    ended_at: d('2025-10-01T01:00:00Z'),
    alert_count: 2,
    reminder_count: 0,
    first_error_description: null,
    first_error_check_id: null,
    last_check_id: null,
  },
  k1: {
    monitor_guid: M1,
    incident_key: 'k1',
    started_at: d('2025-10-05T09:00:00Z'),
    ended_at: d('2025-10-05T11:00:00Z'),
    alert_count: 3,
    reminder_count: 1,
    first_error_description: 'HTTP 503',
    first_error_check_id: 101,
    last_check_id: 103,
  },
  k2: {
    monitor_guid: M2,
    incident_key: 'k2',
    started_at: d('2025-10-31T22:00:00Z'),
    ended_at: null,
    alert_count: 1,
    reminder_count: 0,
    first_error_description: 'Timeout',
    first_error_check_id: 201,
    last_check_id: 201,
  },
  k6: {
    monitor_guid: M8,
    incident_key: 'k6',
    started_at: d('2024-03-01T00:00:00Z'),
    ended_at: null,
    alert_count: 40,
    reminder_count: 39,
    first_error_description: 'DNS',
    first_error_check_id: 801,
    last_check_id: 840,
  },
  k8: {
    monitor_guid: M2,
    incident_key: 'k8',
    started_at: d('2025-01-10T10:00:00Z'),
    ended_at: d('2025-01-10T10:30:00Z'),
    alert_count: 2,
    reminder_count: 0,
    first_error_description: 'January',
    first_error_check_id: 210,
    last_check_id: 211,
  },
};

/** Monthly maintenance on the 26th, 02:00-03:00 local: 01:00Z in CET, 00:00Z in CEST. */
function monthly26(
  month: string,
  cest: boolean,
): { monitor_guid: string; maintenance_type: 'DisableNotifications'; start_at: Date; end_at: Date } {
  const hour = cest ? '00' : '01';
  const end = cest ? '01' : '02';
  return {
    monitor_guid: M2,
    maintenance_type: 'DisableNotifications',
    start_at: d(`${month}-26T${hour}:00:00Z`),
    end_at: d(`${month}-26T${end}:00:00Z`),
  };
}
const ONE_TIME = {
  monitor_guid: M1,
  maintenance_type: 'DisableMonitoring',
  start_at: d('2025-10-05T10:00:00Z'),
  end_at: d('2025-10-05T12:00:00Z'),
};
// 26 October 2025: 02:00 local exists twice; the earlier (CEST, 00:00Z) is taken, and 03:00 comes
// after the switch (CET, 02:00Z), so that night's window lasts two hours.
const OCT_26 = {
  monitor_guid: M2,
  maintenance_type: 'DisableNotifications',
  start_at: d('2025-10-26T00:00:00Z'),
  end_at: d('2025-10-26T02:00:00Z'),
};

let tdb: TestDatabase;
let emptyError: unknown;
beforeAll(async () => {
  tdb = await createTestDatabase();
  emptyError = await loadSlaReportInput(tdb.warehouse.db, { clock, defaultTarget: { desired: 99.9 } }).catch(
    (e: unknown) => e,
  );
  await sql.raw(SEED).execute(tdb.warehouse.db);
});
afterAll(async () => {
  await tdb.drop();
});

describe('loadSlaReportInput', () => {
  it('fails on an empty warehouse with a ConfigError that says to sync', () => {
    expect(emptyError).toBeInstanceOf(ConfigError);
    expect((emptyError as Error).message).toContain('no data yet: run uptrends-etl sync');
  });

  it('builds the input of October 2025 for every monitor', async () => {
    const input = await loadSlaReportInput(tdb.warehouse.db, {
      period: { month: '2025-10' },
      clock,
      defaultTarget: { desired: 99.9 },
    });
    expect(input.period).toEqual({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-10-31T23:00:00Z'),
      zone: ZONE,
      label: 'October 2025',
    });
    expect(input.previousPeriod).toMatchObject({
      start: d('2025-08-31T22:00:00Z'),
      end: d('2025-09-30T22:00:00Z'),
      label: 'September 2025',
    });
    expect(input.trendMonths.map((m) => m.label)).toEqual([
      'November 2024',
      'December 2024',
      'January 2025',
      'February 2025',
      'March 2025',
      'April 2025',
      'May 2025',
      'June 2025',
      'July 2025',
      'August 2025',
      'September 2025',
      'October 2025',
    ]);
    expect(input.trendMonths[0]!.start).toEqual(d('2024-10-31T23:00:00Z'));
    expect(input.generatedAt).toEqual(NOW);
    expect(input.dataAsOf).toEqual(d('2025-11-02T23:00:00Z'));
    expect(input.scope).toBe('All monitors');
    expect(input.defaultTarget).toEqual({ desired: 99.9 });

    // Staging, Development, deleted or paused before the range and created after the period are
    // left out; a monitor without a mode counts as Production.
    expect(input.monitors).toEqual([API, LEGACY, OLD, PAUSED, SHOP]);
    expect(input.groups).toEqual([
      { monitor_group_guid: G_API, description: 'Public APIs', is_all: false, members: [M1, M2, M4] },
      { monitor_group_guid: G_WEB, description: 'Webshop', is_all: false, members: [M1] },
      { monitor_group_guid: G_ALL, description: 'All monitors', is_all: true, members: [M1, M2, M4, M8, M9] },
    ]);

    // From the first Trend month (1 November 2024 local) to the period end; ongoing ones whenever they began.
    expect(input.incidents).toEqual([incident.k0, incident.k1, incident.k8, incident.k2, incident.k6]);

    expect(input.maintenance).toEqual([
      ONE_TIME,
      monthly26('2024-11', false),
      monthly26('2024-12', false),
      monthly26('2025-01', false),
      monthly26('2025-02', false),
      monthly26('2025-03', false),
      monthly26('2025-04', true),
      monthly26('2025-05', true),
      monthly26('2025-06', true),
      monthly26('2025-07', true),
      monthly26('2025-08', true),
      monthly26('2025-09', true),
      OCT_26,
    ]);

    // Hourly buckets inside a daily bucket are dropped; missing counters read as 0.
    expect(input.statistics).toEqual([
      {
        monitor_guid: M1,
        bucket_start_at: d('2025-09-30T22:00:00Z'),
        bucket_end_at: d('2025-10-01T22:00:00Z'),
        uptime_seconds: 86000,
        downtime_seconds: 400,
        sla_target: 99.5,
        checks: 288,
        confirmed_errors: 2,
      },
      {
        monitor_guid: M1,
        bucket_start_at: d('2025-10-01T22:00:00Z'),
        bucket_end_at: d('2025-10-02T22:00:00Z'),
        uptime_seconds: 86400,
        downtime_seconds: 0,
        sla_target: null,
        checks: 288,
        confirmed_errors: 0,
      },
      {
        monitor_guid: M1,
        bucket_start_at: d('2025-10-03T10:00:00Z'),
        bucket_end_at: d('2025-10-03T11:00:00Z'),
        uptime_seconds: 3500,
        downtime_seconds: 0,
        sla_target: null,
        checks: 0,
        confirmed_errors: 0,
      },
      {
        monitor_guid: M2,
        bucket_start_at: d('2024-11-14T23:00:00Z'),
        bucket_end_at: d('2024-11-15T23:00:00Z'),
        uptime_seconds: 86340,
        downtime_seconds: 60,
        sla_target: null,
        checks: 1440,
        confirmed_errors: 1,
      },
    ]);

    expect(input.slaDefinitions).toEqual([
      { sla_guid: S_GOLD, description: 'Gold', uptime_error_threshold: 99, uptime_warning_threshold: 99.5 },
      { sla_guid: S_SILVER, description: 'Silver', uptime_error_threshold: 98, uptime_warning_threshold: 99 },
    ]);
    expect(input.groupSla).toEqual(
      new Map([
        [G_API, S_GOLD],
        [G_WEB, S_SILVER],
      ]),
    );
    expect(input.infraDeviceDays).toEqual([
      { device_guid: 'dev-1', device_name: 'DB server', date: '2025-10-01', uptime_percent: 99.5 },
      { device_guid: 'dev-1', device_name: 'DB server', date: '2025-10-02', uptime_percent: null },
    ]);
  });

  it('limits the scope to the requested groups, by name (any case) or guid', async () => {
    const input = await loadSlaReportInput(tdb.warehouse.db, {
      period: { month: '2025-10' },
      monitorGroups: ['webshop', G_API],
      clock,
      defaultTarget: { desired: 99.9 },
    });
    expect(input.scope).toBe('Webshop, Public APIs');
    expect(input.monitors).toEqual([
      { ...API, groups: [G_API] },
      { ...OLD, groups: [G_API] },
      { ...SHOP, groups: [G_WEB, G_API] },
    ]);
    expect(input.groups.map((g) => [g.monitor_group_guid, g.members])).toEqual([
      [G_WEB, [M1]],
      [G_API, [M1, M2, M4]],
    ]);
    expect(input.incidents.map((i) => i.incident_key)).toEqual(['k0', 'k1', 'k8', 'k2']);
    expect(new Set(input.statistics.map((s) => s.monitor_guid))).toEqual(new Set([M1, M2]));
  });

  it('names the known groups when a requested group does not exist', async () => {
    const error = await loadSlaReportInput(tdb.warehouse.db, {
      monitorGroups: ['Nope'],
      clock,
      defaultTarget: { desired: 99 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /"Nope" is not a monitor group.*All monitors, Public APIs, Webshop/,
    );
  });

  it('defaults to the previous month and accepts a ready-made period in the account zone only', async () => {
    const input = await loadSlaReportInput(tdb.warehouse.db, { clock, defaultTarget: { desired: 99.9 } });
    expect(input.period.label).toBe('October 2025');
    const ready = await loadSlaReportInput(tdb.warehouse.db, {
      period: monthPeriod('2025-09', ZONE),
      clock,
      defaultTarget: { desired: 99.9 },
    });
    expect(ready.period.start).toEqual(d('2025-08-31T22:00:00Z'));
    const wrongZone = await loadSlaReportInput(tdb.warehouse.db, {
      period: monthPeriod('2025-09', 'UTC'),
      clock,
      defaultTarget: { desired: 99.9 },
    }).catch((e: unknown) => e);
    expect(wrongZone).toBeInstanceOf(ConfigError);
  });

  it('asks for --account when the warehouse holds several accounts', async () => {
    const db = tdb.warehouse.db;
    await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id, account_name) values ('acc-2', 'UTC', true, 'api', 1, 'Globex')`.execute(
      db,
    );
    try {
      const error = await loadSlaReportInput(db, { clock, defaultTarget: { desired: 99 } }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/acc-1( \(\S+\))?, acc-2 \(Globex\)/);
      const other = await loadSlaReportInput(db, {
        accountId: 'acc-2',
        clock,
        defaultTarget: { desired: 99 },
      });
      expect(other.period.zone).toBe('UTC');
      expect(other.monitors).toEqual([]);
      // No alert watermark for acc-2: the time its configuration was last read.
      expect(other.dataAsOf).toBeInstanceOf(Date);
      const unknown = await loadSlaReportInput(db, {
        accountId: 'acc-9',
        clock,
        defaultTarget: { desired: 99 },
      }).catch((e: unknown) => e);
      expect((unknown as Error).message).toContain('account acc-9 is not in the warehouse');
      // The name the configuration file gives the account picks it too, in any case.
      const byName = await loadSlaReportInput(db, {
        accountId: 'globex',
        clock,
        defaultTarget: { desired: 99 },
      });
      expect(byName.period.zone).toBe('UTC');
    } finally {
      await sql`delete from uptrends.account where account_id = 'acc-2'`.execute(db);
    }
  });
});

describe('loadIncidentReportInput', () => {
  it('reads from the previous period on, and streams the raw alerts of the period only', async () => {
    const db = tdb.warehouse.db;
    await sql
      .raw(
        `
      insert into uptrends.alert (alert_id, account_id, monitor_guid, alert_type, raised_at, raised_at_local, first_error_at, monitor_check_id, first_error_monitor_check_id, error_description, error_message, incident_key, incident_key_derived, raw, run_id) values
        ('40000000-0000-4000-8000-000000000001', '${ACCOUNT}', '${M1}', 'Error', '2025-10-05T09:02:00Z', '2025-10-05T11:02:00', '2025-10-05T09:00:00Z', 101, 101, 'HTTP 503', '=cmd', 'k1', false, '{}', 1),
        ('40000000-0000-4000-8000-000000000002', '${ACCOUNT}', '${M1}', 'Ok', '2025-10-05T11:00:00Z', '2025-10-05T13:00:00', null, 103, 101, null, null, 'k1', false, '{}', 1),
        ('40000000-0000-4000-8000-000000000003', '${ACCOUNT}', '${M3}', 'Error', '2025-10-06T09:00:00Z', '2025-10-06T11:00:00', '2025-10-06T09:00:00Z', 301, 301, 'staging', null, 'k3', false, '{}', 1),
        ('40000000-0000-4000-8000-000000000004', '${ACCOUNT}', '${M1}', 'Error', '2025-09-30T21:00:00Z', '2025-09-30T23:00:00', '2025-09-30T21:00:00Z', 90, 90, 'before', null, 'k0', false, '{}', 1);
    `,
      )
      .execute(db);
    const input = await loadIncidentReportInput(db, { period: { month: '2025-10' }, clock });
    expect(input.monitors.map((m) => m.monitor_guid)).toEqual([M2, M8, M4, M9, M1]);
    // The January incident belongs to the SLA Trend only.
    expect(input.incidents).toEqual([incident.k0, incident.k1, incident.k2, incident.k6]);
    expect(input.maintenance).toEqual([ONE_TIME, monthly26('2025-09', true), OCT_26]);
    const alerts = [];
    for await (const alert of input.rawAlerts()) alerts.push(alert);
    expect(alerts).toEqual([
      {
        monitor_guid: M1,
        alert_type: 'Error',
        timestamp: d('2025-10-05T09:02:00Z'),
        first_error: d('2025-10-05T09:00:00Z'),
        incident_key: 'k1',
        error_description: 'HTTP 503',
        error_message: '=cmd',
        monitor_check_id: 101,
        first_error_monitor_check_id: 101,
      },
      // No FirstError stored: the alert's own time stands in, so the type's non-null contract holds.
      {
        monitor_guid: M1,
        alert_type: 'Ok',
        timestamp: d('2025-10-05T11:00:00Z'),
        first_error: d('2025-10-05T11:00:00Z'),
        incident_key: 'k1',
        error_description: null,
        error_message: null,
        monitor_check_id: 103,
        first_error_monitor_check_id: 101,
      },
    ]);
  });
});

describe('loadStreamedSlaReportInput', () => {
  const cases = [
    { name: 'October, every monitor', options: { period: { month: '2025-10' } } },
    { name: 'two groups', options: { period: { month: '2025-10' }, monitorGroups: ['webshop', G_API] } },
    { name: 'the November to date', options: { period: { month: '2025-11' }, toDate: true } },
  ] as const;

  it.each(cases)(
    'reads the facts of loadSlaReportInput as columns, in batches: $name',
    async ({ options }) => {
      const db = tdb.warehouse.db;
      const common = { ...options, clock, defaultTarget: { desired: 99.9 } };
      const rows = await loadSlaReportInput(db, common);
      const expected = factColumnsByMonitor(rows.incidents, rows.statistics);
      for (const batchMonitors of [1, 2, 100]) {
        const streamed = await loadStreamedSlaReportInput(db, { ...common, batchMonitors });
        const { incidents: _incidents, statistics: _statistics, ...frame } = rows;
        expect({ ...streamed, facts: undefined }).toEqual({ ...frame, facts: undefined });
        const seen: string[] = [];
        for await (const batch of streamed.facts()) {
          expect(batch.monitorGuids.length).toBeLessThanOrEqual(batchMonitors);
          for (const guid of batch.monitorGuids) {
            seen.push(guid);
            const own = expected.get(guid);
            const columns = batch.facts.get(guid);
            if (own === undefined) {
              expect(columns?.incidentStart.length ?? 0, guid).toBe(0);
              expect(columns?.bucketStart.length ?? 0, guid).toBe(0);
            } else {
              expect(columns, guid).toEqual(own);
            }
          }
        }
        expect(seen).toEqual(rows.monitors.map((m) => m.monitor_guid));
        // The model is the same whichever way the facts arrive (a second reading starts afresh).
        expect(await buildStreamedSlaModel(streamed, clock)).toEqual(buildSlaModel(rows, clock));
      }
    },
  );
});
