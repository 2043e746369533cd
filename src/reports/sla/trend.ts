/**
 * The Trend sheet: the last twelve months per group and overall, computed with exactly the same
 * per-monitor rules as the report period so a month's trend row equals that month's own report.
 */
import { type ReportGroup } from '../queries/report-input.ts';
import type { SlaTarget } from '../model/sla-status.ts';
import { aggregateFigures } from './aggregate-figures.ts';
import type { MonitorFigures } from './monitor-figures.ts';
import { periodShape, type ReportPeriod } from '../../time/periods.ts';
import type { TrendRow } from './model-types.ts';

/** Name of the trend row that covers every monitor in scope. */
export const OVERALL_ROW_NAME = 'Overall (all monitors in scope)';

/**
 * How the trend obtains figures: the monitors' own figures of each month, computed by the model
 * (monitor-digest.ts) with the code path of the period's figures.
 */
export interface TrendSource {
  readonly groups: readonly {
    readonly group: ReportGroup;
    readonly memberGuids: ReadonlySet<string>;
    readonly target: SlaTarget;
  }[];
  readonly overallTarget: SlaTarget;
  /** Every monitor's figures in the month at this index of `months`. */
  readonly figures: (month: number) => readonly MonitorFigures[];
}

/** Trend rows, month by month (oldest first), overall first within a month, then groups. */
export function buildTrend(months: readonly ReportPeriod[], source: TrendSource): TrendRow[] {
  const rows: TrendRow[] = [];
  for (const [index, month] of months.entries()) {
    const shape = periodShape(month);
    const monthKey = shape.kind === 'month' ? shape.month : month.label;
    const figures = source.figures(index);
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
