/**
 * Periods in the account's calendar: the API's PresetPeriod literals and the report periods built
 * from months and days (their label, their calendar shape, the period before, the trend months).
 *
 * Preset rules. The service documents only "completed units" for the Previous and Last periods;
 * the exact rules below are ours, shared by the ETL, the reports and the simulator so they agree:
 * - `Current*`: start of the current calendar unit up to `now` (partial).
 * - `Previous*`: the whole previous calendar unit.
 * - `LastNHours`: N elapsed hours ending at the start of the current local hour.
 * - `LastNDays`: N completed calendar days ending at today's local midnight (a DST day counts as
 *   one day of 23 or 25 hours).
 * - `LastNMonths`: the calendar months completed *inside* the rolling N-month window ending now,
 *   as the spec and the vendor KB say ("Last12Months on 25 January 2025 -> February to December
 *   2024": 11 months); N months only when now is a month start. The simpler reading, N whole
 *   months before this month, is `{ lastMonths: 'whole' }`.
 */
import type { IanaZone, LocalDate, LocalDateTime, PresetPeriod } from '../terms.ts';
import {
  addLocalDays,
  addMonths,
  daysBetween,
  firstDayOf,
  localDateOf,
  localMidnight,
  localMonthInterval,
  startOfQuarter,
  startOfWeek,
  type LocalMonth,
} from './calendar.ts';
import type { Interval } from './intervals.ts';
import { utcToLocal } from './zone-clock.ts';

const HOUR_MS = 3_600_000;
/** English month names, January first: the labels of periods and of messages about dates. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Options of resolvePresetPeriod. */
export interface ResolvePresetOptions {
  /**
   * `whole`: LastNMonths is N whole months before this month. `within-rolling-window`: the vendor KB
   * reading, the whole months inside [now - N months, now), i.e. N - 1 months unless now is on a
   * month start. (Default: within-rolling-window, the spec's meaning)
   */
  lastMonths?: 'whole' | 'within-rolling-window';
}

/** A resolved preset period: UTC instants plus the account-local wall-clock texts of both ends. */
export interface ResolvedPeriod extends Interval {
  readonly startLocal: LocalDateTime;
  readonly endLocal: LocalDateTime;
}

/** A report period: a half-open interval of account-local time with the label shown in titles. */
export interface ReportPeriod extends Interval {
  /** The account's IANA zone: every day, month and heat-map hour is computed in it. */
  readonly zone: IanaZone;
  /** Human label shown in titles, e.g. `October 2025` or `2025-10-01 to 2025-10-14`. */
  readonly label: string;
}

/** A period's calendar shape: a whole month, whole local days, or arbitrary instants. */
export type PeriodShape =
  | { readonly kind: 'month'; readonly month: LocalMonth }
  | {
      readonly kind: 'days';
      readonly firstDay: LocalDate;
      readonly lastDay: LocalDate;
      readonly dayCount: number;
    }
  | { readonly kind: 'instants' };

function resolved(start: Date, end: Date, zone: IanaZone): ResolvedPeriod {
  return { start, end, startLocal: utcToLocal(start, zone), endLocal: utcToLocal(end, zone) };
}

/**
 * The interval a PresetPeriod stands for at `now` in `zone`, half-open [start, end).
 * Throws a RangeError for a literal it does not know (callers validate input first).
 */
