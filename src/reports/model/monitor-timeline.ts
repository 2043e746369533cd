/**
 * The interval sets behind a monitor's figures in one window (when it existed, was excused by
 * DisableMonitoring maintenance, was monitored, was down), shared by the period figures and the
 * daily matrix so both cut time the same way; and the small helpers every model uses on them:
 * facts indexed by monitor, and the statistics of incident durations.
 */
import type { ReportIncidentSpan, ReportMaintenance, ReportMonitor } from '../queries/report-input.ts';
import {
  ALL_TIME,
  clipInterval,
  intersectIntervals,
  type Interval,
  subtractIntervals,
  unionIntervals,
} from '../../time/intervals.ts';

/** Sorted, disjoint interval sets of one monitor within one window. */
export interface MonitorTimeline {
  /** The window clipped to the monitor's life (creation to deletion). */
  readonly existing: readonly Interval[];
  /** DisableMonitoring maintenance while the monitor existed. */
  readonly excluded: readonly Interval[];
  /** Existing minus excluded. */
  readonly monitored: readonly Interval[];
  /** Union of incident intervals within monitored time. */
  readonly down: readonly Interval[];
}

/** The monitor's life as an interval; unknown creation means "before any period". */
export function monitorLife(monitor: ReportMonitor): Interval {
  return { start: monitor.created_at ?? ALL_TIME.start, end: monitor.deleted_at ?? ALL_TIME.end };
}

/** Incident intervals with ongoing incidents closed at `openEnd` (period end or now). */
export function incidentIntervals(incidents: readonly ReportIncidentSpan[], openEnd: Date): Interval[] {
  return incidents.map((i) => ({ start: i.started_at, end: i.ended_at ?? openEnd }));
}

/** Only DisableMonitoring maintenance is excluded; DisableNotifications keeps errors counting. */
export function excludedMaintenance(maintenance: readonly ReportMaintenance[]): Interval[] {
  return unionIntervals(
    maintenance
      .filter((m) => m.maintenance_type === 'DisableMonitoring')
      .map((m) => ({ start: m.start_at, end: m.end_at })),
  );
}

/** The timeline of `monitor` in `window`; ongoing incidents run to the window's end. */
export function monitorTimeline(
  monitor: ReportMonitor,
  incidents: readonly ReportIncidentSpan[],
  maintenance: readonly ReportMaintenance[],
  window: Interval,
): MonitorTimeline {
  const existence = clipInterval(window, monitorLife(monitor));
  const existing = existence === undefined ? [] : [existence];
  const maintenanceIntervals = excludedMaintenance(maintenance);
  const monitored = subtractIntervals(existing, maintenanceIntervals);
  return {
    existing,
    excluded: intersectIntervals(existing, maintenanceIntervals),
    monitored,
    down: intersectIntervals(unionIntervals(incidentIntervals(incidents, window.end)), monitored),
  };
}

/** Rows of each monitor guid, in input order. */
export function indexByMonitor<T extends { readonly monitor_guid: string }>(
  rows: readonly T[],
): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const row of rows) {
    const list = index.get(row.monitor_guid);
    if (list === undefined) index.set(row.monitor_guid, [row]);
    else list.push(row);
  }
  return index;
}

/** Statistics of durations in milliseconds; all null when there are none. */
export interface DurationStats {
  readonly count: number;
  readonly meanMs: number | null;
  readonly medianMs: number | null;
  readonly longestMs: number | null;
}

/** Mean, median (average of the middle two for an even count) and maximum of `durationsMs`. */
export function durationStats(durationsMs: readonly number[]): DurationStats {
  return sortedDurationStats(Float64Array.from(durationsMs));
}

/** `durationStats` of durations the caller owns: they are sorted in place. */
export function sortedDurationStats(durationsMs: Float64Array): DurationStats {
  const count = durationsMs.length;
  if (count === 0) return { count, meanMs: null, medianMs: null, longestMs: null };
  // A typed array sorts numbers natively, several times faster than a comparator (a group's year
  // of incidents is sorted for each Trend month); NaN, which a duration never is, would go last.
  const sorted = durationsMs.sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  const middle = Math.floor(count / 2);
  const medianMs = count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { count, meanMs: sum / count, medianMs, longestMs: sorted[count - 1]! };
}
