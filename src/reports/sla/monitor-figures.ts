/**
 * The SLA figures of one monitor in one period, exactly as docs/reports.md and the workbook's
 * Definitions sheet state them. Pure: "now" arrives as a number. They are computed on epoch
 * milliseconds (monitor-window.ts), prepared once per monitor for all the windows of a report.
 */
import { durationStats } from '../model/monitor-timeline.ts';
import type { Interval } from '../../time/intervals.ts';
import { totalMs } from '../../time/ms-intervals.ts';
import type {
  ReportIncidentSpan,
  ReportMaintenance,
  ReportMonitor,
  ReportStatisticsBucket,
} from '../queries/report-input.ts';
import { slaStatus, type SlaStatus, type SlaTarget } from '../model/sla-status.ts';
import type { CoverageFigures, CoveredRanges } from '../model/data-coverage.ts';
import { factColumns } from './monitor-facts.ts';
import {
  prepareMonitor,
  windowCoverage,
  windowStatistics,
  windowTimeline,
  type PreparedMonitor,
  type WindowStatistics,
} from './monitor-window.ts';

/** Which uptime figure leads a row. */
export type UptimeSource = 'Statistics' | 'Incidents';

/** A monitor's rows, already selected for it. */
export interface MonitorData {
  readonly incidents: readonly ReportIncidentSpan[];
  readonly maintenance: readonly ReportMaintenance[];
  readonly statistics: readonly ReportStatisticsBucket[];
  /** The time whose alerts and statistics were read; undefined when not known (hand-built input). */
  readonly coverage?: CoveredRanges | undefined;
}

/** Figures of one monitor in one period. Percentages 0-100, durations in milliseconds. */
/** The SLA figures every row of the workbook has, whether it is one monitor, a group or everything. */
export interface SlaFigures extends CoverageFigures {
  /** Period minus time before creation, after deletion, in DisableMonitoring maintenance, or not yet passed. */
  readonly monitoredMs: number;
  /** Union of incident intervals within monitored time. */
  readonly downtimeMs: number;
  /** DisableMonitoring maintenance within the period and the monitor's life. */
  readonly maintenanceExcludedMs: number;
  readonly uptimeIncidents: number | null;
  readonly uptimeUptrends: number | null;
  /** The Uptrends figure when statistics exist (for a set: for every member), else the incident figure. */
  readonly uptime: number | null;
  readonly uptimeSource: UptimeSource;
  readonly target: SlaTarget;
  /** Met, At risk or Missed; null without an uptime, and whenever the data coverage is incomplete. */
  readonly status: SlaStatus | null;
  /** (1 - target) x monitored time. */
  readonly errorBudgetMs: number;
  /** Downtime / error budget as a fraction; null when the budget is zero. */
  readonly budgetUsed: number | null;
  /** Incidents that started in the period. */
  readonly incidents: number;
  /** Incidents still open at the end of the (elapsed) period. */
  readonly ongoing: number;
  readonly mttrMs: number | null;
  readonly medianTtrMs: number | null;
  readonly longestMs: number | null;
  /** Monitored time / incidents started; null without incidents. */
  readonly mtbfMs: number | null;
}

/** One monitor's figures, plus what group figures are pooled from. */
export interface MonitorFigures extends SlaFigures {
  readonly monitorGuid: string;
  /** Full durations of the incidents resolved in the period (for pooled MTTR of groups). */
  readonly resolvedDurationsMs: readonly number[];
  /** Sums over the period's statistics buckets (for time-weighted group figures). */
  readonly statsUptimeSeconds: number;
  readonly statsDowntimeSeconds: number;
  readonly checks: number;
  readonly confirmedErrors: number;
  readonly hasStatistics: boolean;
}

/** Computes every per-monitor figure of the period `window` (see `elapsedWindow`). */
export function computeMonitorFigures(
  monitor: ReportMonitor,
  data: MonitorData,
  window: Interval,
  target: SlaTarget,
): MonitorFigures {
  const columns = factColumns(data.incidents, data.statistics);
  const prepared = prepareMonitor(monitor, columns, data.maintenance, data.coverage);
  return windowFigures(prepared, window, target, windowStatistics(prepared, window));
}

/** The figures of a prepared monitor in `window`, held to `target`; `statistics` of the same window. */
export function windowFigures(
  prepared: PreparedMonitor,
  window: Interval,
  target: SlaTarget,
  statistics: WindowStatistics,
): MonitorFigures {
  const timeline = windowTimeline(prepared, window);
  const monitoredMs = totalMs(timeline.monitored);
  const maintenanceExcludedMs = totalMs(timeline.excluded);
  const downtimeMs = totalMs(timeline.down);
  const uptimeIncidents = monitoredMs > 0 ? 100 * (1 - downtimeMs / monitoredMs) : null;

  const { uptimeSeconds: statsUptimeSeconds, downtimeSeconds: statsDowntimeSeconds } = statistics;
  const statsTotal = statsUptimeSeconds + statsDowntimeSeconds;
  const hasStatistics = statistics.buckets > 0 && statsTotal > 0;
  const covered = windowCoverage(prepared, window, hasStatistics);
  // Without any data read, the incident figure would be a perfect 100 %: there is none.
  const uptimeUptrends = statsTotal > 0 && !covered.noData ? (100 * statsUptimeSeconds) / statsTotal : null;
  const incidentFigure = covered.noData ? null : uptimeIncidents;
  const uptimeSource: UptimeSource = uptimeUptrends === null ? 'Incidents' : 'Statistics';
  const uptime = uptimeUptrends ?? incidentFigure;

  const ws = window.start.getTime();
  const we = window.end.getTime();
  const { incidentStart, incidentEnd } = prepared.columns;
  let started = 0;
  let ongoing = 0;
  const resolvedDurationsMs: number[] = [];
  for (let i = 0; i < incidentStart.length; i += 1) {
    const start = incidentStart[i]!;
    const end = incidentEnd[i]!; // NaN while ongoing: every comparison with it is false
    if (start >= ws && start < we) started += 1;
    if (end >= ws && end < we) resolvedDurationsMs.push(end - start);
    if (start < we && (Number.isNaN(end) || end > we)) ongoing += 1;
  }
  const stats = durationStats(resolvedDurationsMs);
  const errorBudgetMs = (1 - target.desired / 100) * monitoredMs;

  return {
    monitorGuid: prepared.monitor.monitor_guid,
    monitoredMs,
    downtimeMs,
    maintenanceExcludedMs,
    uptimeIncidents: incidentFigure,
    uptimeUptrends,
    uptime,
    uptimeSource,
    target,
    status: covered.complete ? slaStatus(uptime, target) : null,
    ...covered,
    errorBudgetMs,
    budgetUsed: errorBudgetMs > 0 ? downtimeMs / errorBudgetMs : null,
    incidents: started,
    ongoing,
    resolvedDurationsMs,
    mttrMs: stats.meanMs,
    medianTtrMs: stats.medianMs,
    longestMs: stats.longestMs,
    mtbfMs: started > 0 ? monitoredMs / started : null,
    statsUptimeSeconds,
    statsDowntimeSeconds,
    checks: statistics.checks,
    confirmedErrors: statistics.confirmedErrors,
    hasStatistics,
  };
}
