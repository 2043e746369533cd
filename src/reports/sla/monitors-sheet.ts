/**
 * The Monitors sheet (one row per monitor, an Excel table with filters: the SLA overview
 * equivalent) and the Monitor groups sheet (the same figures per group).
 */
import { fraction, hours, minutes, pointsBetween } from '../shared/cell-values.ts';
import { statusStyle } from '../shared/status-fill.ts';
import type { CellValue, Column, SheetWriter } from '../shared/workbook-writer.ts';
import type { SlaModel } from './model-types.ts';
import { sheetTitle } from '../shared/sheet-title.ts';
import { SLA_SHEETS } from './sheet-names.ts';

/** Columns of the Monitors sheet, exported so tests and the CSV use the same headers. */
export const MONITOR_COLUMNS: readonly Column[] = [
  { header: 'Group', width: 22 },
  { header: 'Monitor', width: 30 },
  { header: 'Type', width: 12 },
  { header: 'Check interval (s)', width: 10, format: 'count' },
  { header: 'SLA definition', width: 16 },
  { header: 'Target', width: 10, format: 'percent' },
  { header: 'Error threshold', width: 10, format: 'percent' },
  { header: 'Target source', width: 11 },
  { header: 'Uptime', width: 10, format: 'percent' },
  { header: 'Uptime source', width: 11 },
  { header: 'Uptime (Uptrends)', width: 10, format: 'percent' },
  { header: 'Uptime (incidents)', width: 10, format: 'percent' },
  { header: 'Difference (pp)', width: 10, format: 'decimal' },
  { header: 'Status', width: 9 },
  { header: 'Monitored (h)', width: 10, format: 'hours' },
  { header: 'Downtime (min)', width: 10, format: 'minutes' },
  { header: 'Maintenance excluded (min)', width: 12, format: 'minutes' },
  { header: 'Error budget (min)', width: 10, format: 'minutes' },
  { header: 'Budget used', width: 9, format: 'percent1' },
  { header: 'Incidents', width: 9, format: 'count' },
  { header: 'Ongoing', width: 8, format: 'count' },
  { header: 'MTTR (min)', width: 9, format: 'minutes' },
  { header: 'Median TTR (min)', width: 9, format: 'minutes' },
  { header: 'Longest (min)', width: 9, format: 'minutes' },
  { header: 'MTBF (h)', width: 9, format: 'hours' },
  { header: 'Checks', width: 9, format: 'count' },
  { header: 'Confirmed errors', width: 9, format: 'count' },
  { header: 'Previous uptime', width: 10, format: 'percent' },
  { header: 'Change (pp)', width: 9, format: 'decimal' },
  { header: 'Monitor GUID', width: 38 },
];

const STATUS_COLUMN = MONITOR_COLUMNS.findIndex((c) => c.header === 'Status') + 1;

/** Writes the Monitors sheet; returns the row of each monitor guid (for links from the Summary). */
export function writeMonitorsSheet(sheet: SheetWriter, model: SlaModel): Map<string, number> {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.monitors, model.period.label, model.period.zone),
    'Both uptime figures per monitor; the Uptrends figure leads where statistics exist (see Uptime source).',
  ]);
  const rows: CellValue[][] = model.monitors.map(({ monitor, groupNames, figures: f, previousUptime }) => [
    groupNames,
    monitor.name,
    monitor.monitor_type,
    monitor.check_interval_seconds,
    f.target.slaName,
    fraction(f.target.desired),
    fraction(f.target.error),
    f.target.source,
    fraction(f.uptime),
    f.uptimeSource,
    fraction(f.uptimeUptrends),
    fraction(f.uptimeIncidents),
    pointsBetween(f.uptimeUptrends, f.uptimeIncidents),
    f.status ?? 'No data',
    hours(f.monitoredMs),
    minutes(f.downtimeMs),
    minutes(f.maintenanceExcludedMs),
    minutes(f.errorBudgetMs),
    f.budgetUsed,
    f.incidents,
    f.ongoing,
    minutes(f.mttrMs),
    minutes(f.medianTtrMs),
    minutes(f.longestMs),
    hours(f.mtbfMs),
    f.hasStatistics ? f.checks : null,
    f.hasStatistics ? f.confirmedErrors : null,
    fraction(previousUptime),
    pointsBetween(f.uptime, previousUptime),
    monitor.monitor_guid,
  ]);
  const placement = sheet.table(start, MONITOR_COLUMNS, rows, { excelTable: 'Monitors' });
  const rowOf = new Map<string, number>();
  model.monitors.forEach((row, index) => {
    const excelRow = placement.firstDataRow + index;
    rowOf.set(row.monitor.monitor_guid, excelRow);
    sheet.cell(excelRow, STATUS_COLUMN, row.figures.status ?? 'No data', statusStyle(row.figures.status));
  });
  return rowOf;
}

