/**
 * Recognises what kind of calendar span a period is, so file names, the previous period and the
 * trend months follow the calendar rather than raw millisecond lengths.
 */
import { addLocalDays, localDateOf, localMidnight } from './local-days.ts';
import { shiftMonth } from './month-period.ts';
import type { ReportPeriod } from './report-input.ts';

/** A period's calendar shape: a whole month, whole local days, or arbitrary instants. */
export type PeriodShape =
  | { readonly kind: 'month'; readonly month: string }
  | { readonly kind: 'days'; readonly firstDay: string; readonly lastDay: string; readonly dayCount: number }
  | { readonly kind: 'instants' };

/** Classifies `period` in its own zone. */
export function periodShape(period: ReportPeriod): PeriodShape {
  const startMs = period.start.getTime();
  const endMs = period.end.getTime();
  const firstDay = localDateOf(startMs, period.zone);
  const endDay = localDateOf(endMs, period.zone);
  const aligned =
    localMidnight(firstDay, period.zone) === startMs &&
    localMidnight(endDay, period.zone) === endMs &&
    endMs > startMs;
  if (!aligned) return { kind: 'instants' };
  if (
    firstDay.endsWith('-01') &&
    endDay.endsWith('-01') &&
    shiftMonth(firstDay.slice(0, 7), 1) === endDay.slice(0, 7)
  ) {
    return { kind: 'month', month: firstDay.slice(0, 7) };
  }
  const dayCount = Math.round(
    (Date.parse(`${endDay}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000,
  );
  return { kind: 'days', firstDay, lastDay: addLocalDays(endDay, -1), dayCount };
}
