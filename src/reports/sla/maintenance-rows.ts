/**
 * Rows of the Maintenance sheet: each expanded interval that touches the period, with how much of
 * it was excluded and how much incident time fell inside it, so management sees planned work next
 * to (never inside) the downtime.
 */
import { clipInterval } from '../shared/clip-interval.ts';
import type { MsInterval } from '../shared/ms-interval.ts';
import type { ReportIncident, ReportMaintenance, ReportMonitor } from '../shared/report-input.ts';
import { overlapMs } from './daily-uptime.ts';
import { incidentIntervals, monitorLife } from '../shared/monitor-timeline.ts';
import { unionIntervals } from '../shared/union-intervals.ts';
import type { MaintenanceRow } from './model-types.ts';

/** One monitor's inputs for its maintenance rows. */
export interface MaintenanceSource {
  readonly monitor: ReportMonitor;
  readonly maintenance: readonly ReportMaintenance[];
  readonly incidents: readonly ReportIncident[];
}

/** Maintenance rows in the `window`, ordered by start then monitor name. */
export function maintenanceRows(sources: readonly MaintenanceSource[], window: MsInterval): MaintenanceRow[] {
  const rows: MaintenanceRow[] = [];
  for (const source of sources) {
    const incidents = unionIntervals(incidentIntervals(source.incidents, window.end));
    for (const maintenance of source.maintenance) {
      const clipped = clipInterval(
        { start: maintenance.start_at.getTime(), end: maintenance.end_at.getTime() },
        window,
      );
      if (clipped === undefined) continue;
      const alive = clipInterval(clipped, monitorLife(source.monitor));
      const excludedMs =
        maintenance.maintenance_type === 'DisableMonitoring' && alive !== undefined
          ? alive.end - alive.start
          : 0;
      rows.push({
        monitorName: source.monitor.name,
        maintenance,
        inPeriodMs: clipped.end - clipped.start,
        excludedMs,
        overlappingIncidentMs: overlapMs(incidents, clipped),
      });
    }
  }
  return rows.sort(
    (a, b) =>
      a.maintenance.start_at.getTime() - b.maintenance.start_at.getTime() ||
      a.monitorName.localeCompare(b.monitorName),
  );
}
