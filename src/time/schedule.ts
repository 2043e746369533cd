/**
 * Report schedules in the account's calendar: on which local dates a subscription is due, and
 * which period each due date reports. Pure: dates are `yyyy-MM-dd` texts (src/time/calendar.ts),
 * so a schedule is never off by one around a daylight-saving change; only the period of an
 * occurrence crosses to instants, through `resolvePresetPeriod`, at the local midnight that starts
 * the due date.
 *
 * Rules (the README repeats them):
 * - `day`: every date.
 * - `week`: the chosen ISO weekdays (Monday 1 .. Sunday 7).
 * - `month`: the chosen days of the month; a day the month does not have (31 in April, 29 to 31
 *   in February) means the month's last day, so a monthly schedule is due exactly once a month.
 *   `last` is the last day.
 * - `quarter`: the chosen days of the first month of each calendar quarter (Jan, Apr, Jul, Oct).
 * - `year`: the chosen month and day; 29 February means 28 February in other years.
 * A schedule holds one or more rules and is due when any rule is (`--report-on 1,15` or `mon,thu`).
 */
import { PRESET_PERIODS, type IanaZone, type LocalDate, type PresetPeriod } from '../terms.ts';
import { addLocalDays, addMonths, isoWeekday, localMidnight } from './calendar.ts';
import type { ReportPeriod } from './calendar-periods.ts';
import { reportPeriodOf } from './period-choice.ts';
import { weekDayName } from './week-days.ts';

/** A day of the month, or the last day whatever its number. */
export type MonthDay = number | 'last';

/** One rule of a schedule. */
export type ScheduleRule =
  | { readonly every: 'day' }
  | { readonly every: 'week'; readonly weekdays: readonly number[] }
  | { readonly every: 'month'; readonly days: readonly MonthDay[] }
  | { readonly every: 'quarter'; readonly days: readonly MonthDay[] }
  | {
      readonly every: 'year';
      readonly dates: readonly { readonly month: number; readonly day: MonthDay }[];
    };

/** A schedule: due on a date when any of its rules is. No rules: never due. */
export interface Schedule {
  readonly rules: readonly ScheduleRule[];
}

/**
 * The presets a scheduled report may use: whole, finished periods that end at or before the local
 * midnight starting the due date. `Current*` (still running) and `Last*Hours` (not whole days) are
 * left out: a delivered period must not change after it was sent, and the ledger keys on it.
 */
export const SCHEDULED_PRESETS = PRESET_PERIODS.filter(
  (p): p is ScheduledPreset => !p.startsWith('Current') && !p.endsWith('Hours'),
);

/** A preset a schedule can report. */
export type ScheduledPreset = Exclude<PresetPeriod, `Current${string}` | `Last${number}Hours`>;

/** Days in the month of `date` (28 to 31). */
export function daysInMonth(date: LocalDate): number {
  const next = addMonths(date.slice(0, 7), 1);
  return Number(addLocalDays(`${next}-01`, -1).slice(8, 10));
}

/** The day number `day` stands for in the month of `date` (clamped to the month's last day). */
function dayIn(date: LocalDate, day: MonthDay): number {
  const last = daysInMonth(date);
  return day === 'last' ? last : Math.min(day, last);
}

function ruleIsDue(rule: ScheduleRule, date: LocalDate): boolean {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  switch (rule.every) {
    case 'day':
      return true;
    case 'week':
      return rule.weekdays.includes(isoWeekday(date));
    case 'month':
      return rule.days.some((d) => dayIn(date, d) === day);
    case 'quarter':
      return (month - 1) % 3 === 0 && rule.days.some((d) => dayIn(date, d) === day);
    case 'year':
      return rule.dates.some((d) => d.month === month && dayIn(date, d.day) === day);
  }
}

/** True when the schedule is due on the local date `date`. */
export function isDue(schedule: Schedule, date: LocalDate): boolean {
  return schedule.rules.some((rule) => ruleIsDue(rule, date));
}

/** Every due date in [from, to] (both inclusive), oldest first. */
export function dueDates(schedule: Schedule, from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  if (schedule.rules.length === 0) return dates;
  for (let date = from; date <= to; date = addLocalDays(date, 1)) if (isDue(schedule, date)) dates.push(date);
  return dates;
}

/** Longest gap between two due dates of any schedule (a yearly one): the search bound below. */
const SEARCH_DAYS = 366 + 31;

/** The first due date after `date` (strictly), or undefined for a schedule that is never due. */
export function nextDueDate(schedule: Schedule, date: LocalDate): LocalDate | undefined {
  for (let day = addLocalDays(date, 1), n = 0; n < SEARCH_DAYS; day = addLocalDays(day, 1), n += 1) {
    if (isDue(schedule, day)) return day;
  }
  return undefined;
}

/** The last due date on or before `date`, or undefined for a schedule that is never due. */
export function latestDueDate(schedule: Schedule, date: LocalDate): LocalDate | undefined {
  for (let day = date, n = 0; n < SEARCH_DAYS; day = addLocalDays(day, -1), n += 1) {
    if (isDue(schedule, day)) return day;
  }
  return undefined;
}

/**
 * The period a report due on `due` covers: the preset resolved at the local midnight that starts
 * the due date, in the account zone. Every scheduled preset has ended by then, so the period is
 * complete on the day it is due and the same whenever it is computed (catch-up, resend).
 */
export function occurrencePeriod(preset: ScheduledPreset, due: LocalDate, zone: IanaZone): ReportPeriod {
  const start = localMidnight(due, zone);
  return reportPeriodOf({ preset }, start, zone);
}

/** The preset a rule reports when the subscription names none: the unit the schedule repeats by. */
export function defaultPresetFor(schedule: Schedule): ScheduledPreset {
  const every = schedule.rules[0]?.every ?? 'month';
  const presets: Record<ScheduleRule['every'], ScheduledPreset> = {
    day: 'PreviousDay',
    week: 'PreviousWeek',
    month: 'PreviousMonth',
    quarter: 'PreviousQuarter',
    year: 'PreviousYear',
  };
  return presets[every];
}

function dayText(day: MonthDay): string {
  if (day === 'last') return 'the last day';
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `the ${day}${suffix}`;
}

/** A schedule in words: `every Monday`, `monthly on the 1st`, `quarterly on the 5th`, `never`. */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.rules.length === 0) return 'never';
  return schedule.rules
    .map((rule) => {
      switch (rule.every) {
        case 'day':
          return 'daily';
        case 'week':
          return `every ${rule.weekdays.map((d) => weekDayName(d)).join(' and ')}`;
        case 'month':
          return `monthly on ${rule.days.map(dayText).join(' and ')}`;
        case 'quarter':
          return `quarterly on ${rule.days.map(dayText).join(' and ')} of Jan, Apr, Jul and Oct`;
        case 'year':
          return `yearly on ${rule.dates.map((d) => `${String(d.month).padStart(2, '0')}-${d.day === 'last' ? 'last' : String(d.day).padStart(2, '0')}`).join(' and ')}`;
      }
    })
    .join(', ');
}
