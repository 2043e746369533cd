/**
 * The account-local calendar: dates (`yyyy-MM-dd`), months (`yyyy-MM`), their arithmetic, and where
 * they begin as instants. Calendar arithmetic runs on the dates themselves (UTC-based day numbers),
 * never on instants: adding a day to an instant is wrong twice a year, adding a day to a date never
 * is. Only `localMidnight` and `localDateOf` cross to instants, through the zone clock, so a day on
 * which daylight saving starts or ends lasts 23 or 25 hours and every caller agrees on where it
 * begins. Weeks start on Monday (ISO 8601); quarters are calendar quarters.
 */
import { ConfigError } from '../errors.ts';
import type { IanaZone, LocalDate } from '../terms.ts';
import type { Interval } from './intervals.ts';
import { localFieldsToUtc, utcToLocal } from './zone-clock.ts';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar month `yyyy-MM`. */
export type LocalMonth = string;

/** One account-local day: its date and the instants it spans (23, 24 or 25 hours), maybe clipped. */
export interface LocalDay extends Interval {
  readonly date: LocalDate;
}

/** True when `text` is a date `yyyy-MM-dd` that exists in the calendar. */
export function isLocalDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (m === null) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** True when `text` is a month `yyyy-MM`. */
export function isLocalMonth(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

function dayNumber(date: LocalDate): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOfDayNumber(day: number): LocalDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after `date` (negative goes back). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday of a date: Monday 1 to Sunday 7. */
export function isoWeekday(date: LocalDate): number {
  // Day number 0 (1970-01-01) was a Thursday, ISO weekday 4.
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The Monday starting the ISO week of `date`. */
export function startOfWeek(date: LocalDate): LocalDate {
  return addLocalDays(date, 1 - isoWeekday(date));
}

/** The month `month` shifted by `delta` months. */
export function addMonths(month: LocalMonth, delta: number): LocalMonth {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first month of the calendar quarter holding `month`. */
export function startOfQuarter(month: LocalMonth): LocalMonth {
  const m = Number(month.slice(5, 7));
  return `${month.slice(0, 4)}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}`;
}

/** The first day of a month. */
export function firstDayOf(month: LocalMonth): LocalDate {
  return `${month}-01`;
}

/**
 * Local midnight starting `date` in `zone`, as an instant. A midnight that does not exist (zones
 * that switch at 00:00) follows the zone clock's gap rule: the day starts at 01:00 on the wall.
 */
export function localMidnight(date: LocalDate, zone: IanaZone): Date {
  const m = DATE_PATTERN.exec(date);
  if (m === null || !isLocalDate(date)) throw new ConfigError(`Not a date: ${date}`);
  return localFieldsToUtc(
    {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    },
    zone,
  );
}

/** The local date on which `instant` falls in `zone`. */
export function localDateOf(instant: Date, zone: IanaZone): LocalDate {
  return utcToLocal(instant, zone).slice(0, 10);
}

/** Local midnight starting the day that holds `instant`. */
export function startOfLocalDay(instant: Date, zone: IanaZone): Date {
  return localMidnight(localDateOf(instant, zone), zone);
}

/** The whole local day `date` as an interval. */
export function localDay(date: LocalDate, zone: IanaZone): LocalDay {
  return { date, start: localMidnight(date, zone), end: localMidnight(addLocalDays(date, 1), zone) };
}

/** The whole local month as an interval from its first midnight to the next month's. */
export function localMonthInterval(month: LocalMonth, zone: IanaZone): Interval {
  return {
    start: localMidnight(firstDayOf(month), zone),
    end: localMidnight(firstDayOf(addMonths(month, 1)), zone),
  };
}

/** Every local day that overlaps `window`, in order, each clipped to it. */
export function localDays(window: Interval, zone: IanaZone): LocalDay[] {
  const days: LocalDay[] = [];
  const startMs = window.start.getTime();
  const endMs = window.end.getTime();
  if (endMs <= startMs) return days;
  let date = localDateOf(window.start, zone);
  let dayStart = localMidnight(date, zone).getTime();
  while (dayStart < endMs) {
    const next = addLocalDays(date, 1);
    const dayEnd = localMidnight(next, zone).getTime();
    const start = Math.max(dayStart, startMs);
    const end = Math.min(dayEnd, endMs);
    if (end > start) days.push({ date, start: new Date(start), end: new Date(end) });
    date = next;
    dayStart = dayEnd;
  }
  return days;
}

/** True when `instant` is exactly a local midnight in `zone`. */
export function isLocalMidnight(instant: Date, zone: IanaZone): boolean {
  return startOfLocalDay(instant, zone).getTime() === instant.getTime();
}
