/**
 * Maintenance intervals of the monitors in scope, recurring schedules expanded in the account zone
 * by the warehouse function `uptrends.maintenance_interval` (so the SQL views and the reports
 * expand them by one rule, with one DST policy).
 */
import { sql, type Kysely } from 'kysely';
import { type IanaZone } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import type { MaintenanceType, ReportMaintenance } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

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
