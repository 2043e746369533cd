/**
 * The SLA report's incidents and statistics as numeric columns per monitor (MonitorFactColumns).
 * Each query returns one row per monitor whose rows are one comma-separated text, in the order of
 * `queryIncidents` and `queryStatistics`: a driver turns every row into an object and every
 * instant into a Date (about 110 bytes), and for a year of 1,000 monitors that was 3 s of CPU and
 * most of the garbage before the model began. One aggregate per query, so Postgres sorts once.
 *
 * The incidents are read in one query: a monitor's incidents lie all over the table, so reading
 * them a batch of monitors at a time reads the table once per batch. The statistics buckets are
 * read a batch of monitors at a time (statistics_cover works per monitor), two batches ahead, so
 * that Postgres chooses buckets while Node digests the monitors it already has.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import type { MonitorFactColumns, SlaFactsBatch } from './report-input.ts';

/**
 * Monitors per batch of statistics. A year of one monitor is about 350 daily buckets (8,400 when
 * hourly); 100 monitors are ten round trips for 1,000.
 */
export const SLA_FACTS_BATCH_MONITORS = 100;

/** Batches of statistics being read while the model digests the current one. */
const READ_AHEAD = 2;

/** Epoch milliseconds of a timestamptz as text, cut to the millisecond as the driver's Date is. */
const epochMs = (column: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`coalesce(floor(extract(epoch from ${column}) * 1000)::bigint::text, '')`;

/** Every item of a comma-separated list as a number; an empty item (null) is NaN. */
function numbers(text: string): Float64Array {
  const items = text.split(',');
  const values = new Float64Array(items.length);
  for (let i = 0; i < items.length; i += 1) values[i] = items[i] === '' ? Number.NaN : Number(items[i]);
  return values;
}

/** Column `k` of `width` columns laid out row by row. */
function strided(values: Float64Array, width: number, k: number): Float64Array {
  const column = new Float64Array(values.length / width);
  for (let i = 0; i < column.length; i += 1) column[i] = values[i * width + k]!;
  return column;
}

const NONE = new Float64Array(0);
const NO_BUCKETS = {
  bucketStart: NONE,
  bucketEnd: NONE,
  uptimeSeconds: NONE,
  downtimeSeconds: NONE,
  slaTarget: NONE,
  checks: NONE,
  confirmedErrors: NONE,
};
type IncidentColumns = Pick<MonitorFactColumns, 'incidentStart' | 'incidentEnd'>;
type BucketColumns = Omit<MonitorFactColumns, 'incidentStart' | 'incidentEnd'>;

/** Incident starts and ends of `monitorGuids` overlapping `range`, per monitor. */
export async function queryIncidentColumns(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<Map<string, IncidentColumns>> {
  if (monitorGuids.length === 0) return new Map();
  const rows = await sql<{ monitor_guid: string; list: string }>`
    select i.monitor_guid::text as monitor_guid,
           string_agg(concat_ws(',', ${epochMs(sql`i.started_at`)}, ${epochMs(sql`i.ended_at`)}), ','
                      order by i.started_at, i.incident_key) as list
    from uptrends.incident i
    where i.account_id = ${accountId}
      and i.monitor_guid = any(${[...monitorGuids]}::uuid[])
      and i.started_at < ${range.end}
      and (i.ended_at is null or i.ended_at > ${range.start})
    group by i.monitor_guid`.execute(db);
  return new Map(
    rows.rows.map((r) => {
      const values = numbers(r.list);
      return [r.monitor_guid, { incidentStart: strided(values, 2, 0), incidentEnd: strided(values, 2, 1) }];
    }),
  );
}

/** The buckets `queryStatistics` returns, per monitor, as columns. */
export async function queryBucketColumns(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
  monitorGuids: readonly string[],
): Promise<Map<string, BucketColumns>> {
  if (monitorGuids.length === 0) return new Map();
  // A missing counter contributes nothing to a sum: 0, as queryStatistics reads it.
  const rows = await sql<{ monitor_guid: string; list: string }>`
    select c.monitor_guid::text as monitor_guid,
           string_agg(concat_ws(',', ${epochMs(sql`c.bucket_start_at`)}, ${epochMs(sql`c.bucket_end_at`)},
                                coalesce(c.uptime_seconds, 0), coalesce(c.downtime_seconds, 0),
                                coalesce(c.sla_target::text, ''), coalesce(c.checks, 0),
                                coalesce(c.confirmed_errors, 0)), ','
                      order by c.bucket_start_at) as list
    from uptrends.statistics_cover(${[...monitorGuids]}::uuid[], ${range.start}, ${range.end}) c
    join uptrends.monitor m on m.monitor_guid = c.monitor_guid and m.account_id = ${accountId}
    group by c.monitor_guid`.execute(db);
  return new Map(
    rows.rows.map((r) => {
      const values = numbers(r.list);
      const column = (k: number): Float64Array => strided(values, 7, k);
      return [
        r.monitor_guid,
        {
          bucketStart: column(0),
          bucketEnd: column(1),
          uptimeSeconds: column(2),
          downtimeSeconds: column(3),
          slaTarget: column(4),
          checks: column(5),
          confirmedErrors: column(6),
        },
      ];
    }),
  );
}

/** What `slaFactsBatches` reads. */
export interface SlaFactsQuery {
  readonly accountId: string;
  readonly range: Interval;
  readonly monitorGuids: readonly string[];
  readonly batchMonitors: number;
}

/** A fresh iterable of the batches each time it is called. */
export function slaFactsBatches(
  db: Kysely<Database>,
  query: SlaFactsQuery,
): () => AsyncIterable<SlaFactsBatch> {
  const size = Math.max(1, Math.floor(query.batchMonitors));
  const chunks: (readonly string[])[] = [];
  for (let i = 0; i < query.monitorGuids.length; i += size) {
    chunks.push(query.monitorGuids.slice(i, i + size));
  }
  const { accountId, range } = query;
  return async function* batches(): AsyncGenerator<SlaFactsBatch> {
    const incidentsRead = queryIncidentColumns(db, accountId, range, query.monitorGuids);
    const reading = chunks.map(() => undefined as Promise<Map<string, BucketColumns>> | undefined);
    const readAhead = (from: number): void => {
      for (let i = from; i < Math.min(chunks.length, from + READ_AHEAD); i += 1) {
        reading[i] ??= queryBucketColumns(db, accountId, range, chunks[i]!);
      }
    };
    readAhead(0);
    try {
      const incidents = await incidentsRead;
      for (const [index, monitorGuids] of chunks.entries()) {
        const buckets = await reading[index]!;
        reading[index] = undefined;
        readAhead(index + 1);
        const facts = new Map<string, MonitorFactColumns>();
        for (const guid of monitorGuids) {
          const own = incidents.get(guid) ?? { incidentStart: NONE, incidentEnd: NONE };
          incidents.delete(guid);
          facts.set(guid, { ...own, ...(buckets.get(guid) ?? NO_BUCKETS) });
        }
        yield { monitorGuids, facts };
      }
    } finally {
      // Reads begun for a reader that stopped early must not end as unhandled rejections.
      const pending = [incidentsRead, ...reading].filter((p) => p !== undefined);
      await Promise.all(pending.map((p) => p.catch(() => undefined)));
    }
  };
}
