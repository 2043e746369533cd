import { describe, expect, it } from 'vitest';
import {
  bucketGrain,
  isCoarserThanDay,
  responseIsCoarserThanDay,
} from '../../../src/transform/bucket-grain.ts';

const HOUR = 3_600_000;

describe('bucketGrain', () => {
  it('names the smallest local calendar unit that holds the bucket', () => {
    expect(bucketGrain('2025-06-01T10:00:00', '2025-06-01T11:00:00', HOUR)).toBe('hour');
    expect(bucketGrain('2025-06-01T10:30:00', '2025-06-01T11:00:00', HOUR / 2)).toBe('hour');
    expect(bucketGrain('2025-06-01T00:00:00', '2025-06-02T00:00:00', 24 * HOUR)).toBe('day');
    expect(bucketGrain('2025-06-01T12:00:00', '2025-06-02T00:00:00', 12 * HOUR)).toBe('day');
    expect(bucketGrain('2025-06-01T00:00:00', '2025-07-01T00:00:00', 720 * HOUR)).toBe('month');
    expect(bucketGrain('2025-12-01T00:00:00', '2026-01-01T00:00:00', 744 * HOUR)).toBe('month');
    expect(bucketGrain('2025-06-20T00:00:00', '2025-07-02T00:00:00', 288 * HOUR)).toBe('longer');
    expect(bucketGrain('2025-01-01T00:00:00', '2026-01-01T00:00:00', 8760 * HOUR)).toBe('longer');
  });

  it('a DST day is one day, the spring hour 01:00-03:00 one hour', () => {
    expect(bucketGrain('2025-03-30T00:00:00', '2025-03-31T00:00:00', 23 * HOUR)).toBe('day');
    expect(bucketGrain('2025-10-26T00:00:00', '2025-10-27T00:00:00', 25 * HOUR)).toBe('day');
    expect(bucketGrain('2025-03-30T01:00:00', '2025-03-30T03:00:00', HOUR)).toBe('hour');
  });

  it('is undefined when a bound is not a wall clock', () => {
    expect(bucketGrain('yesterday', '2025-06-01T11:00:00', HOUR)).toBeUndefined();
  });
});

describe('coarser than a day', () => {
  it('is a bucket reaching past the midnight after its start', () => {
    expect(isCoarserThanDay('2025-06-01T00:00:00', '2025-06-02T00:00:00')).toBe(false);
    expect(isCoarserThanDay('2025-06-01T23:00:00', '2025-06-02T00:00:00')).toBe(false);
    expect(isCoarserThanDay('2025-06-01T00:00:00', '2025-06-02T00:00:01')).toBe(true);
    expect(isCoarserThanDay('2025-06-01T00:00:00', '2025-07-01T00:00:00')).toBe(true);
  });

  it('judges a response by its coarsest bucket, leaving unreadable ones to validation', () => {
    const b = (start: unknown, end: unknown) => ({ Attributes: { StartDateTime: start, EndDateTime: end } });
    expect(responseIsCoarserThanDay([])).toBe(false);
    expect(
      responseIsCoarserThanDay([
        b('2025-06-01T00:00:00', '2025-06-02T00:00:00'),
        b('2025-06-02T00:00:00', '2025-06-03T00:00:00'),
      ]),
    ).toBe(false);
    expect(
      responseIsCoarserThanDay([
        b('2025-05-20T00:00:00', '2025-06-01T00:00:00'),
        b('2025-06-01T00:00:00', '2025-06-03T00:00:00'),
      ]),
    ).toBe(true);
    expect(responseIsCoarserThanDay([null, { Attributes: {} }, b(1, 2)])).toBe(false);
  });
});
