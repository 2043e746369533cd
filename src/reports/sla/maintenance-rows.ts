/**
 * Rows of the Maintenance sheet: each expanded interval that touches the period, with how much of
 * it was excluded and how much incident time fell inside it, so management sees planned work next
 * to (never inside) the downtime.
 */
import { clipInterval, durationMs, overlapMs, type Interval } from '../../time/intervals.ts';
import type { ReportMaintenance, ReportMonitor } from '../queries/report-input.ts';
import { monitorLife } from '../model/monitor-timeline.ts';
import type { MaintenanceRow } from './model-types.ts';

/**
 * One monitor's maintenance rows in the `window`, in input order. `incidentTime`: the union of
 * its incidents (sorted, disjoint), at least within the window.
 */
export function monitorMaintenanceRows(
  monitor: ReportMonitor,
  maintenanceList: readonly ReportMaintenance[],
  incidentTime: readonly Interval[],
  window: Interval,
): MaintenanceRow[] {
  const rows: MaintenanceRow[] = [];
  for (const maintenance of maintenanceList) {
    const clipped = clipInterval({ start: maintenance.start_at, end: maintenance.end_at }, window);
    if (clipped === undefined) continue;
    const alive = clipInterval(clipped, monitorLife(monitor));
    const excludedMs =
      maintenance.maintenance_type === 'DisableMonitoring' && alive !== undefined ? durationMs(alive) : 0;
    rows.push({
      monitorName: monitor.name,
      maintenance,
      inPeriodMs: durationMs(clipped),
      excludedMs,
      overlappingIncidentMs: overlapMs(incidentTime, clipped),
    });
  }
  return rows;
}

/** Rows ordered by start then monitor name (a stable sort: ties keep their order). */
export function sortMaintenanceRows(rows: MaintenanceRow[]): MaintenanceRow[] {
  return rows.sort(
    (a, b) =>
      a.maintenance.start_at.getTime() - b.maintenance.start_at.getTime() ||
      a.monitorName.localeCompare(b.monitorName),
  );
}
