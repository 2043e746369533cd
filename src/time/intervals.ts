/**
 * The interval algebra of the project: one half-open interval type and the set operations the
 * window planner and the report models need (union, intersection, difference, clipping, total
 * length). Sets of intervals are returned sorted, disjoint and non-empty, so they compose.
 *
 * Why these operations matter: the union keeps overlapping incidents of one monitor (two alert
 * definitions raising two IncidentKeys for one outage) from being counted twice; the difference
 * takes DisableMonitoring maintenance out of monitored time; the intersection restricts downtime to
 * monitored time and to a day; clipping splits an incident that crosses a period boundary.
 * Comparisons run on epoch milliseconds, so no intermediate Date is allocated per comparison.
 */

/** A half-open interval of instants [start, end); empty when end <= start. */
export interface Interval {
  readonly start: Date;
  readonly end: Date;
}

/** All of representable time: the life of a monitor whose creation and deletion are unknown. */
export const ALL_TIME: Interval = Object.freeze({ start: new Date(-8.64e15), end: new Date(8.64e15) });

/** An interval from epoch milliseconds. */
export function interval(startMs: number, endMs: number): Interval {
  return { start: new Date(startMs), end: new Date(endMs) };
}

/** Length of one interval in milliseconds (0 when empty). */
export function durationMs(i: Interval): number {
  return Math.max(0, i.end.getTime() - i.start.getTime());
}

/** Sum of the lengths of intervals that are already disjoint (as the functions below return them). */
export function totalDurationMs(intervals: readonly Interval[]): number {
  let total = 0;
  for (const i of intervals) total += durationMs(i);
  return total;
}

/** The part of `i` inside `window`, or undefined when they do not overlap. */
export function clipInterval(i: Interval, window: Interval): Interval | undefined {
  const start = Math.max(i.start.getTime(), window.start.getTime());
  const end = Math.min(i.end.getTime(), window.end.getTime());
  return end > start ? interval(start, end) : undefined;
}

/** Milliseconds of `intervals` (sorted and disjoint, as returned below) inside `window`. */
export function overlapMs(intervals: readonly Interval[], window: Interval): number {
  const ws = window.start.getTime();
  const we = window.end.getTime();
  let total = 0;
  for (const i of intervals) {
    if (i.start.getTime() >= we) break;
    const start = Math.max(i.start.getTime(), ws);
    const end = Math.min(i.end.getTime(), we);
    if (end > start) total += end - start;
  }
  return total;
}

/**
 * Sorted, disjoint, non-empty intervals covering exactly the points of `intervals`. Touching
 * intervals ([a,b) and [b,c)) are merged, since together they cover [a,c) without a gap.
 */
export function unionIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .map((i) => ({ start: i.start.getTime(), end: i.end.getTime() }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const result: Interval[] = [];
  let current: { start: number; end: number } | undefined;
  for (const i of sorted) {
    if (current !== undefined && i.start <= current.end) {
      current.end = Math.max(current.end, i.end);
    } else {
      if (current !== undefined) result.push(interval(current.start, current.end));
      current = { ...i };
    }
  }
  if (current !== undefined) result.push(interval(current.start, current.end));
  return result;
}

/** Sorted, disjoint intervals covering the points that are in both `a` and `b`. */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const left = unionIntervals(a);
  const right = unionIntervals(b);
  const result: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const l = left[i]!;
    const r = right[j]!;
    const start = Math.max(l.start.getTime(), r.start.getTime());
    const end = Math.min(l.end.getTime(), r.end.getTime());
    if (end > start) result.push(interval(start, end));
    // Advance whichever ends first: it cannot overlap anything further on the other side.
    if (l.end.getTime() < r.end.getTime()) i += 1;
    else j += 1;
  }
  return result;
}

/** Sorted, disjoint intervals covering the points of `from` that are not in `remove`. */
export function subtractIntervals(from: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const holes = unionIntervals(remove);
  const result: Interval[] = [];
  let h = 0;
  for (const i of unionIntervals(from)) {
    const end = i.end.getTime();
    let cursor = i.start.getTime();
    // Holes are sorted; skip those that end before this interval starts.
    while (h < holes.length && holes[h]!.end.getTime() <= cursor) h += 1;
    for (let k = h; k < holes.length && holes[k]!.start.getTime() < end; k += 1) {
      const hole = holes[k]!;
      if (hole.start.getTime() > cursor) result.push(interval(cursor, hole.start.getTime()));
      cursor = Math.max(cursor, hole.end.getTime());
    }
    if (cursor < end) result.push(interval(cursor, end));
  }
  return result;
}
