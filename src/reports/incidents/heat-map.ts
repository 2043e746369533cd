/**
 * Day-of-week x hour-of-day counts of incident starts in account-local time: shows whether
 * outages cluster around deployments, backups or business hours.
 */
import type { IanaZone } from '../../terms.ts';
import { utcToLocal } from '../../time/zone-clock.ts';
import { isoWeekday } from '../../time/calendar.ts';

/** Monday first, as in ISO 8601 and most of the account zones' calendars. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** counts[weekday 0=Monday][hour 0-23] of the given start instants. */
export function incidentHeatMap(starts: readonly Date[], zone: IanaZone): number[][] {
  const counts = WEEKDAYS.map(() => Array.from({ length: 24 }, () => 0));
  for (const start of starts) {
    const local = utcToLocal(start, zone);
    const weekday = isoWeekday(local.slice(0, 10)) - 1;
    const hour = Number(local.slice(11, 13));
    counts[weekday]![hour]! += 1;
  }
  return counts;
}
