/**
 * Resolves an Uptrends PresetPeriod literal to a half-open interval, computed in the account's time
 * zone against an injected clock. The service documents only "completed units" for the Previous and
 * Last periods; the exact rules below are ours, shared by the ETL and the simulator so they agree:
 *
 * - `Current*`: start of the current calendar unit up to `now` (partial).
 * - `Previous*`: the whole previous calendar unit.
 * - `LastNHours`: N elapsed hours ending at the start of the current local hour.
 * - `LastNDays`: N completed calendar days ending at today's local midnight (a DST day counts as one
 *   day of 23 or 25 hours).
 * - `LastNMonths`: the calendar months completed *inside* the rolling N-month window ending now,
 *   as the spec and the vendor KB say ("Last12Months on 25 January 2025 -> February to December
 *   2024": 11 months, both Januaries excluded); N months only when now is a month start. The
 *   simpler reading, N whole months before this month, is `{ lastMonths: 'whole' }`.
 * - Weeks start on Monday (ISO 8601); quarters are calendar quarters (Jan, Apr, Jul, Oct).
 *
 * Local midnights that do not exist (zones switching DST at 00:00) follow the policy of
 * `local-time.ts`: they move forward by the gap.
 */
import type { IanaZone, LocalDateTime, PresetPeriod } from '../terms.ts';
import { localFieldsToUtc, parseLocalFields, utcToLocal } from './local-time.ts';

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
export interface ResolvedPeriod {
  start: Date;
  end: Date;
  startLocal: LocalDateTime;
  endLocal: LocalDateTime;
}

const HOUR_MS = 3_600_000;

/** Local midnight of a calendar date given as a UTC-based day number (days since 1970-01-01). */
function midnight(dayNumber: number, zone: IanaZone): Date {
  const d = new Date(dayNumber * 86_400_000);
  return localFieldsToUtc(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    },
    zone,
  );
}

/** Local midnight of the first day of a month; `monthIndex` may run outside 0-11. */
function firstOfMonth(year: number, monthIndex: number, zone: IanaZone): Date {
  return midnight(Math.floor(Date.UTC(year, monthIndex, 1) / 86_400_000), zone);
}

function result(start: Date, end: Date, zone: IanaZone): ResolvedPeriod {
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
  const parsed = parseLocalFields(utcToLocal(now, zone));
  if (parsed === undefined) throw new RangeError('unreadable clock');
  const { year, month, day } = parsed.fields;
  const today = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  // 1970-01-01 was a Thursday: day number 0 -> ISO weekday 4 (Monday = 1).
  const isoWeekday = ((((today + 3) % 7) + 7) % 7) + 1;
  const monday = today - (isoWeekday - 1);
  const quarterMonth = Math.floor((month - 1) / 3) * 3;

  const hours = /^Last(\d+)Hours$/.exec(preset);
  if (hours !== null) {
    // Subtract the local minutes and seconds rather than converting "HH:00" back: in the repeated
    // autumn hour the wall-clock text is ambiguous, the elapsed time since the hour began is not.
    const { minute, second } = parsed.fields;
    const endMs = now.getTime() - (minute * 60 + second) * 1000 - (now.getTime() % 1000);
    return result(new Date(endMs - Number(hours[1]) * HOUR_MS), new Date(endMs), zone);
  }
  const days = /^Last(\d+)Days$/.exec(preset);
  if (days !== null) return result(midnight(today - Number(days[1]), zone), midnight(today, zone), zone);
  const months = /^Last(\d+)Months$/.exec(preset);
  if (months !== null) {
    const end = firstOfMonth(year, month - 1, zone);
    const n = Number(months[1]);
    const onMonthStart = end.getTime() === now.getTime();
    const count =
      (options.lastMonths ?? 'within-rolling-window') === 'within-rolling-window' && !onMonthStart
        ? n - 1
        : n;
    return result(firstOfMonth(year, month - 1 - count, zone), end, zone);
  }

  switch (preset) {
    case 'CurrentDay':
      return result(midnight(today, zone), now, zone);
    case 'CurrentWeek':
      return result(midnight(monday, zone), now, zone);
    case 'CurrentMonth':
      return result(firstOfMonth(year, month - 1, zone), now, zone);
    case 'CurrentQuarter':
      return result(firstOfMonth(year, quarterMonth, zone), now, zone);
    case 'CurrentYear':
      return result(firstOfMonth(year, 0, zone), now, zone);
    case 'PreviousDay':
      return result(midnight(today - 1, zone), midnight(today, zone), zone);
    case 'PreviousWeek':
      return result(midnight(monday - 7, zone), midnight(monday, zone), zone);
    case 'PreviousMonth':
      return result(firstOfMonth(year, month - 2, zone), firstOfMonth(year, month - 1, zone), zone);
    case 'PreviousQuarter':
      return result(firstOfMonth(year, quarterMonth - 3, zone), firstOfMonth(year, quarterMonth, zone), zone);
    case 'PreviousYear':
      return result(firstOfMonth(year - 1, 0, zone), firstOfMonth(year, 0, zone), zone);
    default:
      throw new RangeError(`unknown PresetPeriod ${String(preset)}`);
  }
}
