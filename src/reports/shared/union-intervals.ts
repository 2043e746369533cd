/**
 * The union of half-open intervals. This is what keeps overlapping incidents of one monitor (two
 * alert definitions raising two IncidentKeys for the same outage) from being counted twice.
 */
import type { MsInterval } from './ms-interval.ts';

/**
 * Sorted, disjoint, non-empty intervals covering exactly the points of `intervals`. Touching
 * intervals ([a,b) and [b,c)) are merged, since together they cover [a,c) without a gap.
 */
export function unionIntervals(intervals: readonly MsInterval[]): MsInterval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const result: MsInterval[] = [];
  let current: { start: number; end: number } | undefined;
  for (const interval of sorted) {
    if (current !== undefined && interval.start <= current.end) {
      current.end = Math.max(current.end, interval.end);
    } else {
      if (current !== undefined) result.push(current);
      current = { start: interval.start, end: interval.end };
    }
  }
  if (current !== undefined) result.push(current);
  return result;
}
