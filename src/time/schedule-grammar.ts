/**
 * The one grammar of report schedules, for both places a schedule is written: `nightly
 * --report-on` and the configuration file's `schedule:`. What a schedule means once read is
 * src/time/schedule.ts; this file only reads it, and owns its error messages.
 *
 * Two forms:
 * - A text (the flag, or `schedule: <text>` in the file): terms separated by commas, due when any
 *   term is. A term is `daily`, `weekly` (Mondays), `monthly` (the 1st), `quarterly` (1 Jan, Apr,
 *   Jul and Oct), `yearly` (1 January), `never`, a day of the month (`1` to `31`, or `last`) or a
 *   weekday (`monday`, or its first three letters or more: `mon`, `thurs`). `1,15` and `mon,thu`
 *   combine; `daily` wins over every other term.
 * - An object (the file only): `{ every: day|week|month|quarter|year, on: ... }` where `on` is a
 *   weekday or a list of them (week), a day of the month or a list (month; quarter: a day of the
 *   quarter's first month), `MM-DD` or `MM-last` or a list (year). `every` also takes the words
 *   `daily` .. `yearly`.
 * Every value goes through the same term readers below, so a weekday or a day of the month is
 * accepted, and refused with the same words, wherever it is written.
 */
import type { MonthDay, Schedule, ScheduleRule } from './schedule.ts';
import { WEEK_DAY_KEYS } from './week-days.ts';
import { withSuggestion } from '../did-you-mean.ts';

/** A reason a schedule cannot be read, and where in the written value (`['on', 1]`). */
export interface ScheduleProblem {
  readonly message: string;
  readonly path: readonly (string | number)[];
}

/** A read schedule, or why it cannot be read. */
export type ScheduleReading =
  | { readonly ok: true; readonly schedule: Schedule }
  | { readonly ok: false; readonly problems: readonly ScheduleProblem[] };

type Every = ScheduleRule['every'];
type YearDate = { readonly month: number; readonly day: MonthDay };

const EVERY_WORDS: Readonly<Record<string, Every>> = {
  day: 'day',
  daily: 'day',
  week: 'week',
  weekly: 'week',
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  yearly: 'year',
};

/** The rule a bare word stands for (`weekly`: Mondays; `monthly`: the 1st; ...). */
const DEFAULT_RULES: Readonly<Record<Every, ScheduleRule>> = {
  day: { every: 'day' },
  week: { every: 'week', weekdays: [1] },
  month: { every: 'month', days: [1] },
  quarter: { every: 'quarter', days: [1] },
  year: { every: 'year', dates: [{ month: 1, day: 1 }] },
};

class Refused extends Error {}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An ISO weekday (Monday 1 .. Sunday 7) from `monday`, `Mon`, `thurs`. */
function weekday(value: unknown): number {
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const index = key.length >= 3 ? WEEK_DAY_KEYS.findIndex((w) => w.startsWith(key)) : -1;
  if (index < 0) {
    const message = `"${text(value)}" is not a weekday (monday .. sunday, or mon .. sun)`;
    throw new Refused(withSuggestion(message, text(value), WEEK_DAY_KEYS));
  }
  return index + 1;
}

/** 1 to 31 or `last`, from a number or a text. */
function monthDay(value: unknown): MonthDay {
  const key = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (key === 'last') return 'last';
  const day = typeof key === 'string' && /^\d{1,2}$/.test(key) ? Number(key) : key;
  if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 31)
    throw new Refused(`"${text(value)}" is not a day of the month (1 to 31, or last)`);
  return day;
}

/** `MM-DD` or `MM-last`. */
function yearDate(value: unknown): YearDate {
  const m = typeof value === 'string' ? /^(\d{1,2})-(\d{1,2}|last)$/.exec(value.trim()) : null;
  const month = Number(m?.[1]);
  const day: MonthDay = m?.[2] === 'last' ? 'last' : Number(m?.[2]);
  if (m === null || month < 1 || month > 12 || (day !== 'last' && (day < 1 || day > 31)))
    throw new Refused(`"${text(value)}" is not a date MM-DD such as 01-15 (or MM-last)`);
  return { month, day };
}

