/**
 * The interval sets behind a monitor's figures in one window: when it existed, when it was excused
 * by DisableMonitoring maintenance, when it was monitored, and when it was down. Shared by the
 * period figures and the daily matrix so both cut time the same way.
 */
import { clipInterval } from './clip-interval.ts';
import { intersectIntervals } from './intersect-intervals.ts';
import type { MsInterval } from './ms-interval.ts';
import type { ReportIncident, ReportMaintenance, ReportMonitor } from './report-input.ts';
import { subtractIntervals } from './subtract-intervals.ts';
import { unionIntervals } from './union-intervals.ts';

/** Sorted, disjoint interval sets of one monitor within one window. */
export interface MonitorTimeline {
  /** The window clipped to the monitor's life (creation to deletion). */
  readonly existing: readonly MsInterval[];
  /** DisableMonitoring maintenance while the monitor existed. */
  readonly excluded: readonly MsInterval[];
  /** Existing minus excluded. */
  readonly monitored: readonly MsInterval[];
  /** Union of incident intervals within monitored time. */
  readonly down: readonly MsInterval[];
}

/** The monitor's life as an interval; unknown creation means "before any period". */
export function monitorLife(monitor: ReportMonitor): MsInterval {
  return {
    start: monitor.created_at?.getTime() ?? Number.NEGATIVE_INFINITY,
    end: monitor.deleted_at?.getTime() ?? Number.POSITIVE_INFINITY,
  };
}

/** Incident intervals with ongoing incidents closed at `openEndMs` (period end or now). */
export function incidentIntervals(incidents: readonly ReportIncident[], openEndMs: number): MsInterval[] {
  return incidents.map((i) => ({ start: i.started_at.getTime(), end: i.ended_at?.getTime() ?? openEndMs }));
}

/** Only DisableMonitoring maintenance is excluded; DisableNotifications keeps errors counting. */
export function excludedMaintenance(maintenance: readonly ReportMaintenance[]): MsInterval[] {
  return unionIntervals(
    maintenance
      .filter((m) => m.maintenance_type === 'DisableMonitoring')
      .map((m) => ({ start: m.start_at.getTime(), end: m.end_at.getTime() })),
  );
}

/** The timeline of `monitor` in `window`; ongoing incidents run to the window's end. */
export function monitorTimeline(
  monitor: ReportMonitor,
  incidents: readonly ReportIncident[],
  maintenance: readonly ReportMaintenance[],
  window: MsInterval,
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
