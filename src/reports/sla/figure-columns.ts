/**
 * The columns of the SLA figures, defined once: header, CSV name, unit, width and value. The
 * Monitors and Monitor groups sheets and the monitor and group CSVs are all built from these lists,
 * so a figure is never listed twice and the workbook and the CSV can never disagree on what a
 * column holds. Values are in model units (percent 0-100, milliseconds, counts); `sheetValue` and
 * `csvValue` convert them for the cell (a fraction under a percent format, minutes, hours) and
 * for the CSV (plain numbers in the unit its name ends with).
 */
import type { CsvValue } from '../render/write-csv.ts';
import type { CellValue, Column, NumberFormat } from '../render/workbook-writer.ts';
import { pointsBetween } from '../render/cell-values.ts';
import type { SlaGroupRow, SlaMonitorRow } from './model-types.ts';
import type { SlaFigures } from './monitor-figures.ts';
import { statusWord } from '../model/data-coverage.ts';

const DAY_MS = 86_400_000;

/** The unit of a column's model value, which fixes its cell format and its CSV conversion. */
export type FigureUnit = 'percent' | 'points' | 'share' | 'minutes' | 'hours' | 'count' | 'text';

/** One column of an SLA table. */
export interface FigureColumn<R> {
  readonly header: string;
  /** CSV column name; its suffix names the unit (`_pct`, `_min`, `_h`, `_pp`). */
  readonly csv: string;
  readonly unit: FigureUnit;
  readonly width: number;
  readonly wrap?: boolean;
  /** In the workbook? (Default: true) GUIDs are for analysts: CSV only. */
  readonly inSheet?: boolean;
  /**
   * Analyst detail: on the sheet after the columns management reads, and not printed. The CSV
   * keeps the list's order. (Default: false)
   */
  readonly detail?: boolean;
  readonly value: (row: R) => number | string | null;
}

/** What the figure columns read: a row's figures and its previous-period uptime. */
export interface FigureRow {
  readonly figures: SlaFigures;
  readonly previousUptime: number | null;
}

const FORMAT: Readonly<Record<FigureUnit, NumberFormat | undefined>> = {
  percent: 'percent',
  points: 'change',
  share: 'percent1',
  minutes: 'duration',
  hours: 'duration',
  count: 'count',
  text: undefined,
};

/** The figures every monitor, group and total row has. */
export const FIGURE_COLUMNS: readonly FigureColumn<FigureRow>[] = [
  { header: 'Target', csv: 'target_pct', unit: 'percent', width: 10, value: (r) => r.figures.target.desired },
  {
    header: 'Error threshold',
    detail: true,
    csv: 'error_threshold_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.figures.target.error,
  },
  {
    header: 'Target source',
    detail: true,
    csv: 'target_source',
    unit: 'text',
    width: 11,
    value: (r) => r.figures.target.source,
  },
  { header: 'Uptime', csv: 'uptime_pct', unit: 'percent', width: 10, value: (r) => r.figures.uptime },
  {
    header: 'Uptime source',
    detail: true,
    csv: 'uptime_source',
    unit: 'text',
    width: 11,
    value: (r) => r.figures.uptimeSource,
  },
  {
    header: 'Uptime (Uptrends)',
    detail: true,
    csv: 'uptime_uptrends_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.figures.uptimeUptrends,
  },
  {
    header: 'Uptime (incidents)',
    detail: true,
    csv: 'uptime_incidents_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.figures.uptimeIncidents,
  },
  {
    header: 'Uptrends minus incidents',
    detail: true,
    csv: 'difference_pp',
    unit: 'points',
    width: 10,
    value: (r) => pointsBetween(r.figures.uptimeUptrends, r.figures.uptimeIncidents),
  },
  { header: 'Status', csv: 'status', unit: 'text', width: 9, value: (r) => statusWord(r.figures) },
  {
    header: 'Data coverage',
    csv: 'data_coverage_pct',
    unit: 'percent',
    width: 10,
    value: (r) => (r.figures.coverage === null ? null : 100 * r.figures.coverage),
  },
  {
    header: 'Monitored (h:mm)',
    detail: true,
    csv: 'monitored_h',
    unit: 'hours',
    width: 10,
    value: (r) => r.figures.monitoredMs,
  },
  {
    header: 'Downtime (h:mm)',
    csv: 'downtime_min',
    unit: 'minutes',
    width: 10,
    value: (r) => r.figures.downtimeMs,
  },
  {
    header: 'Maintenance excluded (h:mm)',
    detail: true,
    csv: 'maintenance_excluded_min',
    unit: 'minutes',
    width: 12,
    value: (r) => r.figures.maintenanceExcludedMs,
  },
  {
    header: 'Error budget (h:mm)',
    csv: 'error_budget_min',
    unit: 'minutes',
    width: 10,
    value: (r) => r.figures.errorBudgetMs,
  },
  {
    header: 'Budget used',
    csv: 'budget_used_pct',
    unit: 'share',
    width: 9,
    value: (r) => r.figures.budgetUsed,
  },
  { header: 'Incidents', csv: 'incidents', unit: 'count', width: 9, value: (r) => r.figures.incidents },
  { header: 'Ongoing', csv: 'ongoing', unit: 'count', width: 8, value: (r) => r.figures.ongoing },
  { header: 'MTTR (h:mm)', csv: 'mttr_min', unit: 'minutes', width: 9, value: (r) => r.figures.mttrMs },
  {
    header: 'Median TTR (h:mm)',
    detail: true,
    csv: 'median_ttr_min',
    unit: 'minutes',
    width: 9,
    value: (r) => r.figures.medianTtrMs,
  },
  {
    header: 'Longest (h:mm)',
    csv: 'longest_min',
    unit: 'minutes',
    width: 9,
    value: (r) => r.figures.longestMs,
  },
  {
    header: 'MTBF (h:mm)',
    detail: true,
    csv: 'mtbf_h',
    unit: 'hours',
    width: 9,
    value: (r) => r.figures.mtbfMs,
  },
  {
    header: 'Previous uptime',
    csv: 'previous_uptime_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.previousUptime,
  },
  {
    header: 'Change vs previous',
    csv: 'change_pp',
    unit: 'points',
    width: 9,
    value: (r) => pointsBetween(r.figures.uptime, r.previousUptime),
  },
];

