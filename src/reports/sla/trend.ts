/**
 * The Trend sheet: the last twelve months per group and overall, computed with exactly the same
 * per-monitor rules as the report period so a month's trend row equals that month's own report.
 */
import { type ReportGroup, type ReportMonitor } from '../queries/report-input.ts';
import type { SlaTarget } from '../model/sla-status.ts';
import { aggregateFigures } from './aggregate-figures.ts';
import type { MonitorFigures } from './monitor-figures.ts';
import { elapsedWindow, periodShape, type ReportPeriod } from '../../time/periods.ts';
import type { TrendRow } from './model-types.ts';
import type { Interval } from '../../time/intervals.ts';

/** Name of the trend row that covers every monitor in scope. */
export const OVERALL_ROW_NAME = 'Overall (all monitors in scope)';

/** How the trend obtains figures; supplied by the model so both share one code path. */
export interface TrendSource {
  readonly monitors: readonly ReportMonitor[];
  readonly groups: readonly {
    readonly group: ReportGroup;
    readonly memberGuids: ReadonlySet<string>;
    readonly target: SlaTarget;
  }[];
  readonly overallTarget: SlaTarget;
  readonly figuresFor: (monitor: ReportMonitor, window: Interval) => MonitorFigures;
}

/** Trend rows, month by month (oldest first), overall first within a month, then groups. */
export function buildTrend(months: readonly ReportPeriod[], source: TrendSource, now: Date): TrendRow[] {
  const rows: TrendRow[] = [];
  for (const month of months) {
    const shape = periodShape(month);
    const monthKey = shape.kind === 'month' ? shape.month : month.label;
    const window = elapsedWindow(month, now);
    const figures = source.monitors.map((m) => source.figuresFor(m, window));
    const row = (groupName: string, members: readonly MonitorFigures[], target: SlaTarget): TrendRow => {
      const aggregate = aggregateFigures(members, target);
      return {
        groupName,
        month: monthKey,
        monthLabel: month.label,
        uptime: aggregate.uptime,
        uptimeSource: aggregate.uptimeSource,
        downtimeMs: aggregate.downtimeMs,
        incidents: aggregate.incidents,
        mttrMs: aggregate.mttrMs,
        coverage: aggregate.coverage,
        complete: aggregate.complete,
        noData: aggregate.noData,
      };
    };
    rows.push(row(OVERALL_ROW_NAME, figures, source.overallTarget));
    for (const { group, memberGuids, target } of source.groups) {
      rows.push(
        row(
          group.description,
          figures.filter((f) => memberGuids.has(f.monitorGuid)),
          target,
        ),
      );
    }
  }
  return rows;
}
