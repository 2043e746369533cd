/**
 * Splits a statistics period into time buckets. The service does not document its rule (facts
 * 3.2), so the simulator's is configurable (`BucketRule`): by default a period up to 48 hours gets
 * hourly buckets, up to 400 days daily buckets (account-local days, so DST days are 23 or 25
 * hours), anything longer monthly buckets. Buckets are cut at local unit boundaries; the first and
 * last may be partial when Start or End is not on a boundary. Buckets that start after the clock
 * are not returned.
 */
import { ConfigError } from '../errors.ts';
import type { IanaZone } from '../terms.ts';
import { addLocalDays, addMonths, localDateOf, localMidnight, wallFields } from './sim-calendar.ts';

/** Bucket size. */
export type BucketUnit = 'hour' | 'day' | 'month';

/** Which bucket size a period gets, by its length in real time. */
export interface BucketRule {
  /** Periods up to this many hours get hourly buckets. (Default: 48) */
  readonly hourlyUpToHours: number;
  /** Longer periods up to this many days (of 86,400 s) get daily buckets, longer ones monthly. (Default: 400) */
  readonly dailyUpToDays: number;
}

/** The simulator's default rule. */
export const DEFAULT_BUCKET_RULE: BucketRule = Object.freeze({ hourlyUpToHours: 48, dailyUpToDays: 400 });

/**
 * A rule from its text form, `hourly=<n>h,daily=<n>d` (either part may be left out and keeps its
 * default), or from an object. Throws a ConfigError naming the part that is wrong.
 */
export function parseBucketRule(spec: string | Partial<BucketRule> | undefined): BucketRule {
  if (spec === undefined) return DEFAULT_BUCKET_RULE;
  const rule: { hourlyUpToHours: number; dailyUpToDays: number } = { ...DEFAULT_BUCKET_RULE };
  if (typeof spec === 'string') {
    for (const part of spec
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')) {
      const m = /^(hourly|daily)\s*=\s*(\d+(?:\.\d+)?)\s*([hd])$/i.exec(part);
      const key = m?.[1]?.toLowerCase();
      const unit = m?.[3]?.toLowerCase();
      if (m === null || (key === 'hourly' && unit !== 'h') || (key === 'daily' && unit !== 'd')) {
        throw new ConfigError(
          `simulator: statistics buckets "${part}" is not hourly=<hours>h or daily=<days>d (e.g. hourly=48h,daily=400d)`,
          { context: { option: 'statisticsBuckets' } },
        );
      }
      if (key === 'hourly') rule.hourlyUpToHours = Number(m[2]);
      else rule.dailyUpToDays = Number(m[2]);
    }
  } else {
    if (spec.hourlyUpToHours !== undefined) rule.hourlyUpToHours = spec.hourlyUpToHours;
    if (spec.dailyUpToDays !== undefined) rule.dailyUpToDays = spec.dailyUpToDays;
  }
  if (
    !(rule.hourlyUpToHours >= 0) ||
    !(rule.dailyUpToDays >= 0) ||
    !Number.isFinite(rule.hourlyUpToHours + rule.dailyUpToDays)
  )
    throw new ConfigError('simulator: statistics bucket limits must be numbers >= 0', {
      context: { option: 'statisticsBuckets' },
    });
  return Object.freeze(rule);
}

/** The text form of a rule, as parseBucketRule reads it. */
export function formatBucketRule(rule: BucketRule): string {
  return `hourly=${rule.hourlyUpToHours}h,daily=${rule.dailyUpToDays}d`;
}

/** The unit for a period of the given length. */
export function bucketUnitFor(lengthSec: number, rule: BucketRule = DEFAULT_BUCKET_RULE): BucketUnit {
  if (lengthSec <= rule.hourlyUpToHours * 3600) return 'hour';
  if (lengthSec <= rule.dailyUpToDays * 86_400) return 'day';
  return 'month';
}

function nextBoundary(sec: number, unit: BucketUnit, zone: IanaZone): number {
  const f = wallFields(new Date(sec * 1000), zone);
  if (unit === 'hour') return sec - f.minute * 60 - f.second + 3600;
  const date = localDateOf(new Date(sec * 1000), zone);
  const next = unit === 'day' ? addLocalDays(date, 1) : `${addMonths(date.slice(0, 7), 1)}-01`;
  return localMidnight(next, zone).getTime() / 1000;
}

/** Buckets [start, end) of the period [startSec, endSec), those starting before `nowSec`. */
export function statisticsBuckets(
  startSec: number,
  endSec: number,
  nowSec: number,
  zone: IanaZone,
  rule: BucketRule = DEFAULT_BUCKET_RULE,
): { unit: BucketUnit; buckets: [number, number][] } {
  const unit = bucketUnitFor(endSec - startSec, rule);
  const buckets: [number, number][] = [];
  for (let a = startSec; a < endSec && a < nowSec;) {
    const b = Math.min(nextBoundary(a, unit, zone), endSec);
    buckets.push([a, b]);
    a = b;
  }
  return { unit, buckets };
}

/** US-culture text of a local time, as the service writes bucket ids: `10/13/2025 8:00:00 PM`. */
export function usCultureText(sec: number, zone: IanaZone): string {
  const f = wallFields(new Date(sec * 1000), zone);
  const h12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${f.month}/${f.day}/${f.year} ${h12}:${pad(f.minute)}:${pad(f.second)} ${f.hour < 12 ? 'AM' : 'PM'}`;
}
