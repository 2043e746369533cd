/**
 * The facts a report period needs, read from the warehouse for the monitors in scope: incidents,
 * maintenance intervals (expanded in SQL), statistics buckets, SLA definitions, and Infra device
 * days. Each query reads a period (plus what the previous period and trend months need) once.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type {
  MaintenanceType,
  ReportIncident,
  ReportInfraDeviceDay,
  ReportMaintenance,
  ReportSlaDefinition,
  ReportStatisticsBucket,
} from './report-input.ts';
import type { IanaZone } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import type { Interval } from '../../time/intervals.ts';

/** Incidents of `monitorGuids` overlapping `range`, by monitor and start. */
export async function queryIncidents(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<ReportIncident[]> {
  if (monitorGuids.length === 0) return [];
  const rows = await sql<ReportIncident>`
    select i.monitor_guid::text as monitor_guid,
           i.incident_key,
           i.started_at,
           i.ended_at,
           coalesce(i.alert_count, 0)::integer as alert_count,
           coalesce(i.reminder_count, 0)::integer as reminder_count,
           i.first_error_description,
           i.first_error_monitor_check_id as first_error_check_id,
           i.last_monitor_check_id as last_check_id
    from uptrends.incident i
    where i.account_id = ${accountId}
      and i.monitor_guid = any(${[...monitorGuids]}::uuid[])
      and i.started_at < ${range.end}
      and (i.ended_at is null or i.ended_at > ${range.start})
    order by i.monitor_guid, i.started_at, i.incident_key`.execute(db);
  return rows.rows;
}

/** The two maintenance types of API v4; anything else the service may send is not maintenance we can apply. */
const TYPES: readonly MaintenanceType[] = ['DisableMonitoring', 'DisableNotifications'];

/**
 * Every maintenance interval of `monitorGuids` that overlaps `range`, clipped to the local days
 * the range touches, ordered by monitor and start.
 */
export async function queryMaintenance(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  zone: IanaZone,
  monitorGuids: readonly string[],
): Promise<ReportMaintenance[]> {
  if (monitorGuids.length === 0 || range.end <= range.start) return [];
  const firstDay = localDateOf(range.start, zone);
  const lastDay = localDateOf(new Date(range.end.getTime() - 1), zone);
  const rows = await sql<{ monitor_guid: string; maintenance_type: string; start_at: Date; end_at: Date }>`
    select i.monitor_guid::text as monitor_guid, i.maintenance_type, i.start_at, i.end_at
    from uptrends.maintenance_interval(${accountId}, ${firstDay}::date, ${lastDay}::date) i
    where i.monitor_guid = any(${[...monitorGuids]}::uuid[])
      and i.maintenance_type = any(${[...TYPES]}::text[])
      and i.start_at < ${range.end} and i.end_at > ${range.start}
    order by i.monitor_guid, i.start_at, i.end_at`.execute(db);
  return rows.rows.map((r) => ({
    monitor_guid: r.monitor_guid,
    maintenance_type: r.maintenance_type as MaintenanceType,
    start_at: r.start_at,
    end_at: r.end_at,
  }));
}

/**
 * Buckets of `monitorGuids` starting inside `range`, by monitor and start: for each local day the
 * buckets `uptrends.statistics_cover` chooses (the hourly ones when they tile the day, else the
 * longest; never a month bucket), the very buckets the analyst views sum, so the workbook and
 * v_monitor_uptime_daily / _monthly agree by construction and no second counts twice.
 */
export async function queryStatistics(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<ReportStatisticsBucket[]> {
  if (monitorGuids.length === 0) return [];
  // A missing counter contributes nothing to a sum; reading it as 0 keeps the bucket's other figures.
  const rows = await sql<ReportStatisticsBucket>`
    select c.monitor_guid::text as monitor_guid,
           c.bucket_start_at,
           c.bucket_end_at,
           coalesce(c.uptime_seconds, 0)::double precision as uptime_seconds,
           coalesce(c.downtime_seconds, 0)::double precision as downtime_seconds,
           c.sla_target::double precision as sla_target,
           coalesce(c.checks, 0)::bigint as checks,
           coalesce(c.confirmed_errors, 0)::bigint as confirmed_errors
    from uptrends.statistics_cover(${[...monitorGuids]}::uuid[], ${range.start}, ${range.end}) c
    join uptrends.monitor m on m.monitor_guid = c.monitor_guid and m.account_id = ${accountId}
    order by c.monitor_guid, c.bucket_start_at`.execute(db);
  return rows.rows;
}

/** SLA definitions with the group -> SLA assignments taken from status pages. */
export interface SlaDefinitionsData {
  readonly slaDefinitions: readonly ReportSlaDefinition[];
  /** monitor_group_guid -> sla_guid. */
  readonly groupSla: ReadonlyMap<string, string>;
}

/**
 * The account's SLA definitions that existed during `range` (a definition without both uptime
 * thresholds cannot give a status and is left out), and their group assignments.
 */
export async function querySlaDefinitions(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
): Promise<SlaDefinitionsData> {
  const definitions = await sql<ReportSlaDefinition>`
    select sla_guid::text as sla_guid,
           coalesce(description, sla_guid::text) as description,
           uptime_error_threshold,
           uptime_warning_threshold
    from uptrends.sla
    where account_id = ${accountId}
      and (deleted_at is null or deleted_at > ${range.start})
      and uptime_error_threshold is not null and uptime_warning_threshold is not null
    order by description, sla_guid`.execute(db);
  const assignments = await sql<{ monitor_group_guid: string; sla_guid: string }>`
    select g.guid::text as monitor_group_guid, p.sla_guid::text as sla_guid
    from uptrends.public_status_page p
    cross join lateral unnest(p.monitor_group_guids) as g(guid)
    where p.account_id = ${accountId} and p.deleted_at is null and p.sla_guid is not null
    order by coalesce(p.is_published, false) desc, p.name, p.public_status_page_guid`.execute(db);
  const known = new Set(definitions.rows.map((d) => d.sla_guid));
  const groupSla = new Map<string, string>();
  for (const a of assignments.rows) {
    if (known.has(a.sla_guid) && !groupSla.has(a.monitor_group_guid))
      groupSla.set(a.monitor_group_guid, a.sla_guid);
  }
  return { slaDefinitions: definitions.rows, groupSla };
}

/** Device days of the local days `period` touches, by device and day; [] when Infra is not in use. */
export async function queryInfraDeviceDays(
  db: Kysely<Database>,
  accountId: string,
  period: Interval,
  zone: IanaZone,
): Promise<ReportInfraDeviceDay[]> {
  if (period.end <= period.start) return [];
  const present = await sql<{ present: boolean }>`
    select to_regclass('uptrends.infra_device_uptime_daily') is not null
       and to_regclass('uptrends.infra_device') is not null as present`.execute(db);
  if (present.rows[0]?.present !== true) return [];
  const firstDay = localDateOf(period.start, zone);
  const lastDay = localDateOf(new Date(period.end.getTime() - 1), zone);
  // has_data false is a day the API reported without a measurement: no value, not 0 %.
  const rows = await sql<{
    device_id: string;
    device_name: string;
    day: string;
    uptime_percentage: number | null;
  }>`
    select u.device_id, coalesce(d.name, u.device_id) as device_name, u.day::text as day,
           case when u.has_data then u.uptime_percentage::double precision end as uptime_percentage
    from uptrends.infra_device_uptime_daily u
    left join uptrends.infra_device d on d.account_id = u.account_id and d.device_id = u.device_id
    where u.account_id = ${accountId} and u.day between ${firstDay}::date and ${lastDay}::date
    order by u.device_id, u.day`.execute(db);
  return rows.rows.map((r) => ({
    device_guid: r.device_id,
    device_name: r.device_name,
    date: r.day,
    uptime_percent: r.uptime_percentage,
  }));
}
