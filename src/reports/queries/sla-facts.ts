/**
 * The SLA report's incidents and statistics, read a batch of monitors at a time. The model keeps
 * only a digest per monitor (src/reports/sla/monitor-digest.ts), so at most two batches of rows
 * are alive: the one being digested and the next, read ahead so that Postgres works on it while
 * Node digests the current one.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import type { MonitorFactColumns, SlaFactsBatch } from './report-input.ts';

/**
 * Monitors per batch. A year of one monitor is about 450 incidents and 350 buckets in the bench's
 * large account; 100 monitors keep a batch to a few megabytes, and ten round trips for 1,000.
 */
export const SLA_FACTS_BATCH_MONITORS = 100;

/** Epoch milliseconds of a timestamptz, cut to the millisecond as the driver's Date is. */
const epochMs = (column: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`floor(extract(epoch from ${column}) * 1000)::bigint::text`;

/** One text column per monitor: the values of its rows in `order`, comma-separated ('' = null). */
const list = (value: RawBuilder<unknown>, order: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`string_agg(coalesce(${value}, ''), ',' order by ${order})`;

/** A comma-separated list of numbers as a column; an empty item (null) is NaN. */
function column(text: string): Float64Array {
  const items = text.split(',');
  const values = new Float64Array(items.length);
  for (let i = 0; i < items.length; i += 1) values[i] = items[i] === '' ? Number.NaN : Number(items[i]);
  return values;
}

type IncidentLists = { monitor_guid: string; started: string; ended: string };
type BucketLists = {
  monitor_guid: string;
  bucket_start: string;
  bucket_end: string;
  uptime: string;
  downtime: string;
  sla_target: string;
  checks: string;
  confirmed_errors: string;
};

/**
 * The rows of `queryIncidents` and `queryStatistics`, one row per monitor with each column as a
 * list in the same order. A driver turns each row into an object and each instant into a Date
 * (about 110 bytes): for a year of 1,000 monitors that was 3 s of CPU and most of the garbage
 * before the model began. Monitors without rows are absent.
 */
async function queryFactColumns(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<Map<string, MonitorFactColumns>> {
  const guids = [...monitorGuids];
  const incidentOrder = sql`i.started_at, i.incident_key`;
  const bucketOrder = sql`c.bucket_start_at`;
  const [incidents, buckets] = await Promise.all([
    sql<IncidentLists>`
      select i.monitor_guid::text as monitor_guid,
             ${list(epochMs(sql`i.started_at`), incidentOrder)} as started,
             ${list(epochMs(sql`i.ended_at`), incidentOrder)} as ended
      from uptrends.incident i
      where i.account_id = ${accountId}
        and i.monitor_guid = any(${guids}::uuid[])
        and i.started_at < ${range.end}
        and (i.ended_at is null or i.ended_at > ${range.start})
      group by i.monitor_guid`.execute(db),
    sql<BucketLists>`
      select c.monitor_guid::text as monitor_guid,
             ${list(epochMs(sql`c.bucket_start_at`), bucketOrder)} as bucket_start,
             ${list(epochMs(sql`c.bucket_end_at`), bucketOrder)} as bucket_end,
             ${list(sql`coalesce(c.uptime_seconds, 0)::text`, bucketOrder)} as uptime,
             ${list(sql`coalesce(c.downtime_seconds, 0)::text`, bucketOrder)} as downtime,
             ${list(sql`c.sla_target::text`, bucketOrder)} as sla_target,
             ${list(sql`coalesce(c.checks, 0)::text`, bucketOrder)} as checks,
             ${list(sql`coalesce(c.confirmed_errors, 0)::text`, bucketOrder)} as confirmed_errors
      from uptrends.statistics_cover(${guids}::uuid[], ${range.start}, ${range.end}) c
      join uptrends.monitor m on m.monitor_guid = c.monitor_guid and m.account_id = ${accountId}
      group by c.monitor_guid`.execute(db),
  ]);
  const facts = new Map<string, MonitorFactColumns>();
  const none = new Float64Array(0);
  const empty: MonitorFactColumns = {
    incidentStart: none,
    incidentEnd: none,
    bucketStart: none,
    bucketEnd: none,
    uptimeSeconds: none,
    downtimeSeconds: none,
    slaTarget: none,
    checks: none,
    confirmedErrors: none,
  };
  const of = (guid: string): MonitorFactColumns => facts.get(guid) ?? empty;
  for (const r of incidents.rows) {
    facts.set(r.monitor_guid, {
      ...of(r.monitor_guid),
      incidentStart: column(r.started),
      incidentEnd: column(r.ended),
    });
  }
  for (const r of buckets.rows) {
    facts.set(r.monitor_guid, {
      ...of(r.monitor_guid),
      bucketStart: column(r.bucket_start),
      bucketEnd: column(r.bucket_end),
      uptimeSeconds: column(r.uptime),
      downtimeSeconds: column(r.downtime),
      slaTarget: column(r.sla_target),
      checks: column(r.checks),
      confirmedErrors: column(r.confirmed_errors),
    });
  }
  return facts;
}

/** What `slaFactsBatches` reads. */
export interface SlaFactsQuery {
  readonly accountId: string;
  readonly range: Interval;
  readonly monitorGuids: readonly string[];
  readonly batchMonitors: number;
}

async function readBatch(
  db: Kysely<Database>,
  query: SlaFactsQuery,
  monitorGuids: readonly string[],
): Promise<SlaFactsBatch> {
  const facts = await queryFactColumns(db, query.accountId, query.range, monitorGuids);
  return { monitorGuids, facts };
}

/** A fresh iterable of the batches each time it is called; one batch is read ahead. */
export function slaFactsBatches(
  db: Kysely<Database>,
  query: SlaFactsQuery,
): () => AsyncIterable<SlaFactsBatch> {
  const size = Math.max(1, Math.floor(query.batchMonitors));
  const chunks: (readonly string[])[] = [];
  for (let i = 0; i < query.monitorGuids.length; i += size) {
    chunks.push(query.monitorGuids.slice(i, i + size));
  }
  return async function* batches(): AsyncGenerator<SlaFactsBatch> {
    let next = chunks.length > 0 ? readBatch(db, query, chunks[0]!) : undefined;
    try {
      for (let i = 0; next !== undefined; i += 1) {
        const current = await next;
        next = i + 1 < chunks.length ? readBatch(db, query, chunks[i + 1]!) : undefined;
        yield current;
      }
    } finally {
      // A batch read ahead for a reader that stopped early must not end as an unhandled rejection.
      await next?.catch(() => undefined);
    }
  };
}
