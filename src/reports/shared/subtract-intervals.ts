/**
 * Difference of two interval sets: a period minus DisableMonitoring maintenance (monitored time),
 * downtime minus excluded maintenance.
 */
import type { MsInterval } from './ms-interval.ts';
import { unionIntervals } from './union-intervals.ts';

/** Sorted, disjoint intervals covering the points of `from` that are not in `remove`. */
export function subtractIntervals(from: readonly MsInterval[], remove: readonly MsInterval[]): MsInterval[] {
  const holes = unionIntervals(remove);
  const result: MsInterval[] = [];
  let h = 0;
  for (const interval of unionIntervals(from)) {
    let cursor = interval.start;
    // Holes are sorted; skip those that end before this interval starts.
    while (h < holes.length && holes[h]!.end <= cursor) h += 1;
    let k = h;
    while (k < holes.length && holes[k]!.start < interval.end) {
      const hole = holes[k]!;
      if (hole.start > cursor) result.push({ start: cursor, end: hole.start });
      cursor = Math.max(cursor, hole.end);
      k += 1;
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end });
  }
  return result;
}
