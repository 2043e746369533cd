/**
 * The grain of a statistics bucket: the smallest account-local calendar unit that holds it. The
 * service chooses bucket sizes from the requested period without documenting the rule (facts 3.2),
 * so the ETL reads the grain from each bucket instead of assuming one: the statistics stream asks
 * again in shorter windows when a response is coarser than a day, the table stores every bucket's
 * grain (`monitor_statistics.grain`), and the views take a day from day-or-finer buckets only.
 *
 * Computed from wall clocks, where calendar units live: a day bucket of a DST day is 23 or 25
 * hours long and still one day. Only "an hour" is measured in real time, because the spring hour
 * 01:00 -> 03:00 is one hour long although its wall clock spans two. Migration 000011 applies the
 * same rule in SQL to the buckets stored before it.
 */
import { parseLocalFields } from '../time/zone-clock.ts';

/** Grains from finest to coarsest. */
export const BUCKET_GRAINS = ['hour', 'day', 'month', 'longer'] as const;

/** `hour`, `day`, `month`, or `longer` (more than one local month). */
export type BucketGrain = (typeof BUCKET_GRAINS)[number];

const HOUR_MS = 3_600_000;

/** Milliseconds of a wall clock read as if it were UTC: calendar arithmetic without a zone. */
function wallMs(local: string): number | undefined {
  const parsed = parseLocalFields(local);
  if (parsed === undefined) return undefined;
  const f = parsed.fields;
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millisecond);
}

/** The local midnight after the day of `ms`, and the first of the month after it (wall-clock ms). */
function nextBoundaries(ms: number): { day: number; month: number } {
  const d = new Date(ms);
  return {
    day: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1),
    month: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/**
 * The grain of one bucket, from its wall-clock bounds as sent and (for `hour`) its real length in
 * milliseconds; undefined when a bound is not a wall clock.
 */
export function bucketGrain(
  startLocal: string,
  endLocal: string,
  realLengthMs: number,
): BucketGrain | undefined {
  const start = wallMs(startLocal);
  const end = wallMs(endLocal);
  if (start === undefined || end === undefined) return undefined;
  if (realLengthMs <= HOUR_MS) return 'hour';
  const next = nextBoundaries(start);
  if (end <= next.day) return 'day';
  if (end <= next.month) return 'month';
  return 'longer';
}

/** True when a bucket reaches past the local midnight after its start: coarser than a day. */
export function isCoarserThanDay(startLocal: string, endLocal: string): boolean {
  const start = wallMs(startLocal);
  const end = wallMs(endLocal);
  if (start === undefined || end === undefined) return false;
  return end > nextBoundaries(start).day;
}

/**
 * The coarsest grain among the raw buckets of one statistics response, judged from their wall
 * clocks only (`day` for anything within one local day, hours included): what the stream needs to
 * decide whether to ask again in shorter windows. Buckets without readable bounds are left to
 * record validation; an empty response is `day` (nothing coarse in it).
 */
export function responseIsCoarserThanDay(records: readonly unknown[]): boolean {
  for (const record of records) {
    const attributes = (record as { Attributes?: { StartDateTime?: unknown; EndDateTime?: unknown } } | null)
      ?.Attributes;
    const start = attributes?.StartDateTime;
    const end = attributes?.EndDateTime;
    if (typeof start === 'string' && typeof end === 'string' && isCoarserThanDay(start, end)) return true;
  }
  return false;
}