/** The columns of the Monitors sheet and the monitors CSV. */
export const MONITOR_COLUMNS: readonly FigureColumn<SlaMonitorRow>[] = [
  { header: 'Group', csv: 'groups', unit: 'text', width: 22, value: (r) => r.groupNames },
  { header: 'Monitor', csv: 'monitor_name', unit: 'text', width: 30, value: (r) => r.monitor.name },
  {
    header: 'Type',
    detail: true,
    csv: 'monitor_type',
    unit: 'text',
    width: 12,
    value: (r) => r.monitor.monitor_type,
  },
  {
    header: 'Check interval (s)',
    detail: true,
    csv: 'check_interval_s',
    unit: 'count',
    width: 10,
    value: (r) => r.monitor.check_interval_seconds,
  },
  {
    header: 'SLA definition',
    detail: true,
    csv: 'sla_definition',
    unit: 'text',
    width: 16,
    value: (r) => r.figures.target.slaName,
  },
  ...FIGURE_COLUMNS,
  {
    header: 'Checks',
    detail: true,
    csv: 'checks',
    unit: 'count',
    width: 9,
    value: (r) => (r.figures.hasStatistics ? r.figures.checks : null),
  },
  {
    header: 'Confirmed errors',
    detail: true,
    csv: 'confirmed_errors',
    unit: 'count',
    width: 9,
    value: (r) => (r.figures.hasStatistics ? r.figures.confirmedErrors : null),
  },
  {
    header: 'Monitor GUID',
    detail: true,
    csv: 'monitor_guid',
    unit: 'text',
    width: 38,
    value: (r) => r.monitor.monitor_guid,
  },
];

/** The aggregation rule in words, as shown on every group row. */
export const AGGREGATION_RULE = 'Time-weighted: 1 - sum of member downtime / sum of member monitored time';

/** The columns of the Monitor groups sheet and the groups CSV. */
export const GROUP_COLUMNS: readonly FigureColumn<SlaGroupRow>[] = [
  { header: 'Group', csv: 'group_name', unit: 'text', width: 26, value: (r) => r.group.description },
  { header: 'Members', csv: 'members', unit: 'count', width: 9, value: (r) => r.figures.memberCount },
  {
    header: 'Aggregation rule',
    csv: 'aggregation_rule',
    unit: 'text',
    width: 30,
    wrap: true,
    // The same words on every row: the Definitions sheet explains it once; the CSV keeps it.
    inSheet: false,
    value: () => AGGREGATION_RULE,
  },
  ...FIGURE_COLUMNS.map((c): FigureColumn<SlaGroupRow> => ({
    ...c,
    value: (r) => c.value({ figures: r.figures, previousUptime: r.previous.uptime }),
  })),
  {
    header: 'Group GUID',
    csv: 'group_guid',
    unit: 'text',
    width: 38,
    inSheet: false,
    value: (r) => r.group.monitor_group_guid,
  },
];

/** The columns on the sheet, in sheet order: what management reads first, analyst detail after. */
function onSheet<R>(columns: readonly FigureColumn<R>[]): FigureColumn<R>[] {
  const shown = columns.filter((c) => c.inSheet !== false);
  return [...shown.filter((c) => c.detail !== true), ...shown.filter((c) => c.detail === true)];
}

/** How many of the sheet's columns print: those before the analyst detail. */
export function printedColumnCount<R>(columns: readonly FigureColumn<R>[]): number {
  return columns.filter((c) => c.inSheet !== false && c.detail !== true).length;
}

/** The workbook columns (width, format) of a column list, in sheet order. */
export function sheetColumns<R>(columns: readonly FigureColumn<R>[]): Column[] {
  return onSheet(columns).map((c) => ({
    header: c.header,
    width: c.width,
    format: FORMAT[c.unit],
    wrap: c.wrap,
  }));
}

/** A row's cells for the workbook, in sheet order: percentages as fractions, durations in days. */
export function sheetRow<R>(columns: readonly FigureColumn<R>[], row: R): CellValue[] {
  return onSheet(columns).map((c) => convert(c.unit, c.value(row), 'sheet'));
}

/** A row's values for the CSV: percentages 0-100, durations in the unit the name ends with. */
export function csvRow<R>(columns: readonly FigureColumn<R>[], row: R): CsvValue[] {
  return columns.map((c) => convert(c.unit, c.value(row), 'csv'));
}

function convert(
  unit: FigureUnit,
  value: number | string | null,
  to: 'sheet' | 'csv',
): number | string | null {
  if (value === null || typeof value === 'string') return value;
  switch (unit) {
    case 'percent':
      return to === 'sheet' ? value / 100 : value;
    case 'share':
      return to === 'sheet' ? value : value * 100;
    case 'points':
      return to === 'sheet' ? value / 100 : value;
    case 'minutes':
      return to === 'sheet' ? value / DAY_MS : value / 60_000;
    case 'hours':
      return to === 'sheet' ? value / DAY_MS : value / 3_600_000;
    default:
      return value;
  }
}
