/**
 * What the reports read from a real warehouse: rows inserted by hand, the models compared with
 * hand-written expectations (scope, period, targets, maintenance, statistics buckets, Infra days,
 * raw alerts). October 2025 in Europe/Amsterdam (CEST until 26 October 03:00, then CET) so every
 * local boundary below is worked out from the two offsets, not from the code.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { monthPeriod } from '../../../src/time/calendar-periods.ts';
import type { Figure } from '../../../src/reports/queries/figures.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { slaModelOf, incidentModelOf, type TestReportRequest } from '../../support/report-request.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';

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

const load = (options: Partial<TestReportRequest> = {}): Promise<SlaModel> =>
  slaModelOf(tdb.warehouse.db, {
    clock,
    target: { desired: 99.9 },
    period: { preset: 'PreviousMonth' },
    ...options,
  });

let tdb: TestDatabase;
let emptyError: unknown;
let october: SlaModel;
beforeAll(async () => {
  tdb = await createTestDatabase();
  emptyError = await load().catch((e: unknown) => e);
  await sql.raw(SEED).execute(tdb.warehouse.db);
  october = await load({ period: { month: '2025-10' } });
});
afterAll(async () => {
  await tdb.drop();
});

const monitor = (guid: string): Figure => october.monitors.find((m) => m.monitor_guid === guid)!;
const group = (guid: string): Figure => october.groups.find((g) => g.monitor_group_guid === guid)!;

describe('the SLA report read from the warehouse', () => {
  it('fails on an empty warehouse with a ConfigError that says to sync', () => {
    expect(emptyError).toBeInstanceOf(ConfigError);
    expect((emptyError as Error).message).toContain('no data yet: run uptrends-etl sync');
  });

  it('resolves October 2025, its previous month and twelve Trend months in the account zone', () => {
    expect(october.period).toEqual({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-10-31T23:00:00Z'),
      zone: ZONE,
      label: 'October 2025',
    });
    expect(october.previousPeriod).toMatchObject({
      start: d('2025-08-31T22:00:00Z'),
      end: d('2025-09-30T22:00:00Z'),
      label: 'September 2025',
    });
    expect(october.trend.months.map((m) => m.label)).toEqual([
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
    expect(october.trend.months[0]!.start).toEqual(d('2024-10-31T23:00:00Z'));
    expect(october.generatedAt).toEqual(NOW);
    expect(october.dataAsOf).toEqual(d('2025-11-02T23:00:00Z'));
    expect(october.scope).toBe('All monitors');
    expect(october.defaultTarget).toEqual({ desired: 99.9, error: 99.9 });
  });

  it('reports the Production monitors that lived in the period, in their groups', () => {
    // Staging, Development, deleted or paused before the period and created after it are left
    // out; a monitor without a mode counts as Production.
    expect(new Set(october.monitors.map((m) => m.monitor_guid))).toEqual(new Set([M1, M2, M4, M8, M9]));
    expect(monitor(M1).group_names).toBe('Public APIs, Webshop');
    expect(monitor(M8).group_names).toBe('All monitors');
    // Deleted on 10 October 12:00Z (14:00 local): 9 days and 14 hours of October.
    expect(monitor(M4).required_seconds).toBe((9 * 24 + 14) * 3600);
    // Paused on 20 October 08:00Z: its life ends there.
    expect(monitor(M9).required_seconds).toBe((19 * 24 + 10) * 3600);
    expect(october.groups.map((g) => [g.name, g.members])).toEqual([
      ['All monitors', 5],
      ['Public APIs', 3],
      ['Webshop', 1],
    ]);
  });

  it('holds groups to the SLA of the published status page, and monitors to their statistics target', () => {
    // Public APIs: published page with Gold beats the draft with Silver; Webshop: the draft only;
    // the deleted page counts for nothing, so All monitors keeps the default.
    expect(group(G_API)).toMatchObject({
      target_percentage: 99.5,
      target_error_percentage: 99,
      sla_name: 'Gold',
    });
    expect(group(G_WEB)).toMatchObject({
      target_percentage: 99,
      target_error_percentage: 98,
      sla_name: 'Silver',
    });
    expect(group(G_ALL)).toMatchObject({ target_percentage: 99.9, target_source: 'Default' });
    // Shop home's latest bucket with a target says 99.5; Gold has that desired threshold.
    expect(monitor(M1)).toMatchObject({
      target_percentage: 99.5,
      target_error_percentage: 99,
      target_source: 'Statistics',
      sla_name: 'Gold',
    });
    // API login has no statistics target: its first group by name with an SLA, Public APIs (Gold).
    expect(monitor(M2)).toMatchObject({ target_source: 'Group SLA', sla_name: 'Gold' });
    expect(october.slaDefinitions.map((s) => [s.definition.description, s.groupNames])).toEqual([
      ['Gold', 'Public APIs'],
      ['Silver', 'Webshop'],
    ]);
  });

  it('takes each day of statistics from its finest complete cover; missing counters count nothing', () => {
    // 1 Oct: the daily bucket (the hour inside it is dropped); 2 Oct: daily; 3 Oct: one hour.
    expect(monitor(M1)).toMatchObject({
      statistics_buckets: 3,
      statistics_uptime_seconds: 86_000 + 86_400 + 3_500,
      statistics_downtime_seconds: 400,
      checks: 576,
      confirmed_errors: 2,
    });
    // The Staging monitor's bucket is in no figure.
    expect(october.account.statistics_uptime_seconds).toBe(86_000 + 86_400 + 3_500);
  });

  it('counts the incidents of October and the ones still open, never a Staging one', () => {
    // k0 started on 30 September 23:00 local; k1 on 5 October; k2 on 31 October 23:00 local.
    expect(monitor(M1)).toMatchObject({ incidents_started: 1, incidents_resolved: 2, ongoing_at_end: 0 });
    expect(monitor(M2)).toMatchObject({ incidents_started: 1, ongoing_at_end: 1 });
    // k6 began in March 2024 and is still open.
    expect(monitor(M8)).toMatchObject({ incidents_started: 0, ongoing_at_end: 1 });
    expect(october.account).toMatchObject({ incidents_started: 2, ongoing_at_end: 2 });
  });

  it('expands maintenance in the account zone: the deleted period and other months left out', () => {
    expect(
      october.maintenance.map((m) => [
        m.monitor_guid,
        m.maintenance_type,
        m.start_at,
        m.end_at,
        m.excluded_seconds,
      ]),
    ).toEqual([
      [M1, 'DisableMonitoring', d('2025-10-05T10:00:00Z'), d('2025-10-05T12:00:00Z'), 7200],
      // 26 October: 02:00 local exists twice; the earlier (CEST, 00:00Z) is taken, and 03:00 comes
      // after the switch (CET, 02:00Z), so that night's window lasts two hours.
      [M2, 'DisableNotifications', d('2025-10-26T00:00:00Z'), d('2025-10-26T02:00:00Z'), 0],
    ]);
  });

  it('shows the Infra devices with their reported days, no data as no value', () => {
    expect(october.infra?.rows).toEqual([
      {
        deviceId: 'dev-1',
        deviceName: 'DB server',
        values: [99.5, null, ...Array.from({ length: 29 }, () => null)],
        uptime: 99.5,
        daysWithData: 1,
      },
    ]);
  });

  it('limits the scope to the requested groups, by name (any case) or guid', async () => {
    const scoped = await load({ period: { month: '2025-10' }, monitorGroups: ['webshop', G_API] });
    expect(scoped.scope).toBe('Webshop, Public APIs');
    expect(new Set(scoped.monitors.map((m) => m.monitor_guid))).toEqual(new Set([M1, M2, M4]));
    expect(scoped.groups.map((g) => [g.monitor_group_guid, g.members])).toEqual([
      [G_API, 3],
      [G_WEB, 1],
    ]);
    expect(scoped.account.members).toBe(3);
  });

  it('names the known groups when a requested group does not exist', async () => {
    const error = await load({ monitorGroups: ['Nope'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /"Nope" is not a monitor group.*All monitors, Public APIs, Webshop/,
    );
  });

  it('defaults to the previous month and accepts a ready-made period in the account zone only', async () => {
    expect((await load()).period.label).toBe('October 2025');
    const ready = await load({ period: monthPeriod('2025-09', ZONE) });
    expect(ready.period.start).toEqual(d('2025-08-31T22:00:00Z'));
    const wrongZone = await load({ period: monthPeriod('2025-09', 'UTC') }).catch((e: unknown) => e);
    expect(wrongZone).toBeInstanceOf(ConfigError);
  });

  it('asks for --account when the warehouse holds several accounts', async () => {
    const db = tdb.warehouse.db;
    await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id, account_name) values ('acc-2', 'UTC', true, 'api', 1, 'Globex')`.execute(
      db,
    );
    try {
      const error = await load().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/acc-1( \(\S+\))?, acc-2 \(Globex\)/);
      const other = await load({ accountId: 'acc-2' });
      expect(other.period.zone).toBe('UTC');
      expect(other.monitors).toEqual([]);
      // No alert watermark for acc-2: the time its configuration was last read.
      expect(other.dataAsOf).toBeInstanceOf(Date);
      const unknown = await load({ accountId: 'acc-9' }).catch((e: unknown) => e);
      expect((unknown as Error).message).toContain('account acc-9 is not in the warehouse');
      // The name the configuration file gives the account picks it too, in any case.
      expect((await load({ accountId: 'globex' })).period.zone).toBe('UTC');
    } finally {
      await sql`delete from uptrends.account where account_id = 'acc-2'`.execute(db);
    }
  });
});

describe('the incident report read from the warehouse', () => {
  it('lists the incidents touching October and streams the raw alerts of the period only', async () => {
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
    const model = await incidentModelOf(db, { period: { month: '2025-10' }, clock });
    // The January incident belongs to the SLA Trend only; the Staging one to no report.
    const { first: rows } = await digestIncidents(model.incidents());
    expect(rows.map((r) => r.incident_key)).toEqual(['k6', 'k0', 'k1', 'k2']);
    expect(rows.find((r) => r.incident_key === 'k6')).toMatchObject({
      ongoing_at_end: true,
      alert_count: 40,
    });
    const alerts = [];
    for await (const alert of model.rawAlerts()) alerts.push(alert);
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
