/**
 * Rows of the Maintenance sheet: each expanded interval that touches the period, with how much of
 * it was excluded and how much incident time fell inside it, so management sees planned work next
 * to (never inside) the downtime.
 */
import { clipInterval, durationMs, overlapMs, unionIntervals, type Interval } from '../../time/intervals.ts';
import type { ReportIncident, ReportMaintenance, ReportMonitor } from '../queries/report-input.ts';
import { incidentIntervals, monitorLife } from '../model/monitor-timeline.ts';
import type { MaintenanceRow } from './model-types.ts';

/** One monitor's inputs for its maintenance rows. */
export interface MaintenanceSource {
  readonly monitor: ReportMonitor;
  readonly maintenance: readonly ReportMaintenance[];
  readonly incidents: readonly ReportIncident[];
}

/** Maintenance rows in the `window`, ordered by start then monitor name. */
export function maintenanceRows(sources: readonly MaintenanceSource[], window: Interval): MaintenanceRow[] {
  const rows: MaintenanceRow[] = [];
  for (const source of sources) {
    const incidents = unionIntervals(incidentIntervals(source.incidents, window.end));
    for (const maintenance of source.maintenance) {
      const clipped = clipInterval({ start: maintenance.start_at, end: maintenance.end_at }, window);
      if (clipped === undefined) continue;
      const alive = clipInterval(clipped, monitorLife(source.monitor));
      const excludedMs =
        maintenance.maintenance_type === 'DisableMonitoring' && alive !== undefined ? durationMs(alive) : 0;
      rows.push({
        monitorName: source.monitor.name,
        maintenance,
        inPeriodMs: durationMs(clipped),
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
