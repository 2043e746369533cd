/**
 * The interval sets behind a monitor's figures in one window: when it existed, when it was excused
 * by DisableMonitoring maintenance, when it was monitored, and when it was down. Shared by the
 * period figures and the daily matrix so both cut time the same way.
 */
import {
  ALL_TIME,
  clipInterval,
  intersectIntervals,
  subtractIntervals,
  unionIntervals,
  type Interval,
} from '../../time/intervals.ts';
import type { ReportIncident, ReportMaintenance, ReportMonitor } from './report-input.ts';

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
export function incidentIntervals(incidents: readonly ReportIncident[], openEnd: Date): Interval[] {
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
  incidents: readonly ReportIncident[],
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
