/**
 * The raw alerts of a report period as a stream of pages read by keyset (raised_at, alert_id):
 * one bounded query per page, so memory stays flat for a year of alerts and it works on PGlite,
 * which has no server-side cursors. Each call of the returned function starts a fresh read,
 * because the workbook and the CSV each read the alerts once.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../load/database.ts';
import type { Interval } from '../../terms.ts';
import type { ReportRawAlert } from './report-input.ts';

/** Alerts per page. (Default: 5,000) */
export const DEFAULT_RAW_ALERT_PAGE_SIZE = 5_000;

/** What `queryRawAlerts` reads. */
export interface RawAlertsQuery {
  readonly accountId: string;
  /** Alerts raised inside [start, end). */
  readonly period: Interval;
  readonly monitorGuids: readonly string[];
  /** Alerts per query. (Default: 5,000) */
  readonly pageSize?: number | undefined;
}

interface AlertRow extends ReportRawAlert {
  /** raised_at as Postgres text: the exact key, microseconds included, which a JS Date would round. */
  readonly raised_key: string;
  readonly alert_id: string;
}

/** The alert types of the model; another value the service may send is kept in the table, not reported. */
const REPORTED_TYPES = ['Error', 'Ok', 'Reminder'];

async function readPage(
  db: Kysely<Database>,
  query: RawAlertsQuery,
  after: AlertRow | undefined,
  size: number,
): Promise<AlertRow[]> {
  const keyset =
    after === undefined
      ? sql`true`
      : sql`(a.raised_at, a.alert_id) > (${after.raised_key}::timestamptz, ${after.alert_id}::uuid)`;
  // Without planner statistics (PGlite never runs autovacuum's ANALYZE) Postgres guesses a handful
  // of rows and picks a bitmap scan plus a sort of everything after the key: every page would read
  // the rest of the period, quadratic over a year of alerts. Turning bitmap scans off for this one
  // statement leaves the index scan in (raised_at) order, which stops after one page; with real
  // statistics that is the plan Postgres picks anyway.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const rows = await sql<AlertRow>`
    select a.alert_id::text as alert_id,
           a.raised_at::text as raised_key,
           a.monitor_guid::text as monitor_guid,
           a.alert_type,
           a.raised_at as timestamp,
           coalesce(a.first_error_at, a.raised_at) as first_error,
           a.incident_key,
           a.error_description,
           a.error_message,
           a.monitor_check_id,
           a.first_error_monitor_check_id
    from uptrends.alert a
    where a.account_id = ${query.accountId}
      and a.raised_at >= ${query.period.start} and a.raised_at < ${query.period.end}
      and a.monitor_guid = any(${[...query.monitorGuids]}::uuid[])
      and a.alert_type = any(${REPORTED_TYPES}::text[])
      and ${keyset}
    order by a.raised_at, a.alert_id
    limit ${size}`.execute(trx);
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
    let after: AlertRow | undefined;
    for (;;) {
      const page = await readPage(db, query, after, size);
      for (const row of page) yield toReportAlert(row);
      if (page.length < size) return;
      after = page.at(-1);
    }
  };
}
