/**
 * The account-local calendar days of a period. Days are cut at local midnight, so a day on which
 * daylight saving starts or ends lasts 23 or 25 hours; a fixed 24-hour grid would misplace an
 * hour of downtime on those days and report a wrong daily uptime.
 */
import type { IanaZone, LocalDate } from '../../terms.ts';
import { localFieldsToUtc, utcToLocal } from '../../transform/local-time.ts';
import type { MsInterval } from './ms-interval.ts';

/** One local day of a period, clipped to the period. */
export interface LocalDay extends MsInterval {
  readonly date: LocalDate;
}

/** UTC instant of local midnight starting `date` (`yyyy-MM-dd`) in `zone`. */
export function localMidnight(date: LocalDate, zone: IanaZone): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return localFieldsToUtc(
    { year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 },
    zone,
  ).getTime();
}

/** The calendar date `days` after `date` (negative goes back). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The local date on which instant `epochMs` falls in `zone`. */
export function localDateOf(epochMs: number, zone: IanaZone): LocalDate {
  return utcToLocal(new Date(epochMs), zone).slice(0, 10);
}

/** Every local day that overlaps [start, end), in order, each clipped to [start, end). */
export function localDays(window: MsInterval, zone: IanaZone): LocalDay[] {
  const days: LocalDay[] = [];
  if (window.end <= window.start) return days;
  let date = localDateOf(window.start, zone);
  let dayStart = localMidnight(date, zone);
  while (dayStart < window.end) {
    const next = addLocalDays(date, 1);
    const dayEnd = localMidnight(next, zone);
    const start = Math.max(dayStart, window.start);
    const end = Math.min(dayEnd, window.end);
    if (end > start) days.push({ date, start, end });
    date = next;
    dayStart = dayEnd;
  }
  return days;
}
