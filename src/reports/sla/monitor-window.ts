/**
 * What one monitor's figures read in one window, on epoch milliseconds: the time it existed, was
 * excused by DisableMonitoring maintenance, was monitored and was down (the sets of
 * monitor-timeline.ts, same rules), and the sums of its statistics buckets. The unions of
 * incidents and of maintenance are made once per monitor (`prepareMonitor`) and cut per window.
 */
import type { Interval } from '../../time/intervals.ts';
import {
  intersectMs,
  msOf,
  subtractMs,
  totalMs,
  unionMs,
  type MsIntervals,
} from '../../time/ms-intervals.ts';
import { coverageOf, type CoverageFigures, type CoveredRanges } from '../model/data-coverage.ts';
import { excludedMaintenance, monitorLife } from '../model/monitor-timeline.ts';
import type { MonitorFactColumns, ReportMaintenance, ReportMonitor } from '../queries/report-input.ts';

/** A monitor with what every window of it reads. */
export interface PreparedMonitor {
  readonly monitor: ReportMonitor;
  /** Creation to deletion (unknown ends reach to the ends of ALL_TIME). */
  readonly life: Interval;
  readonly columns: MonitorFactColumns;
  /**
   * The union of its incidents, an ongoing one without end. Within any window this is the downtime
   * before the cut to monitored time: an ongoing incident "runs to the window's end" there.
   */
  readonly incidentTime: MsIntervals;
  /** The union of its DisableMonitoring maintenance. */
  readonly maintenance: MsIntervals;
  /** The time whose alerts and statistics were read; undefined for hand-built input. */
  readonly coverage: { readonly alerts: MsIntervals; readonly statistics: MsIntervals } | undefined;
}

/** Prepares a monitor's facts for its windows. */
export function prepareMonitor(
  monitor: ReportMonitor,
  columns: MonitorFactColumns,
  maintenance: readonly ReportMaintenance[],
  coverage: CoveredRanges | undefined,
): PreparedMonitor {
  const ends = columns.incidentEnd.map((end) => (Number.isNaN(end) ? Number.POSITIVE_INFINITY : end));
  return {
    monitor,
    life: monitorLife(monitor),
    columns,
    incidentTime: unionMs(columns.incidentStart, ends),
    maintenance: msOf(excludedMaintenance(maintenance)),
    coverage:
      coverage === undefined
        ? undefined
        : { alerts: unionOf(coverage.alerts), statistics: unionOf(coverage.statistics) },
  };
}

function unionOf(intervals: readonly Interval[]): number[] {
  return unionMs(
    intervals.map((i) => i.start.getTime()),
    intervals.map((i) => i.end.getTime()),
  );
}

/**
 * `monitorCoverage` of data-coverage.ts on the prepared ranges: the monitor's life within the
 * window, and how much of it the alerts (and, with `useStatistics`, the statistics) cover.
 */
export function windowCoverage(
  prepared: PreparedMonitor,
  window: Interval,
  useStatistics: boolean,
): CoverageFigures {
  const start = Math.max(window.start.getTime(), prepared.life.start.getTime());
  const end = Math.min(window.end.getTime(), prepared.life.end.getTime());
  const lived = end > start ? [start, end] : [];
  const lifeMs = totalMs(lived);
  const ranges = prepared.coverage;
  if (ranges === undefined) return coverageOf(lifeMs, lifeMs, false);
  const alertsMs = totalMs(intersectMs(ranges.alerts, lived));
  const statisticsMs = totalMs(intersectMs(ranges.statistics, lived));
  return coverageOf(lifeMs, useStatistics ? Math.min(alertsMs, statisticsMs) : alertsMs, true);
}

/** The sets of `MonitorTimeline`, as millisecond pairs. */
export interface WindowTimeline {
  readonly existing: MsIntervals;
  readonly excluded: MsIntervals;
  readonly monitored: MsIntervals;
  readonly down: MsIntervals;
}

/** The monitor's timeline in `window`. */
export function windowTimeline(prepared: PreparedMonitor, window: Interval): WindowTimeline {
  const start = Math.max(window.start.getTime(), prepared.life.start.getTime());
  const end = Math.min(window.end.getTime(), prepared.life.end.getTime());
  const existing = end > start ? [start, end] : [];
  const monitored = subtractMs(existing, prepared.maintenance);
  return {
    existing,
    excluded: intersectMs(existing, prepared.maintenance),
    monitored,
    down: intersectMs(prepared.incidentTime, monitored),
  };
}

/** The statistics of one window. */
export interface WindowStatistics {
  /** Buckets starting in the window and overlapping the monitor's life, and their sums. */
  readonly buckets: number;
  readonly uptimeSeconds: number;
  readonly downtimeSeconds: number;
  readonly checks: number;
  readonly confirmedErrors: number;
  /** SlaTarget of the latest bucket starting in the window that has one (life not considered). */
  readonly latestSlaTarget: number | null;
}

/**
 * Sums of the buckets that start in `window`. Outside the monitor's life (a paused monitor's time
 * after its pause, which the service may count as up) a bucket says nothing about it, as in
 * v_monitor_uptime_daily; the target still comes from it, as the target rule reads every bucket.
 */
export function windowStatistics(prepared: PreparedMonitor, window: Interval): WindowStatistics {
  const ws = window.start.getTime();
  const we = window.end.getTime();
  const lifeStart = prepared.life.start.getTime();
  const lifeEnd = prepared.life.end.getTime();
  const c = prepared.columns;
  let buckets = 0;
  let uptimeSeconds = 0;
  let downtimeSeconds = 0;
  let checks = 0;
  let confirmedErrors = 0;
  let latestStart = Number.NEGATIVE_INFINITY;
  let latestSlaTarget: number | null = null;
  for (let i = 0; i < c.bucketStart.length; i += 1) {
    const start = c.bucketStart[i]!;
    if (start < ws || start >= we) continue;
    const target = c.slaTarget[i]!;
    if (!Number.isNaN(target) && (latestSlaTarget === null || start > latestStart)) {
      latestStart = start;
      latestSlaTarget = target;
    }
    if (c.bucketEnd[i]! <= lifeStart || start >= lifeEnd) continue;
    buckets += 1;
    uptimeSeconds += c.uptimeSeconds[i]!;
    downtimeSeconds += c.downtimeSeconds[i]!;
    checks += c.checks[i]!;
    confirmedErrors += c.confirmedErrors[i]!;
  }
  return { buckets, uptimeSeconds, downtimeSeconds, checks, confirmedErrors, latestSlaTarget };
}
