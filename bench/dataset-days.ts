/**
 * The account-local dates of a simulator dataset: its history starts at local midnight `days`
 * days before the clock's day (docs/simulator.md), so a backfill of [first, today) reads all of it.
 */
import { planWindows, type PlannedWindow } from '../src/pipeline/engine/window-plan.ts';
import type { LocalDate } from '../src/terms.ts';
import { addLocalDays, localDateOf } from '../src/time/calendar.ts';

/** First day of the history, the clock's day, and the day windows of [first, today). */
export interface DatasetDays {
  first: LocalDate;
  today: LocalDate;
  /** The windows a backfill of `[from, to)` plans, as the pipeline plans them. */
  windows(from: LocalDate, to: LocalDate): readonly PlannedWindow[];
}

/** The dates of a dataset of `days` days at clock `now` in `zone`. */
export function datasetDays(now: string, days: number, zone: string): DatasetDays {
  const clock = new Date(now);
  const today = localDateOf(clock, zone);
  return {
    first: addLocalDays(today, -days),
    today,
    windows: (from, to) =>
      planWindows({ zone, now: clock, lookbackDays: 0, initialDays: 0, windowDays: 1, from, to }).windows,
  };
}

/** The calendar month before the one `today` falls in, yyyy-MM: the last full month of a dataset. */
export function previousMonth(today: LocalDate): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
