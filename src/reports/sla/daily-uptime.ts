/**
 * Daily uptime per monitor per account-local day (the "uptime bars" of the Daily sheet and the
 * daily chart). Incident-based: statistics buckets need not align with local days, and one source
 * across the whole matrix keeps the colours comparable. Days follow local midnight, so DST days
 * weigh 23 or 25 hours.
 */
import { type LocalDay } from '../../time/calendar.ts';
import type { MsIntervals } from '../../time/ms-intervals.ts';
import type { LocalDate } from '../../terms.ts';

/** Daily uptime (percent, null where nothing was monitored) of each monitor, and overall. */
export interface DailyUptime {
  readonly days: readonly LocalDate[];
  readonly rows: readonly { readonly monitorGuid: string; readonly values: readonly (number | null)[] }[];
  /** Time-weighted over all monitors, per day. */
  readonly overall: readonly (number | null)[];
}

/** One monitor's monitored and down milliseconds per local day, in the order of the days. */
export interface DayTotals {
  readonly monitoredMs: readonly number[];
  readonly downMs: readonly number[];
}

/** Milliseconds of `set` inside [start, end). */
function overlap(set: MsIntervals, start: number, end: number): number {
  let total = 0;
  for (let i = 0; i < set.length && set[i]! < end; i += 2) {
    const from = Math.max(set[i]!, start);
    const to = Math.min(set[i + 1]!, end);
    if (to > from) total += to - from;
  }
  return total;
}

/** The milliseconds per day of one monitor's timeline (computed per monitor, so its facts can go). */
export function dayTotals(
  timeline: { readonly monitored: MsIntervals; readonly down: MsIntervals },
  days: readonly LocalDay[],
): DayTotals {
  return {
    monitoredMs: days.map((day) => overlap(timeline.monitored, day.start.getTime(), day.end.getTime())),
    downMs: days.map((day) => overlap(timeline.down, day.start.getTime(), day.end.getTime())),
  };
}

/** Daily figures of every monitor's totals over `days` (the local days of the period). */
export function dailyUptime(
  totals: readonly { readonly monitorGuid: string; readonly totals: DayTotals }[],
  days: readonly LocalDay[],
): DailyUptime {
  const monitoredTotals = days.map(() => 0);
  const downTotals = days.map(() => 0);
  const rows = totals.map(({ monitorGuid, totals: { monitoredMs, downMs } }) => ({
    monitorGuid,
    values: days.map((_, index) => {
      const monitored = monitoredMs[index]!;
      const down = downMs[index]!;
      monitoredTotals[index]! += monitored;
      downTotals[index]! += down;
      return monitored > 0 ? 100 * (1 - down / monitored) : null;
    }),
  }));
  const overall = days.map((_, i) =>
    monitoredTotals[i]! > 0 ? 100 * (1 - downTotals[i]! / monitoredTotals[i]!) : null,
  );
  return { days: days.map((d) => d.date), rows, overall };
}
