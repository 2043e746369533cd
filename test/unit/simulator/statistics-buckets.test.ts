import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import {
  bucketUnitFor,
  formatBucketRule,
  parseBucketRule,
  statisticsBuckets,
  usCultureText,
} from '../../../src/simulator/statistics-buckets.ts';

const AMS = 'Europe/Amsterdam';
const sec = (iso: string): number => Date.parse(iso) / 1000;

describe('bucket rule', () => {
  it('hourly up to 48 hours, daily up to 400 days, monthly beyond', () => {
    expect(bucketUnitFor(48 * 3600)).toBe('hour');
    expect(bucketUnitFor(48 * 3600 + 1)).toBe('day');
    expect(bucketUnitFor(400 * 86_400)).toBe('day');
    expect(bucketUnitFor(400 * 86_400 + 1)).toBe('month');
  });

  it('is configurable: a service that answers a month with monthly buckets', () => {
    const rule = parseBucketRule('hourly=24h,daily=14d');
    expect(rule).toEqual({ hourlyUpToHours: 24, dailyUpToDays: 14 });
    expect(bucketUnitFor(25 * 3600, rule)).toBe('day');
    expect(bucketUnitFor(15 * 86_400, rule)).toBe('month');
    const { unit, buckets } = statisticsBuckets(
      sec('2025-05-31T22:00:00Z'),
      sec('2025-07-31T22:00:00Z'),
      sec('2026-01-01T00:00:00Z'),
      AMS,
      rule,
    );
    expect(unit).toBe('month');
    expect(buckets.map(([a]) => new Date(a * 1000).toISOString())).toEqual([
      '2025-05-31T22:00:00.000Z',
      '2025-06-30T22:00:00.000Z',
    ]);
    expect(parseBucketRule('daily=31d')).toEqual({ hourlyUpToHours: 48, dailyUpToDays: 31 });
    expect(parseBucketRule({ hourlyUpToHours: 0 })).toEqual({ hourlyUpToHours: 0, dailyUpToDays: 400 });
    expect(formatBucketRule(parseBucketRule(undefined))).toBe('hourly=48h,daily=400d');
  });

  it('refuses a rule it cannot read, naming the part', () => {
    expect(() => parseBucketRule('weekly=3w')).toThrow(ConfigError);
    expect(() => parseBucketRule('hourly=48d')).toThrow(/"hourly=48d"/);
    expect(() => parseBucketRule({ dailyUpToDays: -1 })).toThrow(ConfigError);
  });

  it('cuts at local boundaries; first and last buckets may be partial', () => {
    const { unit, buckets } = statisticsBuckets(
      sec('2025-06-01T10:30:00Z'),
      sec('2025-06-01T13:15:00Z'),
      sec('2026-01-01T00:00:00Z'),
      AMS,
    );
    expect(unit).toBe('hour');
    expect(
      buckets.map(([a, b]) => [
        new Date(a * 1000).toISOString().slice(11, 16),
        new Date(b * 1000).toISOString().slice(11, 16),
      ]),
    ).toEqual([
      ['10:30', '11:00'],
      ['11:00', '12:00'],
      ['12:00', '13:00'],
      ['13:00', '13:15'],
    ]);
  });

  it('daily buckets are local days: 23 hours in spring, 25 in autumn', () => {
    const spring = statisticsBuckets(
      sec('2025-03-28T23:00:00Z'),
      sec('2025-03-31T22:00:00Z'),
      sec('2026-01-01T00:00:00Z'),
      AMS,
    ).buckets;
    expect(spring.map(([a, b]) => (b - a) / 3600)).toEqual([24, 23, 24]);
    const autumn = statisticsBuckets(
      sec('2025-10-24T22:00:00Z'),
      sec('2025-10-27T23:00:00Z'),
      sec('2026-01-01T00:00:00Z'),
      AMS,
    ).buckets;
    expect(autumn.map(([a, b]) => (b - a) / 3600)).toEqual([24, 25, 24]);
  });

  it('monthly buckets follow calendar months; none start after the clock', () => {
    const { unit, buckets } = statisticsBuckets(
      sec('2023-12-31T23:00:00Z'),
      sec('2025-12-31T23:00:00Z'),
      sec('2025-03-15T00:00:00Z'),
      AMS,
    );
    expect(unit).toBe('month');
    expect(buckets).toHaveLength(15);
    expect(new Date(buckets[1]![0] * 1000).toISOString()).toBe('2024-01-31T23:00:00.000Z');
    expect(new Date(buckets.at(-1)![0] * 1000).toISOString()).toBe('2025-02-28T23:00:00.000Z');
  });
});

describe('usCultureText', () => {
  it.each([
    ['2025-10-13T18:00:00Z', '10/13/2025 8:00:00 PM'],
    ['2025-10-13T22:00:00Z', '10/14/2025 12:00:00 AM'],
    ['2025-10-14T10:05:09Z', '10/14/2025 12:05:09 PM'],
    ['2025-01-05T00:30:00Z', '1/5/2025 1:30:00 AM'],
  ])('%s is %s in Amsterdam', (iso, text) => expect(usCultureText(sec(iso), AMS)).toBe(text));
});
