/**
 * How much of a figure's time the warehouse actually holds data for (issue 14). A monitor's
 * figure for a period is only as good as the alert windows (and, for the Uptrends figure, the
 * statistics windows) that were read to their end over the part of the period the monitor existed:
 * `uptrends.etl_coverage`, read through src/load/coverage.ts. Missing data is never perfect uptime:
 * a figure without any covered time is "No data" (no uptime at all), one with part of its time
 * covered is "Incomplete (n % covered)" and is never judged Met, At risk or Missed.
 */
import {
  clipInterval,
  durationMs,
  intersectIntervals,
  totalDurationMs,
  type Interval,
} from '../../time/intervals.ts';
import type { SlaStatus } from './sla-status.ts';

/** The time ranges whose data was read, per stream, for one monitor (sorted, disjoint). */
export interface CoveredRanges {
  readonly alerts: readonly Interval[];
  readonly statistics: readonly Interval[];
}

/** A monitor with no recorded coverage at all. */
export const NOTHING_COVERED: CoveredRanges = { alerts: [], statistics: [] };

/** Covered time within a second of the whole counts as whole (windows end on the same instants). */
const SLACK_MS = 1_000;

/** Coverage of one figure: the monitored life it is about and how much of that was read. */
export interface CoverageFigures {
  /** The monitor's existence within the period, summed over members for a set. */
  readonly lifeMs: number;
  /** The part of `lifeMs` whose data was read. */
  readonly coveredMs: number;
  /** coveredMs / lifeMs (0-1); null when there is no life in the period or coverage is unknown. */
  readonly coverage: number | null;
  /** True when every moment of `lifeMs` was read (or coverage is not known, for hand-built input). */
  readonly complete: boolean;
  /** True when none of it was read: the figure is "No data". */
  readonly noData: boolean;
}

/** Coverage of `ranges` over the monitor's `life` clipped to `window`; `useStatistics` adds the statistics stream. */
export function monitorCoverage(
  ranges: CoveredRanges | undefined,
  life: Interval,
  window: Interval,
  useStatistics: boolean,
): CoverageFigures {
  const lived = clipInterval(window, life);
  const lifeMs = lived === undefined ? 0 : durationMs(lived);
  if (ranges === undefined) return coverageOf(lifeMs, lifeMs, false);
  const within = lived === undefined ? [] : [lived];
  const alertsMs = totalDurationMs(intersectIntervals(ranges.alerts, within));
  const statisticsMs = totalDurationMs(intersectIntervals(ranges.statistics, within));
  return coverageOf(lifeMs, useStatistics ? Math.min(alertsMs, statisticsMs) : alertsMs, true);
}

/** Coverage of a set (group, account): the members' times added up. */
export function combinedCoverage(members: readonly CoverageFigures[]): CoverageFigures {
  let lifeMs = 0;
  let coveredMs = 0;
  let known = false;
  for (const m of members) {
    lifeMs += m.lifeMs;
    coveredMs += m.coveredMs;
    known ||= m.coverage !== null;
  }
  return coverageOf(lifeMs, coveredMs, known);
}

/** The coverage figures of `coveredMs` read out of `lifeMs`; `known` false for hand-built input. */
export function coverageOf(lifeMs: number, coveredMs: number, known: boolean): CoverageFigures {
  const complete = !known || coveredMs >= lifeMs - SLACK_MS;
  return {
    lifeMs,
    coveredMs,
    coverage: known && lifeMs > 0 ? Math.min(1, coveredMs / lifeMs) : null,
    complete,
    noData: known && lifeMs > 0 && coveredMs <= SLACK_MS,
  };
}

/** What a status cell says: the SLA status, or why there is none. */
export function statusWord(figures: {
  readonly status: SlaStatus | null;
  readonly coverage: number | null;
  readonly complete: boolean;
  readonly noData: boolean;
}): string {
  if (figures.noData) return 'No data';
  if (!figures.complete && figures.coverage !== null)
    return `Incomplete (${coverageText(figures.coverage)} covered)`;
  return figures.status ?? 'No data';
}

/** What the data behind a figure is: "Complete", "Incomplete (n % covered)" or "No data". */
export function dataWord(figures: {
  readonly coverage: number | null;
  readonly complete: boolean;
  readonly noData: boolean;
}): string {
  if (figures.noData) return 'No data';
  if (!figures.complete && figures.coverage !== null)
    return `Incomplete (${coverageText(figures.coverage)} covered)`;
  return 'Complete';
}

/** The Summary's opening line about the data behind the report. */
export function coverageLine(overall: CoverageFigures): string {
  if (overall.coverage === null || overall.complete)
    return 'Complete: every monitored hour of the period was read.';
  if (overall.noData)
    return 'No data: nothing of this period was read from Uptrends. No figure here is judged against the SLA.';
  return `Incomplete: ${coverageText(overall.coverage)} of the monitored time was read from Uptrends. Figures marked Incomplete are not judged against the SLA; run a sync (backfill) of the missing days.`;
}

/** A coverage share as text: one decimal, never rounded up to a whole 100 %. */
export function coverageText(coverage: number): string {
  const tenths = Math.floor(coverage * 1000) / 10;
  return `${tenths.toFixed(1)} %`;
}