/** Columns of the Monitor groups sheet. */
export const GROUP_COLUMNS: readonly Column[] = [
  { header: 'Group', width: 26 },
  { header: 'Members', width: 9, format: 'count' },
  { header: 'Aggregation rule', width: 30, wrap: true },
  { header: 'Target', width: 10, format: 'percent' },
  { header: 'Error threshold', width: 10, format: 'percent' },
  { header: 'Target source', width: 11 },
  { header: 'Uptime', width: 10, format: 'percent' },
  { header: 'Uptime source', width: 11 },
  { header: 'Uptime (Uptrends)', width: 10, format: 'percent' },
  { header: 'Uptime (incidents)', width: 10, format: 'percent' },
  { header: 'Status', width: 9 },
  { header: 'Monitored (h)', width: 10, format: 'hours' },
  { header: 'Downtime (min)', width: 10, format: 'minutes' },
  { header: 'Maintenance excluded (min)', width: 12, format: 'minutes' },
  { header: 'Error budget (min)', width: 10, format: 'minutes' },
  { header: 'Budget used', width: 9, format: 'percent1' },
  { header: 'Incidents', width: 9, format: 'count' },
  { header: 'Ongoing', width: 8, format: 'count' },
  { header: 'MTTR (min)', width: 9, format: 'minutes' },
  { header: 'Median TTR (min)', width: 9, format: 'minutes' },
  { header: 'Longest (min)', width: 9, format: 'minutes' },
  { header: 'MTBF (h)', width: 9, format: 'hours' },
  { header: 'Previous uptime', width: 10, format: 'percent' },
  { header: 'Change (pp)', width: 9, format: 'decimal' },
];

/** The aggregation rule in words, as shown on every group row. */
export const AGGREGATION_RULE = 'Time-weighted: 1 - sum of member downtime / sum of member monitored time';

/** Writes the Monitor groups sheet. */
export function writeGroupsSheet(sheet: SheetWriter, model: SlaModel): void {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.groups, model.period.label, model.period.zone),
    'A monitor in several groups counts in each of them.',
  ]);
  const rows: CellValue[][] = model.groups.map(({ group, figures: f, previous }) => [
    group.description,
    f.memberCount,
    AGGREGATION_RULE,
    fraction(f.target.desired),
    fraction(f.target.error),
    f.target.source,
    fraction(f.uptime),
    f.uptimeSource,
    fraction(f.uptimeUptrends),
    fraction(f.uptimeIncidents),
    f.status ?? 'No data',
    hours(f.monitoredMs),
    minutes(f.downtimeMs),
    minutes(f.maintenanceExcludedMs),
    minutes(f.errorBudgetMs),
    f.budgetUsed,
    f.incidents,
    f.ongoing,
    minutes(f.mttrMs),
    minutes(f.medianTtrMs),
    minutes(f.longestMs),
    hours(f.mtbfMs),
    fraction(previous.uptime),
    pointsBetween(f.uptime, previous.uptime),
  ]);
  const placement = sheet.table(start, GROUP_COLUMNS, rows);
  const statusColumn = GROUP_COLUMNS.findIndex((c) => c.header === 'Status') + 1;
  model.groups.forEach((g, i) =>
    sheet.cell(
      placement.firstDataRow + i,
      statusColumn,
      g.figures.status ?? 'No data',
      statusStyle(g.figures.status),
    ),
  );
}