function everyWord(value: unknown): Every {
  const every = typeof value === 'string' ? EVERY_WORDS[value.trim().toLowerCase()] : undefined;
  if (every === undefined) {
    const message = `"${text(value)}" is not a schedule: daily, weekly, monthly, quarterly or yearly`;
    throw new Refused(withSuggestion(message, text(value), Object.keys(EVERY_WORDS)));
  }
  return every;
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
const byNumber = (a: number, b: number): number => a - b;
const monthDayOrder = (a: MonthDay, b: MonthDay): number =>
  a === 'last' ? (b === 'last' ? 0 : 1) : b === 'last' ? -1 : a - b;

/** Reads the text form: `1,15`, `mon, Thursday`, `last`, `weekly`, `daily`, `never`. */
export function readScheduleText(written: string): ScheduleReading {
  const terms = written
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  if (terms.length === 0) {
    return { ok: false, problems: [{ message: 'an empty schedule (write never for no reports)', path: [] }] };
  }
  const rules: ScheduleRule[] = [];
  const monthDays: MonthDay[] = [];
  const weekdays: number[] = [];
  const problems: ScheduleProblem[] = [];
  for (const term of terms) {
    if (term === 'never') continue;
    const every = EVERY_WORDS[term];
    if (every !== undefined && term.endsWith('ly')) {
      if (every === 'month') monthDays.push(1);
      else if (every === 'week') weekdays.push(1);
      else rules.push(DEFAULT_RULES[every]);
    } else if (/^\d+$/.test(term) || term === 'last') {
      try {
        monthDays.push(monthDay(term));
      } catch (error) {
        problems.push({ message: (error as Error).message, path: [] });
      }
    } else if (term.length >= 3 && WEEK_DAY_KEYS.some((w) => w.startsWith(term))) {
      weekdays.push(weekday(term));
    } else {
      problems.push({
        message: withSuggestion(
          `"${term}" is not a schedule: daily, weekly, monthly, quarterly, yearly, never, a day of the month (1 to 31, or last) or a weekday (monday .. sunday, or mon .. sun)`,
          term,
          [...Object.keys(EVERY_WORDS).filter((w) => w.endsWith('ly')), 'never', 'last', ...WEEK_DAY_KEYS],
        ),
        path: [],
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  if (rules.some((r) => r.every === 'day')) return { ok: true, schedule: { rules: [DEFAULT_RULES.day] } };
  const ordered: ScheduleRule[] = [
    ...(monthDays.length > 0
      ? [{ every: 'month' as const, days: unique(monthDays).sort(monthDayOrder) }]
      : []),
    ...(weekdays.length > 0 ? [{ every: 'week' as const, weekdays: unique(weekdays).sort(byNumber) }] : []),
    ...unique(rules),
  ];
  return { ok: true, schedule: { rules: ordered } };
}

/** Reads the object form `{ every, on }` (the file's `schedule: { every: week, on: [mon, thu] }`). */
export function readScheduleObject(every: unknown, on: unknown): ScheduleReading {
  let unit: Every;
  try {
    unit = everyWord(every);
  } catch (error) {
    return { ok: false, problems: [{ message: (error as Error).message, path: ['every'] }] };
  }
  if (on === undefined) return { ok: true, schedule: { rules: [DEFAULT_RULES[unit]] } };
  if (unit === 'day')
    return { ok: false, problems: [{ message: 'a daily schedule takes no "on"', path: ['on'] }] };
  const list: unknown[] = Array.isArray(on) ? on : [on];
  if (list.length === 0) return { ok: false, problems: [{ message: 'give at least one', path: ['on'] }] };
  const problems: ScheduleProblem[] = [];
  const read = <T>(reader: (value: unknown) => T): T[] =>
    list.flatMap((value, index) => {
      try {
        return [reader(value)];
      } catch (error) {
        problems.push({ message: (error as Error).message, path: ['on', index] });
        return [];
      }
    });
  let rule: ScheduleRule;
  switch (unit) {
    case 'week':
      rule = { every: 'week', weekdays: unique(read(weekday)).sort(byNumber) };
      break;
    case 'month':
    case 'quarter':
      rule = { every: unit, days: unique(read(monthDay)) };
      break;
    case 'year':
      rule = { every: 'year', dates: read(yearDate) };
      break;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, schedule: { rules: [rule] } };
}
