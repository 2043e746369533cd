/**
 * Statistics buckets of the monitors in scope (`uptrends.monitor_statistics`, whatever bucket size
 * the API returned), without overlaps. A bucket belongs to the period it starts in, the rule the
 * SLA model applies.
 */
import { sql, type Kysely } from 'kysely';
import type { ReportStatisticsBucket } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

/** Buckets of `monitorGuids` starting inside `range`, by monitor and start. */
export async function queryStatistics(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<ReportStatisticsBucket[]> {
  if (monitorGuids.length === 0) return [];
  // The table keeps every bucket the API returned, so a day may hold a daily bucket and hourly ones
  // inside it. Like the uptime views (000005), take buckets in start order, the longer first at
  // equal starts, and drop one that starts before an earlier one ends: no second counts twice.
  // A missing counter contributes nothing to a sum; reading it as 0 keeps the bucket's other figures.
  const rows = await sql<ReportStatisticsBucket>`
    select k.monitor_guid::text as monitor_guid,
           k.bucket_start_at,
           k.bucket_end_at,
           coalesce(k.uptime_seconds, 0)::double precision as uptime_seconds,
           coalesce(k.downtime_seconds, 0)::double precision as downtime_seconds,
           k.sla_target::double precision as sla_target,
           coalesce(k.checks, 0)::bigint as checks,
           coalesce(k.confirmed_errors, 0)::bigint as confirmed_errors
    from (
      select s.*,
             max(s.bucket_end_at) over (
               partition by s.monitor_guid
               order by s.bucket_start_at, s.bucket_end_at desc
               rows between unbounded preceding and 1 preceding
             ) as covered_until
      from uptrends.monitor_statistics s
      where s.account_id = ${accountId}
        and s.monitor_guid = any(${[...monitorGuids]}::uuid[])
        and s.bucket_start_at >= ${range.start}
        and s.bucket_start_at < ${range.end}
    ) k
    where k.covered_until is null or k.bucket_start_at >= k.covered_until
    order by k.monitor_guid, k.bucket_start_at`.execute(db);
  return rows.rows;
}
