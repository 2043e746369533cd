/**
 * The Infra `Period` parameter for one account-local day. The custom range `yyyymmdd-yyyymmdd`
 * includes both days (spec; the simulator agrees), so a one-day range is the day from local
 * midnight to local midnight. Preferred over the `PreviousDay` literal: it means the same day
 * whenever the request runs (a nightly job crossing midnight, a retry, a backfill).
 */
import type { LocalDate } from '../../terms.ts';

/** `2025-11-19` -> `20251119-20251119`; throws a RangeError for anything but yyyy-MM-dd. */
export function infraDayPeriod(day: LocalDate): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a local date: ${day}`);
  const compact = day.replaceAll('-', '');
  return `${compact}-${compact}`;
}
