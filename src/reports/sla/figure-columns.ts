/**
 * The columns of the SLA figures, defined once: header, CSV name, unit, width and the column of
 * `uptrends.figures` it shows. The Monitors and Monitor groups sheets and the monitor and group
 * CSVs are all built from these lists, so a figure is never listed twice and the workbook and the
 * CSV can never disagree on what a column holds; figure-format.ts writes each unit the same way in
 * both.
 */
import type { CsvValue } from '../render/write-csv.ts';
import type { CellValue, Column } from '../render/workbook-writer.ts';
import {
  dataWord,
  figureCell,
  figureCsv,
  statusWord,
  UNIT_FORMAT,
  type FigureUnit,
} from '../render/figure-format.ts';
import type { Figure } from '../queries/figures.ts';
import { uptimeAgreementNote } from './uptime-agreement.ts';

/** One column of an SLA table. */
export interface FigureColumn {
  readonly header: string;
  /** CSV column name; its suffix names the unit (`_pct`, `_min`, `_pp`). */
  readonly csv: string;
  readonly unit: FigureUnit;
  readonly width: number;
  /** Widest the column grows to fit its text before it wraps. (Default: 45) */
  readonly maxWidth?: number;
  readonly wrap?: boolean;
  /** In the workbook? (Default: true) GUIDs are for analysts: CSV only. */
  readonly inSheet?: boolean;
  /**
   * Analyst detail: on the sheet after the columns management reads, and not printed. The CSV
   * keeps the list's order. (Default: false)
   */
  readonly detail?: boolean;
  readonly value: (row: Figure) => number | string | null;
}

const source = (s: string | null): string | null =>
  s === null ? null : s === 'statistics' ? 'Statistics' : 'Incidents';

/** The figures every monitor, group and account row has. */
export const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { header: 'Target', csv: 'target_pct', unit: 'percent', width: 10, value: (r) => r.target_percentage },
  {
    header: 'Error threshold',
    detail: true,
    csv: 'error_threshold_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.target_error_percentage,
  },
  {
    header: 'Target source',
    detail: true,
    csv: 'target_source',
    unit: 'text',
    width: 11,
    value: (r) => r.target_source,
  },
  { header: 'Uptime', csv: 'uptime_pct', unit: 'percent', width: 10, value: (r) => r.uptime_percentage },
  {
    header: 'Uptime source',
    detail: true,
    csv: 'uptime_source',
    unit: 'text',
    width: 11,
    value: (r) => source(r.uptime_source),
  },
  {
    header: 'Uptime (Uptrends)',
    detail: true,
    csv: 'uptime_uptrends_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.statistics_uptime_percentage,
  },
  {
    header: 'Uptime (incidents)',
    detail: true,
    csv: 'uptime_incidents_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.incident_uptime_percentage,
  },
  {
    header: 'Uptime figures',
    csv: 'uptime_figures_note',
    unit: 'text',
    width: 24,
    wrap: true,
    value: (r) => uptimeAgreementNote(r),
  },
  {
    header: 'Status',
    csv: 'status',
    unit: 'text',
    width: 12,
    wrap: true,
    value: (r) => statusWord(r.status, r.data_state, r.coverage),
  },
  {
    header: 'Data coverage',
    csv: 'data_coverage_pct',
    unit: 'coverage',
    width: 10,
    value: (r) => r.coverage,
  },
  {
    header: 'Monitored (h:mm)',
    detail: true,
    csv: 'monitored_min',
    unit: 'duration',
    width: 10,
    value: (r) => r.monitored_seconds,
  },
  {
    header: 'Downtime (h:mm)',
    csv: 'downtime_min',
    unit: 'duration',
    width: 10,
    value: (r) => r.incident_downtime_seconds,
  },
  {
    header: 'Maintenance excluded (h:mm)',
    detail: true,
    csv: 'maintenance_excluded_min',
    unit: 'duration',
    width: 12,
    value: (r) => r.maintenance_seconds,
  },
  {
    header: 'Error budget (h:mm)',
    detail: true,
    csv: 'error_budget_min',
    unit: 'duration',
    width: 10,
    value: (r) => r.error_budget_seconds,
  },
  { header: 'Budget used', csv: 'budget_used_pct', unit: 'share', width: 9, value: (r) => r.budget_used },
  {
    // Past 100 % of the budget, what a manager acts on: the downtime beyond it (issue 41). Within
    // the budget the warehouse's figure is 0: an empty cell, so the column shows only what is over.
    header: 'Over budget (h:mm)',
    csv: 'over_budget_min',
    unit: 'duration',
    width: 10,
    value: (r) => (r.over_budget_seconds === 0 ? null : r.over_budget_seconds),
  },
  { header: 'Incidents', csv: 'incidents', unit: 'count', width: 9, value: (r) => r.incidents_started },
  { header: 'Ongoing', csv: 'ongoing', unit: 'count', width: 8, value: (r) => r.ongoing_at_end },
  { header: 'MTTR (h:mm)', csv: 'mttr_min', unit: 'duration', width: 9, value: (r) => r.mttr_seconds },
  {
    header: 'Median TTR (h:mm)',
    detail: true,
    csv: 'median_ttr_min',
    unit: 'duration',
    width: 9,
    value: (r) => r.median_ttr_seconds,
  },
  {
    header: 'Longest (h:mm)',
    csv: 'longest_min',
    unit: 'duration',
    width: 9,
    value: (r) => r.longest_ttr_seconds,
  },
  {
    header: 'MTBF (h:mm)',
    detail: true,
    csv: 'mtbf_min',
    unit: 'duration',
    width: 10,
    value: (r) => r.mtbf_seconds,
  },
  {
    header: 'Previous uptime',
    csv: 'previous_uptime_pct',
    unit: 'percent',
    width: 10,
    value: (r) => r.previous_uptime_percentage,
  },
  {
    header: 'Previous data',
    csv: 'previous_data',
    unit: 'text',
    width: 13,
    wrap: true,
    value: (r) => dataWord(r.previous_data_state, r.previous_coverage),
  },
  {
    header: 'Change vs previous (pp)',
    csv: 'change_pp',
    unit: 'points',
    width: 10,
    value: (r) => r.change_pp,
  },
];

