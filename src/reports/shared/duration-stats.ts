/**
 * Mean, median and longest of a set of incident durations. MTTR alone is dominated by one long
 * outage, so the reports always show the median and the longest beside it.
 */

/** Statistics of durations in milliseconds; all null when there are none. */
export interface DurationStats {
  readonly count: number;
  readonly meanMs: number | null;
  readonly medianMs: number | null;
  readonly longestMs: number | null;
}

/** Mean, median (average of the middle two for an even count) and maximum of `durationsMs`. */
export function durationStats(durationsMs: readonly number[]): DurationStats {
  const count = durationsMs.length;
  if (count === 0) return { count, meanMs: null, medianMs: null, longestMs: null };
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  const middle = Math.floor(count / 2);
  const medianMs = count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { count, meanMs: sum / count, medianMs, longestMs: sorted[count - 1]! };
}
