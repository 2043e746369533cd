/**
 * Incidents of the monitors in scope that overlap the data range, from `uptrends.incident` (kept
 * current by the sync, one row per monitor and IncidentKey). Ongoing incidents (no end yet) are
 * always included when they began before the range ends: they may have been running for months.
 */
import { sql, type Kysely } from 'kysely';
import type { ReportIncident } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

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