/** The columns of the Monitors sheet and the monitors CSV. */
export const MONITOR_COLUMNS: readonly FigureColumn[] = [
  // Narrower than the fitted default, so the columns management reads print at a readable size.
  { header: 'Group', csv: 'groups', unit: 'text', width: 20, maxWidth: 26, value: (r) => r.group_names },
  { header: 'Monitor', csv: 'monitor_name', unit: 'text', width: 28, maxWidth: 34, value: (r) => r.name },
  {
    header: 'Type',
    detail: true,
    csv: 'monitor_type',
    unit: 'text',
    width: 12,
    value: (r) => r.monitor_type,
  },
  {
    header: 'Check interval (s)',
    detail: true,
    csv: 'check_interval_s',
    unit: 'count',
    width: 10,
    value: (r) => r.check_interval_seconds,
  },
  {
    header: 'SLA definition',
    detail: true,
    csv: 'sla_definition',
    unit: 'text',
    width: 16,
    value: (r) => r.sla_name,
  },
  ...FIGURE_COLUMNS,
  {
    header: 'Checks',
    detail: true,
    csv: 'checks',
    unit: 'count',
    width: 9,
    value: (r) => (r.has_statistics === true ? r.checks : null),
  },
  {
    header: 'Confirmed errors',
    detail: true,
    csv: 'confirmed_errors',
    unit: 'count',
    width: 9,
    value: (r) => (r.has_statistics === true ? r.confirmed_errors : null),
  },
  {
    header: 'Monitor GUID',
    detail: true,
    csv: 'monitor_guid',
    unit: 'text',
    width: 38,
    value: (r) => r.monitor_guid,
  },
];

/** The aggregation rule in words, as the groups CSV states it on every row. */
export const AGGREGATION_RULE = 'Time-weighted: 1 - sum of member downtime / sum of member monitored time';

/** The columns of the Monitor groups sheet and the groups CSV. */
export const GROUP_COLUMNS: readonly FigureColumn[] = [
  { header: 'Group', csv: 'group_name', unit: 'text', width: 26, wrap: true, value: (r) => r.name },
  { header: 'Monitors', csv: 'members', unit: 'count', width: 9, value: (r) => r.members },
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
  ...FIGURE_COLUMNS,
  {
    header: 'Group GUID',
    csv: 'group_guid',
    unit: 'text',
    width: 38,
    inSheet: false,
    value: (r) => r.monitor_group_guid,
  },
];

/** The columns on the sheet, in sheet order: what management reads first, analyst detail after. */
function onSheet(columns: readonly FigureColumn[]): FigureColumn[] {
  const shown = columns.filter((c) => c.inSheet !== false);
  return [...shown.filter((c) => c.detail !== true), ...shown.filter((c) => c.detail === true)];
}

/** How many of the sheet's columns print: those before the analyst detail. */
export function printedColumnCount(columns: readonly FigureColumn[]): number {
  return columns.filter((c) => c.inSheet !== false && c.detail !== true).length;
}

/** The workbook columns (width, format) of a column list, in sheet order. */
export function sheetColumns(columns: readonly FigureColumn[]): Column[] {
  return onSheet(columns).map((c) => ({
    header: c.header,
    width: c.width,
    maxWidth: c.maxWidth,
    format: UNIT_FORMAT[c.unit],
    wrap: c.wrap,
  }));
}

/** A row's cells for the workbook, in sheet order. */
export function sheetRow(columns: readonly FigureColumn[], row: Figure): CellValue[] {
  return onSheet(columns).map((c) => figureCell(c.unit, c.value(row)));
}

/** A row's values for the CSV, in list order. */
export function csvRow(columns: readonly FigureColumn[], row: Figure): CsvValue[] {
  return columns.map((c) => figureCsv(c.unit, c.value(row)));
}
