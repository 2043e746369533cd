/**
 * Interval maths runs on epoch milliseconds rather than `Date`s: the models union, clip and
 * subtract thousands of intervals, and numbers compare and subtract without allocation.
 */
import type { Interval } from '../../terms.ts';

/** A half-open interval [start, end) in epoch milliseconds; empty when end <= start. */
export interface MsInterval {
  readonly start: number;
  readonly end: number;
}

/** The millisecond form of a `Date` interval. */
export function toMsInterval(interval: Interval): MsInterval {
  return { start: interval.start.getTime(), end: interval.end.getTime() };
}

/** Sum of the lengths of intervals that are already disjoint (as `unionIntervals` returns them). */
export function totalDurationMs(intervals: readonly MsInterval[]): number {
  let total = 0;
  for (const interval of intervals) total += Math.max(0, interval.end - interval.start);
  return total;
}
