/**
 * When `nightly` writes and mails the reports: on chosen days of the month (`1` = the 1st, the
 * default, for the PreviousMonth workbooks), on chosen weekdays (`mon`), `daily`, or `never`.
 * Evaluated on the account-local date of the run. Pure.
 */
import { ConfigError } from '../errors.ts';
import type { LocalDate } from '../terms.ts';
import { isoWeekday } from '../time/calendar.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** When `nightly` reports unless told: on the 1st, for the previous month's workbooks. */
export const DEFAULT_REPORT_ON = '1';

/** A parsed schedule. */
export interface ReportSchedule {
  readonly text: string;
  readonly monthDays: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  readonly daily: boolean;
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
    else if ((WEEKDAYS as readonly string[]).includes(part.slice(0, 3)) && part.length >= 3)
      weekdays.add(WEEKDAYS.indexOf(part.slice(0, 3) as (typeof WEEKDAYS)[number]));
    else {
      throw new ConfigError(
        `--report-on: "${part}" is not a day of the month (1-31), a weekday (mon..sun), daily or never.`,
        {
          context: { setting: '--report-on' },
        },
      );
    }
  }
  return { text, monthDays, weekdays, daily };
}

/** True when the schedule says to report on this account-local date. */
export function isReportDay(schedule: ReportSchedule, date: LocalDate): boolean {
  if (schedule.daily) return true;
  // weekdays holds 0 (Sunday) to 6 (Saturday), the --report-on names' order.
  return schedule.monthDays.has(Number(date.slice(8, 10))) || schedule.weekdays.has(isoWeekday(date) % 7);
}
