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

const COMMA = 44;
const ZERO = 48;
const NINE = 57;

/**
 * A comma-separated list of `width`-tuples, row by row, as `width` columns of numbers; an empty
 * item (null) is NaN. Plain integers (epoch milliseconds, seconds, counts) are read from their
 * digits, about three times faster than splitting the text; any other item (a decimal SlaTarget,
 * a sign, more than 15 digits) is read by Number().
 */
export function numberColumns(text: string, width: number): Float64Array[] {
  let items = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === COMMA) items += 1;
  const rows = Math.floor(items / width);
  const columns = Array.from({ length: width }, () => new Float64Array(rows));
  let row = 0;
  let column = 0;
  let start = 0;
  let value = 0;
  let plain = true;
  for (let i = 0; i <= text.length && row < rows; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : COMMA;
    if (c === COMMA) {
      const read = i === start ? Number.NaN : plain && i - start <= 15 ? value : Number(text.slice(start, i));
      columns[column]![row] = read;
      column += 1;
      if (column === width) {
        column = 0;
        row += 1;
      }
      start = i + 1;
      value = 0;
      plain = true;
    } else if (c >= ZERO && c <= NINE) {
      value = value * 10 + (c - ZERO);
    } else {
      plain = false;
    }
  }
  return columns;
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
      const [incidentStart, incidentEnd] = numberColumns(r.list, 2) as [Float64Array, Float64Array];
      return [r.monitor_guid, { incidentStart, incidentEnd }];
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
      const [bucketStart, bucketEnd, uptimeSeconds, downtimeSeconds, slaTarget, checks, confirmedErrors] =
        numberColumns(r.list, 7) as [
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
        ];
      const columns = {
        bucketStart,
        bucketEnd,
        uptimeSeconds,
        downtimeSeconds,
        slaTarget,
        checks,
        confirmedErrors,
      };
      return [r.monitor_guid, columns];
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

/** One reading of every batch: the incidents and the statistics batches begun so far. */
class FactsReading {
  readonly incidents: Promise<Map<string, IncidentColumns>>;
  readonly #buckets: (Promise<Map<string, BucketColumns>> | undefined)[];

  constructor(
    readonly db: Kysely<Database>,
    readonly query: SlaFactsQuery,
    readonly chunks: readonly (readonly string[])[],
  ) {
    this.incidents = queryIncidentColumns(db, query.accountId, query.range, query.monitorGuids);
    this.#buckets = chunks.map(() => undefined);
    this.readAhead(0);
  }

  /** Begins the statistics batches `from` and the READ_AHEAD - 1 after it, where not begun yet. */
  readAhead(from: number): void {
    for (let i = from; i < Math.min(this.chunks.length, from + READ_AHEAD); i += 1) {
      this.#buckets[i] ??= queryBucketColumns(
        this.db,
        this.query.accountId,
        this.query.range,
        this.chunks[i]!,
      );
    }
  }

  /** The statistics of batch `index` (begun by `readAhead`), then forgotten. */
  async take(index: number): Promise<Map<string, BucketColumns>> {
    const buckets = await this.#buckets[index]!;
    this.#buckets[index] = undefined;
    return buckets;
  }

  /** Every read still running, settled: none may end as an unhandled rejection. */
  async settle(): Promise<void> {
    const pending = [this.incidents, ...this.#buckets].filter((p) => p !== undefined);
    await Promise.all(pending.map((p) => p.catch(() => undefined)));
  }
}

/**
 * A fresh iterable of the batches each time it is called. Reading begins at once, for the first
 * iterable: the model asks for it after the rest of the input is read.
 */
export function slaFactsBatches(
  db: Kysely<Database>,
  query: SlaFactsQuery,
): () => AsyncIterable<SlaFactsBatch> {
  const size = Math.max(1, Math.floor(query.batchMonitors));
  const chunks: (readonly string[])[] = [];
  for (let i = 0; i < query.monitorGuids.length; i += size) {
    chunks.push(query.monitorGuids.slice(i, i + size));
  }
  let primed: FactsReading | undefined = new FactsReading(db, query, chunks);
  // Handled here so that an input never read (an error elsewhere) leaves no unhandled rejection;
  // the reader still sees any error.
  void primed.settle();
  return async function* batches(): AsyncGenerator<SlaFactsBatch> {
    const reading = primed ?? new FactsReading(db, query, chunks);
    primed = undefined;
    try {
      const incidents = await reading.incidents;
      for (const [index, monitorGuids] of chunks.entries()) {
        const buckets = await reading.take(index);
        reading.readAhead(index + 1);
        const facts = new Map<string, MonitorFactColumns>();
        for (const guid of monitorGuids) {
          const own = incidents.get(guid) ?? { incidentStart: NONE, incidentEnd: NONE };
          incidents.delete(guid);
          facts.set(guid, { ...own, ...(buckets.get(guid) ?? NO_BUCKETS) });
        }
        yield { monitorGuids, facts };
      }
    } finally {
      await reading.settle();
    }
  };
}
