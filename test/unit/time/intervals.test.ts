import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipInterval,
  intersectIntervals,
  interval as ms,
  overlapMs,
  subtractIntervals,
  totalDurationMs,
  unionIntervals,
  type Interval,
} from '../../../src/time/intervals.ts';

// Reference model: a set of integer points 0..GRID-1; interval [s, e) covers points s..e-1.
const GRID = 60;
const interval = fc
  .tuple(fc.integer({ min: 0, max: GRID }), fc.integer({ min: 0, max: GRID }))
  .map(([a, b]): Interval => ms(Math.min(a, b), Math.max(a, b)));
const intervals = fc.array(interval, { maxLength: 12 });

function points(list: readonly Interval[]): Set<number> {
  const set = new Set<number>();
  for (const i of list) for (let p = i.start.getTime(); p < i.end.getTime(); p += 1) set.add(p);
  return set;
}

function isSortedDisjointNonEmpty(list: readonly Interval[]): boolean {
  return list.every((i, k) => i.end > i.start && (k === 0 || list[k - 1]!.end < i.start));
}

describe('interval algebra', () => {
  it('union covers exactly the input points, sorted, disjoint and non-touching', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        const union = unionIntervals(list);
        expect(isSortedDisjointNonEmpty(union)).toBe(true);
        expect(points(union)).toEqual(points(list));
        expect(totalDurationMs(union)).toBe(points(list).size);
      }),
    );
  });

  it('intersection holds the points in both sets', () => {
    fc.assert(
      fc.property(intervals, intervals, (a, b) => {
        const result = intersectIntervals(a, b);
        const pa = points(a);
        const expected = new Set([...points(b)].filter((p) => pa.has(p)));
        expect(points(result)).toEqual(expected);
        expect(result.every((i, k) => i.end > i.start && (k === 0 || result[k - 1]!.end <= i.start))).toBe(
          true,
        );
      }),
    );
  });

  it('subtraction holds the points of the first set that are not in the second', () => {
    fc.assert(
      fc.property(intervals, intervals, (a, b) => {
        const result = subtractIntervals(a, b);
        const pb = points(b);
        const expected = new Set([...points(a)].filter((p) => !pb.has(p)));
        expect(points(result)).toEqual(expected);
        expect(result.every((i) => i.end > i.start)).toBe(true);
      }),
    );
  });

  it('clipping keeps the overlap and returns undefined without one', () => {
    fc.assert(
      fc.property(interval, interval, (a, w) => {
        const clipped = clipInterval(a, w);
        const pw = points([w]);
        const expected = [...points([a])].filter((p) => pw.has(p));
        if (expected.length === 0) expect(clipped).toBeUndefined();
        else expect(points([clipped!])).toEqual(new Set(expected));
      }),
    );
  });

  it('two overlapping incidents 10:00-11:00 and 10:30-11:30 make 90 minutes, not 120', () => {
    const m = 60_000;
    const union = unionIntervals([ms(600 * m, 660 * m), ms(630 * m, 690 * m)]);
    expect(union).toEqual([ms(600 * m, 690 * m)]);
    expect(totalDurationMs(union) / m).toBe(90);
  });

  it('overlap with a window counts the points of a sorted disjoint set inside it', () => {
    fc.assert(
      fc.property(intervals, interval, (list, w) => {
        const union = unionIntervals(list);
        const pw = points([w]);
        expect(overlapMs(union, w)).toBe([...points(union)].filter((p) => pw.has(p)).length);
      }),
    );
  });
});
