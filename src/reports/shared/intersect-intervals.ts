/**
 * Intersection of two interval sets: downtime restricted to monitored time, maintenance restricted
 * to a monitor's life, a day's share of downtime.
 */
import type { MsInterval } from './ms-interval.ts';
import { unionIntervals } from './union-intervals.ts';

/** Sorted, disjoint intervals covering the points that are in both `a` and `b`. */
export function intersectIntervals(a: readonly MsInterval[], b: readonly MsInterval[]): MsInterval[] {
  const left = unionIntervals(a);
  const right = unionIntervals(b);
  const result: MsInterval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const l = left[i]!;
    const r = right[j]!;
    const start = Math.max(l.start, r.start);
    const end = Math.min(l.end, r.end);
    if (end > start) result.push({ start, end });
    // Advance whichever ends first: it cannot overlap anything further on the other side.
    if (l.end < r.end) i += 1;
    else j += 1;
  }
  return result;
}
