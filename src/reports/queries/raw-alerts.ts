/**
 * The raw alerts of a report period as a stream of pages read by keyset on raised_at: one bounded
 * query per page, so memory stays flat for a year of alerts and it works on PGlite, which has no
 * server-side cursors. Each call of the returned function starts a fresh read, because the
 * workbook and the CSV each read the alerts once.
 *
 * A page is "the first `pageSize` alerts after the key, plus every other alert at the instant of
 * the last one". Whole instants make raised_at alone a correct key (alerts sharing a timestamp are
 * never split across pages), and the page's upper bound is found by an index scan in raised_at
 * order that stops after `pageSize` rows, so no page reads more than its own rows. Without planner
 * statistics (PGlite never runs autovacuum's ANALYZE, and a fresh load on a server has none yet) a
 * plain `order by raised_at, alert_id limit n` sorts every remaining alert of the period on each
 * page: quadratic, 3 minutes for a year of a million alerts on Postgres 15.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportRawAlert } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

/** Alerts per page, before completing the last instant. (Default: 5,000) */
export const DEFAULT_RAW_ALERT_PAGE_SIZE = 5_000;

/** What `queryRawAlerts` reads. */
export interface RawAlertsQuery {
  readonly accountId: string;
  /** Alerts raised inside [start, end). */
  readonly period: Interval;
  readonly monitorGuids: readonly string[];
  /** Alerts per query, before completing the last instant. (Default: 5,000) */
  readonly pageSize?: number | undefined;
}

interface AlertRow extends ReportRawAlert {
  /** raised_at as Postgres text: the exact key, microseconds included, which a JS Date would round. */
  readonly raised_key: string;
  /** False on the last page: fewer than a page of alerts was left. */
  readonly more: boolean;
}

/** The alert types of the model; another value the service may send is kept in the table, not reported. */
const REPORTED_TYPES = ['Error', 'Ok', 'Reminder'];

/** The filters of every statement: account, period, scope, type, and past the key. */
function filters(query: RawAlertsQuery, afterKey: string | undefined): RawBuilder<unknown> {
  const past = afterKey === undefined ? sql`true` : sql`a.raised_at > ${afterKey}::timestamptz`;
  return sql`a.account_id = ${query.accountId}
      and a.raised_at >= ${query.period.start} and a.raised_at < ${query.period.end}
      and a.monitor_guid = any(${[...query.monitorGuids]}::uuid[])
      and a.alert_type = any(${REPORTED_TYPES}::text[])
      and ${past}`;
}

async function readPage(
  db: Kysely<Database>,
  query: RawAlertsQuery,
  afterKey: string | undefined,
  size: number,
): Promise<AlertRow[]> {
  const where = filters(query, afterKey);
  // Without statistics the planner guesses one row and prefers a bitmap scan plus a sort of all
  // it finds even for the bound's `order by raised_at limit n`; with bitmap scans off it takes the
  // index in raised_at order and stops after n rows. The bound then runs once (an init plan) and
  // the outer scan only reads from the key to it: a page's worth of rows, sorted.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const rows = await sql<AlertRow>`
    with bound as (
      select max(x.raised_at) as upto, count(*) as n
      from (select a.raised_at from uptrends.alert a where ${where} order by a.raised_at limit ${size}) x
    )
    select a.raised_at::text as raised_key,
           a.monitor_guid::text as monitor_guid,
           a.alert_type,
           a.raised_at as timestamp,
           coalesce(a.first_error_at, a.raised_at) as first_error,
           a.incident_key,
           a.error_description,
           a.error_message,
           a.monitor_check_id,
           a.first_error_monitor_check_id,
           (select n from bound) = ${size} as more
    from uptrends.alert a
    where ${where} and a.raised_at <= (select upto from bound)
    order by a.raised_at, a.alert_id`.execute(trx);
    return rows.rows;
  });
}

function toReportAlert(row: AlertRow): ReportRawAlert {
  return {
    monitor_guid: row.monitor_guid,
    alert_type: row.alert_type,
    timestamp: row.timestamp,
    first_error: row.first_error,
    incident_key: row.incident_key,
    error_description: row.error_description,
    error_message: row.error_message,
    monitor_check_id: row.monitor_check_id,
    first_error_monitor_check_id: row.first_error_monitor_check_id,
  };
}

/** A function returning a fresh async iterable over the period's alerts, oldest first. */
export function queryRawAlerts(
  db: Kysely<Database>,
  query: RawAlertsQuery,
): () => AsyncIterable<ReportRawAlert> {
  const size = query.pageSize ?? DEFAULT_RAW_ALERT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`page size must be a positive whole number, not ${size}`);
  return async function* rawAlerts(): AsyncGenerator<ReportRawAlert> {
    if (query.monitorGuids.length === 0) return;
    let afterKey: string | undefined;
    for (;;) {
      const page = await readPage(db, query, afterKey, size);
      for (const row of page) yield toReportAlert(row);
      const last = page.at(-1);
      if (last === undefined || !last.more) return;
      afterKey = last.raised_key;
    }
  };
}
