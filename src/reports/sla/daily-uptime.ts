/**
 * Daily uptime per monitor per account-local day (the "uptime bars" of the Daily sheet and the
 * daily chart). Incident-based: statistics buckets need not align with local days, and one source
 * across the whole matrix keeps the colours comparable. Days follow local midnight, so DST days
 * weigh 23 or 25 hours.
 */
import { localDays, type LocalDay } from '../../time/calendar.ts';
import { overlapMs, type Interval } from '../../time/intervals.ts';
import type { IanaZone, LocalDate } from '../../terms.ts';
import type { MonitorTimeline } from '../model/monitor-timeline.ts';

/** Daily uptime (percent, null where nothing was monitored) of each monitor, and overall. */
export interface DailyUptime {
  readonly days: readonly LocalDate[];
  readonly rows: readonly { readonly monitorGuid: string; readonly values: readonly (number | null)[] }[];
  /** Time-weighted over all monitors, per day. */
  readonly overall: readonly (number | null)[];
}

/** Daily figures of every timeline over the local days of `window`. */
export function dailyUptime(
  timelines: readonly { readonly monitorGuid: string; readonly timeline: MonitorTimeline }[],
  window: Interval,
  zone: IanaZone,
): DailyUptime {
  const days: LocalDay[] = localDays(window, zone);
  const monitoredTotals = days.map(() => 0);
  const downTotals = days.map(() => 0);
  const rows = timelines.map(({ monitorGuid, timeline }) => ({
    monitorGuid,
    values: days.map((day, index) => {
      const monitored = overlapMs(timeline.monitored, day);
      const down = overlapMs(timeline.down, day);
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
