/**
 * One monitor's part of the SLA report, computed from its own facts alone: its figures in the
 * period, the previous period and each Trend month, its milliseconds per local day and its
 * maintenance rows. The model keeps these digests and lets the facts go, so the facts can be read
 * a batch of monitors at a time: a year of incidents and statistics buckets held at once was most
 * of the report's memory (issue 12).
 *
 * The unions of a monitor's incidents and maintenance are made once (monitor-window.ts) and cut
 * for each window, on epoch milliseconds; no window allocates a Date per incident.
 */
import { monitorLife } from '../model/monitor-timeline.ts';
import type { CoveredRanges } from '../model/data-coverage.ts';
import type { SlaTarget } from '../model/sla-status.ts';
import type { LocalDay } from '../../time/calendar.ts';
import type { Interval } from '../../time/intervals.ts';
import { intersectMs, intervalsOf } from '../../time/ms-intervals.ts';
import type { MonitorFactColumns, ReportMaintenance, ReportMonitor } from '../queries/report-input.ts';
import { dayTotals, type DayTotals } from './daily-uptime.ts';
import { monitorMaintenanceRows } from './maintenance-rows.ts';
import type { MaintenanceRow } from './model-types.ts';
import { windowFigures, type MonitorFigures } from './monitor-figures.ts';
import { prepareMonitor, windowStatistics, windowTimeline } from './monitor-window.ts';

/** The windows of one report (each already cut to the elapsed time) and the period's local days. */
export interface SlaWindows {
  readonly current: Interval;
  readonly previous: Interval;
  /** One per Trend month, oldest first. */
  readonly trend: readonly Interval[];
  readonly days: readonly LocalDay[];
}

/** Everything the warehouse holds about one monitor over the report's range. */
export interface MonitorFacts {
  readonly columns: MonitorFactColumns;
  readonly maintenance: readonly ReportMaintenance[];
  /** Undefined for hand-built input, where coverage is not judged. */
  readonly coverage: CoveredRanges | undefined;
}

/** What the model keeps of one monitor. */
export interface MonitorDigest {
  readonly monitor: ReportMonitor;
  /** Figures of the period; null when the monitor did not exist in it (it is out of scope). */
  readonly current: MonitorFigures | null;
  /** Figures of the previous period; null when it did not exist then. */
  readonly previous: MonitorFigures | null;
  /** Figures of each Trend month, in the order of `SlaWindows.trend`. */
  readonly trend: readonly MonitorFigures[];
  /** Per local day of the period (in scope only). */
  readonly daily: DayTotals | null;
  /** Maintenance rows of the period, unsorted (in scope only). */
  readonly maintenance: readonly MaintenanceRow[];
}

/** The target a monitor is held to in a window, given the window's latest bucket SlaTarget. */
export type TargetOf = (monitor: ReportMonitor, latestSlaTarget: number | null) => SlaTarget;

/** True when the monitor existed during some of a non-empty `window`. */
export function existedIn(monitor: ReportMonitor, window: Interval): boolean {
  const life = monitorLife(monitor);
  return window.end > window.start && life.start < window.end && life.end > window.start;
}

/** Digests one monitor over every window of the report. */
export function digestMonitor(
  monitor: ReportMonitor,
  facts: MonitorFacts,
  windows: SlaWindows,
  targetOf: TargetOf,
): MonitorDigest {
  const prepared = prepareMonitor(monitor, facts.columns, facts.maintenance, facts.coverage);
  const figuresIn = (window: Interval): MonitorFigures => {
    const statistics = windowStatistics(prepared, window);
    return windowFigures(prepared, window, targetOf(monitor, statistics.latestSlaTarget), statistics);
  };
  const inScope = existedIn(monitor, windows.current);
  const digest = {
    monitor,
    current: inScope ? figuresIn(windows.current) : null,
    previous: existedIn(monitor, windows.previous) ? figuresIn(windows.previous) : null,
    trend: windows.trend.map(figuresIn),
  };
  if (!inScope) return { ...digest, daily: null, maintenance: [] };
  const { current } = windows;
  const incidentTime = intersectMs(prepared.incidentTime, [current.start.getTime(), current.end.getTime()]);
  return {
    ...digest,
    daily: dayTotals(windowTimeline(prepared, current), windows.days),
    maintenance: monitorMaintenanceRows(monitor, facts.maintenance, intervalsOf(incidentTime), current),
  };
}
