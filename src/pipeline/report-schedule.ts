/**
 * `nightly --report-on`: when the default subscription (no `subscriptions:` in the configuration
 * file) is due: on chosen days of the month (`1` = the 1st, the default, for the PreviousMonth
 * workbooks), on chosen weekdays (`mon`), `daily`, or `never`; combinations allowed (`1,15`,
 * `mon,thu`). Parsed into a schedule of src/time/schedule.ts, evaluated on account-local dates.
 */
import { ConfigError } from '../errors.ts';
import type { LocalDate } from '../terms.ts';
import { isDue, type Schedule, type ScheduleRule } from '../time/schedule.ts';
import { WEEK_DAY_SHORT_KEYS } from '../time/week-days.ts';

const WEEKDAYS = WEEK_DAY_SHORT_KEYS;

/** When `nightly` reports unless told: on the 1st, for the previous month's workbooks. */
export const DEFAULT_REPORT_ON = '1';

/** A parsed `--report-on`. */
export interface ReportSchedule extends Schedule {
  readonly text: string;
}

/** Parses `1,15`, `mon,thu`, `daily` or `never` (combinations of days and weekdays allowed). */
export function parseReportSchedule(text: string): ReportSchedule {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '');
  const monthDays = new Set<number>();
  const weekdays = new Set<number>();
  let daily = false;
  for (const part of parts) {
    if (part === 'daily') daily = true;
    else if (part === 'never') continue;
    else if (/^\d{1,2}$/.test(part) && Number(part) >= 1 && Number(part) <= 31) monthDays.add(Number(part));
    else if (WEEKDAYS.includes(part.slice(0, 3)) && part.length >= 3)
      weekdays.add(WEEKDAYS.indexOf(part.slice(0, 3)) + 1);
    else {
      throw new ConfigError(
        `--report-on: "${part}" is not a day of the month (1-31), a weekday (mon..sun), daily or never.`,
        {
          context: { setting: '--report-on' },
        },
      );
    }
  }
  const rules: ScheduleRule[] = daily
    ? [{ every: 'day' }]
    : [
        ...(monthDays.size > 0
          ? [{ every: 'month' as const, days: [...monthDays].sort((a, b) => a - b) }]
          : []),
        ...(weekdays.size > 0 ? [{ every: 'week' as const, weekdays: [...weekdays].sort() }] : []),
      ];
  return { text, rules };
}

/** True when the schedule says to report on this account-local date. */
export function isReportDay(schedule: Schedule, date: LocalDate): boolean {
  return isDue(schedule, date);
}
