/**
 * Splits a statistics period into time buckets. The service does not document its rule; ours:
 * a period up to 48 hours gets hourly buckets, up to 400 days daily buckets (account-local days, so
 * DST days are 23 or 25 hours), anything longer monthly buckets. Buckets are cut at local unit
 * boundaries; the first and last may be partial when Start or End is not on a boundary. Buckets that
 * start after the clock are not returned.
 */
import { parseLocalFields, utcToLocal } from '../time/zone-clock.ts';
import type { IanaZone } from '../terms.ts';
import { addLocalDays, addMonths, firstDayOf, localDateOf, localMidnight } from '../time/calendar.ts';

/** Bucket size. */
export type BucketUnit = 'hour' | 'day' | 'month';

/** The unit for a period of the given length. */
export function bucketUnitFor(lengthSec: number): BucketUnit {
  if (lengthSec <= 48 * 3600) return 'hour';
  if (lengthSec <= 400 * 86_400) return 'day';
  return 'month';
}

function nextBoundary(sec: number, unit: BucketUnit, zone: IanaZone): number {
  const f = parseLocalFields(utcToLocal(new Date(sec * 1000), zone))!.fields;
  if (unit === 'hour') return sec - f.minute * 60 - f.second + 3600;
  const date = localDateOf(new Date(sec * 1000), zone);
  const next = unit === 'day' ? addLocalDays(date, 1) : firstDayOf(addMonths(date.slice(0, 7), 1));
  return localMidnight(next, zone).getTime() / 1000;
}

/** Buckets [start, end) of the period [startSec, endSec), those starting before `nowSec`. */
export function statisticsBuckets(
  startSec: number,
  endSec: number,
  nowSec: number,
  zone: IanaZone,
): { unit: BucketUnit; buckets: [number, number][] } {
  const unit = bucketUnitFor(endSec - startSec);
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
  const f = parseLocalFields(utcToLocal(new Date(sec * 1000), zone))!.fields;
  const h12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${f.month}/${f.day}/${f.year} ${h12}:${pad(f.minute)}:${pad(f.second)} ${f.hour < 12 ? 'AM' : 'PM'}`;
}
