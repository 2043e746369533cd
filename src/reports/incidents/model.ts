/**
 * The incident report model: one row per incident touching the period, a per-monitor summary and
 * a heat map of starts. Pure; "now" comes from the injected clock.
 */
import type { Clock } from '../../terms.ts';
import {
  clipInterval,
  intersectIntervals,
  subtractIntervals,
  totalDurationMs,
} from '../../time/intervals.ts';
import { REPORT_RULES_VERSION } from '../render/definitions.ts';
import {
  durationStats,
  excludedMaintenance,
  indexByMonitor,
  monitorLife,
  monitorTimeline,
} from '../model/monitor-timeline.ts';
import {
  type IncidentReportInput,
  type ReportGroup,
  type ReportIncident,
  type ReportMonitor,
} from '../queries/report-input.ts';
import {
  combinedCoverage,
  monitorCoverage,
  NOTHING_COVERED,
  type CoverageFigures,
} from '../model/data-coverage.ts';
import { elapsedWindow, type ReportPeriod } from '../../time/periods.ts';
import { incidentHeatMap } from './heat-map.ts';

/** One incident that touches the period. */
export interface IncidentRow {
  readonly incident: ReportIncident;
  readonly monitorName: string;
  readonly groupNames: string;
  readonly ongoing: boolean;
  /** Full duration; an ongoing incident counts to the period end or now. */
  readonly durationMs: number;
  /** The part inside the period and the monitor's monitored time (overlaps with other incidents included). */
  readonly downtimeInPeriodMs: number;
  /** The part inside the period covered by DisableMonitoring maintenance. */
  readonly excludedByMaintenanceMs: number;
}

/** Per-monitor summary of the period. */
export interface IncidentMonitorSummary {
  readonly monitor: ReportMonitor;
  readonly groupNames: string;
  readonly incidentsStarted: number;
  readonly ongoing: number;
  /** Union of incident time within monitored time (overlaps counted once). */
  readonly downtimeMs: number;
  readonly alerts: number;
  readonly resolved: number;
  readonly mttrMs: number | null;
  readonly medianTtrMs: number | null;
  readonly longestMs: number | null;
  /** How much of the monitor's life in the period had its alerts read (issue 14). */
  readonly coverage: CoverageFigures;
}

/** The whole incident report. */
export interface IncidentModel {
  readonly period: ReportPeriod;
  readonly elapsedEnd: Date;
  readonly generatedAt: Date;
  readonly dataAsOf: Date;
  readonly scope: string;
  readonly rulesVersion: string;
  /** Coverage of every monitor in scope together: the incident list is only as complete as this. */
  readonly overall: CoverageFigures;
  readonly rows: readonly IncidentRow[];
  readonly summary: readonly IncidentMonitorSummary[];
  /** [weekday Monday=0][local hour] counts of incidents started in the period. */
  readonly heatMap: readonly (readonly number[])[];
}

function groupNamesOf(monitor: ReportMonitor, groups: readonly ReportGroup[]): string {
  const mine = groups.filter(
    (g) => g.members.includes(monitor.monitor_guid) || monitor.groups.includes(g.monitor_group_guid),
  );
  const named = mine.filter((g) => !g.is_all);
  return (named.length > 0 ? named : mine)
    .map((g) => g.description)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

/** Builds the incident report for `input.period`. */
export function buildIncidentModel(input: IncidentReportInput, clock: Clock): IncidentModel {
  const window = elapsedWindow(input.period, clock());
  const incidentsBy = indexByMonitor(input.incidents);
  const maintenanceBy = indexByMonitor(input.maintenance);
  const rows: IncidentRow[] = [];
  const summary: IncidentMonitorSummary[] = [];
  const starts: Date[] = [];
  for (const monitor of input.monitors) {
    const guid = monitor.monitor_guid;
    const incidents = incidentsBy.get(guid) ?? [];
    const maintenance = maintenanceBy.get(guid) ?? [];
    const groupNames = groupNamesOf(monitor, input.groups);
    const excluded = excludedMaintenance(maintenance);
    const life = clipInterval(window, monitorLife(monitor));
    const inScope: ReportIncident[] = [];
    for (const incident of incidents) {
      const start = incident.started_at;
      const end = incident.ended_at ?? window.end;
      const clipped = clipInterval({ start, end }, window);
      if (clipped === undefined && !(start >= window.start && start < window.end)) continue;
      inScope.push(incident);
      const alive = clipped === undefined || life === undefined ? undefined : clipInterval(clipped, life);
      const part = alive === undefined ? [] : [alive];
      rows.push({
        incident,
        monitorName: monitor.name,
        groupNames,
        ongoing: incident.ended_at === null,
        durationMs: Math.max(0, end.getTime() - start.getTime()),
        downtimeInPeriodMs: totalDurationMs(subtractIntervals(part, excluded)),
        excludedByMaintenanceMs: totalDurationMs(intersectIntervals(part, excluded)),
      });
    }
    if (life === undefined && inScope.length === 0) continue;
    const started = incidents.filter((i) => i.started_at >= window.start && i.started_at < window.end);
    starts.push(...started.map((i) => i.started_at));
    const resolved = incidents
      .filter((i) => i.ended_at !== null && i.ended_at >= window.start && i.ended_at < window.end)
      .map((i) => i.ended_at!.getTime() - i.started_at.getTime());
    const stats = durationStats(resolved);
    summary.push({
      monitor,
      groupNames,
      incidentsStarted: started.length,
      ongoing: inScope.filter((i) => i.ended_at === null).length,
      downtimeMs: totalDurationMs(monitorTimeline(monitor, incidents, maintenance, window).down),
      alerts: inScope.reduce((sum, i) => sum + i.alert_count, 0),
      resolved: stats.count,
      mttrMs: stats.meanMs,
      medianTtrMs: stats.medianMs,
      longestMs: stats.longestMs,
      coverage: monitorCoverage(
        input.coverage === undefined ? undefined : (input.coverage.get(guid) ?? NOTHING_COVERED),
        monitorLife(monitor),
        window,
        false,
      ),
    });
  }
  rows.sort(
    (a, b) =>
      a.incident.started_at.getTime() - b.incident.started_at.getTime() ||
      a.monitorName.localeCompare(b.monitorName),
  );
  summary.sort((a, b) => b.downtimeMs - a.downtimeMs || a.monitor.name.localeCompare(b.monitor.name));
  return {
    period: input.period,
    elapsedEnd: new Date(window.end),
    generatedAt: input.generatedAt,
    dataAsOf: input.dataAsOf,
    scope: input.scope,
    rulesVersion: REPORT_RULES_VERSION,
    overall: combinedCoverage(summary.map((s) => s.coverage)),
    rows,
    summary,
    heatMap: incidentHeatMap(starts, input.period.zone),
  };
}
