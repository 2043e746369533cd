/**
 * Daily Infra device uptime for the SLA workbook's Infra devices sheet. Infra is optional: a
 * warehouse without the Infra tables (not migrated that far) or without Infra credentials simply
 * has no rows, and the sheet is left out.
 */
import { sql, type Kysely } from 'kysely';
import { type IanaZone } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import type { ReportInfraDeviceDay } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

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
