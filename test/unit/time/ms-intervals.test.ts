import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  intersectIntervals,
  interval as ms,
  subtractIntervals,
  totalDurationMs,
  unionIntervals,
  type Interval,
} from '../../../src/time/intervals.ts';
import {
  intersectMs,
  intervalsOf,
  msOf,
  subtractMs,
  totalMs,
  unionMs,
} from '../../../src/time/ms-intervals.ts';

// The millisecond sets must be the very sets intervals.ts computes, so the SLA figures built on
// them are unchanged: every operation is checked against its Date twin on random sets.
const interval = fc
  .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
  .map(([a, b]): Interval => ms(Math.min(a, b), Math.max(a, b)));
const intervals = fc.array(interval, { maxLength: 12 });

const union = (list: readonly Interval[]): number[] =>
  unionMs(
    list.map((i) => i.start.getTime()),
    list.map((i) => i.end.getTime()),
  );

describe('ms-intervals', () => {
  it('unions, intersects, subtracts and measures as intervals.ts does', () => {
    fc.assert(
      fc.property(intervals, intervals, (a, b) => {
        expect(union(a)).toEqual(msOf(unionIntervals(a)));
        expect(intersectMs(union(a), union(b))).toEqual(msOf(intersectIntervals(a, b)));
        expect(subtractMs(union(a), union(b))).toEqual(msOf(subtractIntervals(a, b)));
        expect(totalMs(union(a))).toBe(totalDurationMs(unionIntervals(a)));
        expect(intervalsOf(union(a))).toEqual(unionIntervals(a));
      }),
    );
  });

  it('merges touching intervals and drops empty ones; an open end stays open', () => {
    expect(unionMs([0, 5, 20, 30], [5, 10, 20, Infinity])).toEqual([0, 10, 30, Infinity]);
    expect(intersectMs([30, Infinity], [0, 40])).toEqual([30, 40]);
  });
});
