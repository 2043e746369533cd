/**
 * The plain rows the SLA report shows beside its figures: the account's SLA definitions with the
 * groups held to them, and the Infra devices' daily uptime as the API reported it.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { ReportInfraDeviceDay, ReportSlaDefinition } from './report-input.ts';
import type { IanaZone } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import type { Interval } from '../../time/intervals.ts';

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
