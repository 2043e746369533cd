/**
 * The SLA figures of one monitor in one period, exactly as docs/reports.md and the workbook's
 * Definitions sheet state them. Pure: "now" arrives as a number.
 */
import { durationStats, monitorLife, monitorTimeline } from '../model/monitor-timeline.ts';
import { totalDurationMs, type Interval } from '../../time/intervals.ts';
import type {
  ReportIncident,
  ReportMaintenance,
  ReportMonitor,
  ReportStatisticsBucket,
} from '../queries/report-input.ts';
import { slaStatus, type SlaStatus, type SlaTarget } from '../model/sla-status.ts';
import { monitorCoverage, type CoverageFigures, type CoveredRanges } from '../model/data-coverage.ts';

/** Which uptime figure leads a row. */
export type UptimeSource = 'Statistics' | 'Incidents';

/** A monitor's rows, already selected for it. */
export interface MonitorData {
  readonly incidents: readonly ReportIncident[];
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
  const timeline = monitorTimeline(monitor, data.incidents, data.maintenance, window);
  const monitoredMs = totalDurationMs(timeline.monitored);
  const maintenanceExcludedMs = totalDurationMs(timeline.excluded);
  const downtimeMs = totalDurationMs(timeline.down);
  const uptimeIncidents = monitoredMs > 0 ? 100 * (1 - downtimeMs / monitoredMs) : null;

  const inWindow = (ms: number): boolean => ms >= window.start.getTime() && ms < window.end.getTime();
  let statsUptimeSeconds = 0;
  let statsDowntimeSeconds = 0;
  let checks = 0;
  let confirmedErrors = 0;
  let bucketCount = 0;
  const life = monitorLife(monitor);
  for (const bucket of data.statistics) {
    if (!inWindow(bucket.bucket_start_at.getTime())) continue;
    // Outside the monitor's life (a paused monitor's time after its pause, which the service may
    // count as up) a bucket says nothing about it, as in v_monitor_uptime_daily.
    if (bucket.bucket_end_at <= life.start || bucket.bucket_start_at >= life.end) continue;
    bucketCount += 1;
    statsUptimeSeconds += bucket.uptime_seconds;
    statsDowntimeSeconds += bucket.downtime_seconds;
    checks += bucket.checks;
    confirmedErrors += bucket.confirmed_errors;
  }
  const statsTotal = statsUptimeSeconds + statsDowntimeSeconds;
  const hasStatistics = bucketCount > 0 && statsTotal > 0;
  const covered = monitorCoverage(data.coverage, life, window, hasStatistics);
  // Without any data read, the incident figure would be a perfect 100 %: there is none.
  const uptimeUptrends = statsTotal > 0 && !covered.noData ? (100 * statsUptimeSeconds) / statsTotal : null;
  const incidentFigure = covered.noData ? null : uptimeIncidents;
  const uptimeSource: UptimeSource = uptimeUptrends === null ? 'Incidents' : 'Statistics';
  const uptime = uptimeUptrends ?? incidentFigure;

  const started = data.incidents.filter((i) => inWindow(i.started_at.getTime()));
  const resolvedDurationsMs = data.incidents
    .filter((i) => i.ended_at !== null && inWindow(i.ended_at.getTime()))
    .map((i) => i.ended_at!.getTime() - i.started_at.getTime());
  const ongoing = data.incidents.filter(
    (i) => i.started_at < window.end && (i.ended_at === null || i.ended_at > window.end),
  ).length;
  const stats = durationStats(resolvedDurationsMs);
  const errorBudgetMs = (1 - target.desired / 100) * monitoredMs;

  return {
    monitorGuid: monitor.monitor_guid,
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
    incidents: started.length,
    ongoing,
    resolvedDurationsMs,
    mttrMs: stats.meanMs,
    medianTtrMs: stats.medianMs,
    longestMs: stats.longestMs,
    mtbfMs: started.length > 0 ? monitoredMs / started.length : null,
    statsUptimeSeconds,
    statsDowntimeSeconds,
    checks,
    confirmedErrors,
    hasStatistics,
  };
}
