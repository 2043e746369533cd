/**
 * The interval algebra of intervals.ts on epoch milliseconds, for the report model's hot path. A
 * set is a flat array of pairs `[start0, end0, start1, end1, ...]`, half-open, sorted, disjoint,
 * non-empty and not touching: the same canonical form intervals.ts returns, so a set computed here
 * and one computed there from the same instants hold the same numbers. A year of incidents of a
 * thousand monitors, cut into fourteen report windows, allocates no Date this way (a Date costs
 * about 110 bytes of heap; the Date-based sets made most of the SLA report's garbage).
 */
import { interval, type Interval } from './intervals.ts';

/** A canonical set of intervals as flat `[start, end]` pairs of epoch milliseconds. */
export type MsIntervals = readonly number[];

/** The union of the intervals `[starts[i], ends[i])`; empty ones are left out, touching ones merge. */
export function unionMs(starts: ArrayLike<number>, ends: ArrayLike<number>): number[] {
  const order: number[] = [];
  for (let i = 0; i < starts.length; i += 1) if (ends[i]! > starts[i]!) order.push(i);
  order.sort((a, b) => starts[a]! - starts[b]! || ends[a]! - ends[b]!);
  const result: number[] = [];
  for (const i of order) {
    const start = starts[i]!;
    const end = ends[i]!;
    const last = result.length - 1;
    if (last > 0 && start <= result[last]!) result[last] = Math.max(result[last]!, end);
    else result.push(start, end);
  }
  return result;
}

/** The points in both sets. */
export function intersectMs(a: MsIntervals, b: MsIntervals): number[] {
  const result: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!, b[j]!);
    const end = Math.min(a[i + 1]!, b[j + 1]!);
    if (end > start) result.push(start, end);
    // Advance whichever ends first: it cannot overlap anything further on the other side.
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return result;
}

/** The points of `from` that are not in `remove`. */
export function subtractMs(from: MsIntervals, remove: MsIntervals): number[] {
  const result: number[] = [];
  let h = 0;
  for (let i = 0; i < from.length; i += 2) {
    const end = from[i + 1]!;
    let cursor = from[i]!;
    while (h < remove.length && remove[h + 1]! <= cursor) h += 2;
    for (let k = h; k < remove.length && remove[k]! < end; k += 2) {
      if (remove[k]! > cursor) result.push(cursor, remove[k]!);
      cursor = Math.max(cursor, remove[k + 1]!);
    }
    if (cursor < end) result.push(cursor, end);
  }
  return result;
}

/** The total length of a set in milliseconds. */
export function totalMs(set: MsIntervals): number {
  let total = 0;
  for (let i = 0; i < set.length; i += 2) total += set[i + 1]! - set[i]!;
  return total;
}

/** A canonical set of intervals.ts (sorted and disjoint, as its functions return) as pairs. */
export function msOf(intervals: readonly Interval[]): number[] {
  const result: number[] = [];
  for (const i of intervals) result.push(i.start.getTime(), i.end.getTime());
  return result;
}

/** The set as intervals.ts intervals. */
export function intervalsOf(set: MsIntervals): Interval[] {
  const result: Interval[] = [];
  for (let i = 0; i < set.length; i += 2) result.push(interval(set[i]!, set[i + 1]!));
  return result;
}
