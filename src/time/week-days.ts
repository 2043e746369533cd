/**
 * The days of the week, one list: Monday first, as ISO 8601 numbers them (day n is WEEK_DAYS[n - 1],
 * 1 Monday .. 7 Sunday). The schedules (`--report-on`, `schedule:`), the maintenance expansion and
 * the incident heat map name days from it.
 */

/** Monday first. */
export const WEEK_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** One day's name. */
export type WeekDayName = (typeof WEEK_DAYS)[number];

/** The name of ISO day `isoDay` (1 Monday .. 7 Sunday). */
export function weekDayName(isoDay: number): WeekDayName | undefined {
  return WEEK_DAYS[isoDay - 1];
}

/** The days in lower case (`monday`), and their three-letter forms (`mon`). */
export const WEEK_DAY_KEYS: readonly string[] = WEEK_DAYS.map((d) => d.toLowerCase());
