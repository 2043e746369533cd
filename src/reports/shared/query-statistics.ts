/**
 * Statistics buckets of the monitors in scope (`uptrends.monitor_statistics`, whatever bucket size
 * the API returned). A bucket belongs to the period it starts in, the rule the SLA model applies.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../load/database.ts';
import type { Interval } from '../../terms.ts';
import type { ReportStatisticsBucket } from './report-input.ts';

/** Buckets of `monitorGuids` starting inside `range`, by monitor and start. */
export async function queryStatistics(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<ReportStatisticsBucket[]> {
  if (monitorGuids.length === 0) return [];
  // A missing counter contributes nothing to a sum; reading it as 0 keeps the bucket's other figures.
  const rows = await sql<ReportStatisticsBucket>`
    select s.monitor_guid::text as monitor_guid,
           s.bucket_start_at,
           s.bucket_end_at,
           coalesce(s.uptime_seconds, 0)::double precision as uptime_seconds,
           coalesce(s.downtime_seconds, 0)::double precision as downtime_seconds,
           s.sla_target::double precision as sla_target,
           coalesce(s.checks, 0)::bigint as checks,
           coalesce(s.confirmed_errors, 0)::bigint as confirmed_errors
    from uptrends.monitor_statistics s
    where s.account_id = ${accountId}
      and s.monitor_guid = any(${[...monitorGuids]}::uuid[])
      and s.bucket_start_at >= ${range.start}
      and s.bucket_start_at < ${range.end}
    order by s.monitor_guid, s.bucket_start_at`.execute(db);
  return rows.rows;
}