export function resolvePresetPeriod(
  preset: PresetPeriod,
  now: Date,
  zone: IanaZone,
  options: ResolvePresetOptions = {},
): ResolvedPeriod {
  const wall = utcToLocal(now, zone);
  const today = wall.slice(0, 10);
  const month = wall.slice(0, 7);
  const midnight = (date: LocalDate): Date => localMidnight(date, zone);
  const monthStart = (m: LocalMonth): Date => midnight(firstDayOf(m));

  const hours = /^Last(\d+)Hours$/.exec(preset);
  if (hours !== null) {
    // Subtract the local minutes and seconds rather than converting "HH:00" back: in the repeated
    // autumn hour the wall-clock text is ambiguous, the elapsed time since the hour began is not.
    const elapsed = (Number(wall.slice(14, 16)) * 60 + Number(wall.slice(17, 19))) * 1000;
    const endMs = now.getTime() - elapsed - (now.getTime() % 1000);
    return resolved(new Date(endMs - Number(hours[1]) * HOUR_MS), new Date(endMs), zone);
  }
  const days = /^Last(\d+)Days$/.exec(preset);
  if (days !== null) return resolved(midnight(addLocalDays(today, -Number(days[1]))), midnight(today), zone);
  const months = /^Last(\d+)Months$/.exec(preset);
  if (months !== null) {
    const end = monthStart(month);
    const n = Number(months[1]);
    const onMonthStart = end.getTime() === now.getTime();
    const count =
      (options.lastMonths ?? 'within-rolling-window') === 'within-rolling-window' && !onMonthStart
        ? n - 1
        : n;
    return resolved(monthStart(addMonths(month, -count)), end, zone);
  }
  const monday = startOfWeek(today);
  const quarter = startOfQuarter(month);
  const year = `${month.slice(0, 4)}-01`;
  switch (preset) {
    case 'CurrentDay':
      return resolved(midnight(today), now, zone);
    case 'CurrentWeek':
      return resolved(midnight(monday), now, zone);
    case 'CurrentMonth':
      return resolved(monthStart(month), now, zone);
    case 'CurrentQuarter':
      return resolved(monthStart(quarter), now, zone);
    case 'CurrentYear':
      return resolved(monthStart(year), now, zone);
    case 'PreviousDay':
      return resolved(midnight(addLocalDays(today, -1)), midnight(today), zone);
    case 'PreviousWeek':
      return resolved(midnight(addLocalDays(monday, -7)), midnight(monday), zone);
    case 'PreviousMonth':
      return resolved(monthStart(addMonths(month, -1)), monthStart(month), zone);
    case 'PreviousQuarter':
      return resolved(monthStart(addMonths(quarter, -3)), monthStart(quarter), zone);
    case 'PreviousYear':
      return resolved(monthStart(addMonths(year, -12)), monthStart(year), zone);
    default:
      throw new RangeError(`unknown PresetPeriod ${String(preset)}`);
  }
}

/** The name of a month, e.g. `October 2025`. */
export function monthLabel(month: LocalMonth): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]!} ${month.slice(0, 4)}`;
}

/** The whole local month `yyyy-MM` in `zone`, labelled like `October 2025`. */
export function monthPeriod(month: LocalMonth, zone: IanaZone): ReportPeriod {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`not a month: ${month}`);
  return { ...localMonthInterval(month, zone), zone, label: monthLabel(month) };
}

/** The label of a range of whole days. */
export function daysLabel(first: LocalDate, last: LocalDate): string {
  return first === last ? first : `${first} to ${last}`;
}

/** Classifies `period` in its own zone. */
export function periodShape(period: Interval & { readonly zone: IanaZone }): PeriodShape {
  const firstDay = localDateOf(period.start, period.zone);
  const endDay = localDateOf(period.end, period.zone);
  const aligned =
    localMidnight(firstDay, period.zone).getTime() === period.start.getTime() &&
    localMidnight(endDay, period.zone).getTime() === period.end.getTime() &&
    period.end > period.start;
  if (!aligned) return { kind: 'instants' };
  if (
    firstDay.endsWith('-01') &&
    endDay.endsWith('-01') &&
    addMonths(firstDay.slice(0, 7), 1) === endDay.slice(0, 7)
  ) {
    return { kind: 'month', month: firstDay.slice(0, 7) };
  }
  return {
    kind: 'days',
    firstDay,
    lastDay: addLocalDays(endDay, -1),
    dayCount: daysBetween(firstDay, endDay),
  };
}

/**
 * The period the KPI tiles compare against: the previous calendar month for a monthly report, the
 * same number of local days just before for a day range, the same length before otherwise.
 */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const shape = periodShape(period);
  if (shape.kind === 'month') return monthPeriod(addMonths(shape.month, -1), period.zone);
  if (shape.kind === 'days') {
    const first = addLocalDays(shape.firstDay, -shape.dayCount);
    return {
      start: localMidnight(first, period.zone),
      end: period.start,
      zone: period.zone,
      label: daysLabel(first, addLocalDays(shape.firstDay, -1)),
    };
  }
  const length = period.end.getTime() - period.start.getTime();
  return {
    start: new Date(period.start.getTime() - length),
    end: period.start,
    zone: period.zone,
    label: `previous ${Math.round(length / 60_000)} minutes`,
  };
}

/** `count` consecutive local months, oldest first, the last holding the period's last instant. */
export function trendMonths(period: ReportPeriod, count = 12): ReportPeriod[] {
  const lastMonth = localDateOf(new Date(period.end.getTime() - 1), period.zone).slice(0, 7);
  const months: ReportPeriod[] = [];
  for (let delta = count - 1; delta >= 0; delta -= 1) {
    months.push(monthPeriod(addMonths(lastMonth, -delta), period.zone));
  }
  return months;
}

/**
 * The elapsed part of a period, [start, min(end, now)), empty when it has not started: a report
 * of a running period must not count the future as monitored, up time.
 */
export function elapsedWindow(period: Interval, now: Date): Interval {
  const start = period.start.getTime();
  return {
    start: period.start,
    end: new Date(Math.max(start, Math.min(period.end.getTime(), now.getTime()))),
  };
}
