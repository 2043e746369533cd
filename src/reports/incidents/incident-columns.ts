/**
 * The incident report's columns, each declared once (header, CSV name, kind, width, value): the
 * Incidents and Per monitor sheets, the incidents and summary CSVs and the PDF's tables are all
 * built from these two lists, so a column can never mean one thing in the workbook and another in
 * the CSV. Figures are written by figure-format.ts; instants are a local and a UTC column.
 */
import type { CsvValue } from '../render/write-csv.ts';
import type { CellValue, Column } from '../render/workbook-writer.ts';
import { localText, localWallDate } from '../render/cell-values.ts';
import { zoneColumn } from '../render/report-files.ts';
import {
  dataWord,
  figureCell,
  figureCsv,
  figureText,
  UNIT_FORMAT,
  type FigureUnit,
} from '../render/figure-format.ts';
import type { Figure, IncidentFigure } from '../queries/figures.ts';

/** What a column holds: a figure unit, an instant (local or UTC), a yes/no flag or an identifier. */
export type ColumnKind = FigureUnit | 'local' | 'utc' | 'flag' | 'id';

/** One column of an incident table. */
export interface ReportColumn<R> {
  readonly header: string;
  /** CSV column name; `{zone}` is replaced by the account zone (`started_local_Europe_Amsterdam`). */
  readonly csv: string;
  readonly kind: ColumnKind;
  readonly width: number;
  /** Widest the column grows to fit its text before it wraps. (Default: 45) */
  readonly maxWidth?: number;
  readonly wrap?: boolean;
  /** In the workbook? (Default: true) */
  readonly inSheet?: boolean;
  readonly value: (row: R) => number | string | boolean | Date | null;
}

const flag = (value: boolean | null): boolean | null => value;

/** The columns of the Incidents sheet and the incidents CSV, in sheet order. */
export const INCIDENT_COLUMNS: readonly ReportColumn<IncidentFigure>[] = [
  // Capped, so the printed columns keep a readable size; longer names wrap.
  {
    header: 'Monitor',
    csv: 'monitor_name',
    kind: 'text',
    width: 24,
    maxWidth: 34,
    wrap: true,
    value: (r) => r.monitor_name,
  },
  {
    header: 'Group',
    csv: 'groups',
    kind: 'text',
    width: 18,
    maxWidth: 22,
    wrap: true,
    value: (r) => r.group_names,
  },
  {
    header: 'Start (local)',
    csv: 'started_local_{zone}',
    kind: 'local',
    width: 19,
    value: (r) => r.started_at,
  },
  { header: 'End (local)', csv: 'ended_local_{zone}', kind: 'local', width: 19, value: (r) => r.ended_at },
  { header: 'Ongoing', csv: 'ongoing', kind: 'flag', width: 9, value: (r) => flag(r.ongoing_at_end) },
  {
    header: 'Duration (h:mm)',
    csv: 'duration_min',
    kind: 'duration',
    width: 10,
    value: (r) => r.duration_seconds,
  },
  {
    header: 'Downtime in period (h:mm)',
    csv: 'downtime_in_period_min',
    kind: 'duration',
    width: 11,
    value: (r) => r.downtime_in_period_seconds,
  },
  {
    header: 'Excluded by maintenance (h:mm)',
    csv: 'excluded_by_maintenance_min',
    kind: 'duration',
    width: 12,
    value: (r) => r.maintenance_excused_seconds,
  },
  { header: 'Alerts', csv: 'alerts', kind: 'count', width: 8, value: (r) => r.alert_count },
  { header: 'Reminders', csv: 'reminders', kind: 'count', width: 10, value: (r) => r.reminder_count },
  {
    header: 'First error',
    csv: 'first_error',
    kind: 'text',
    width: 50,
    wrap: true,
    value: (r) => r.first_error_description,
  },
  { header: 'Start (UTC)', csv: 'started_utc', kind: 'utc', width: 19, value: (r) => r.started_at },
  { header: 'End (UTC)', csv: 'ended_utc', kind: 'utc', width: 19, value: (r) => r.ended_at },
  { header: 'Incident key', csv: 'incident_key', kind: 'text', width: 16, value: (r) => r.incident_key },
  {
    header: 'First error check id',
    csv: 'first_error_check_id',
    kind: 'id',
    width: 18,
    value: (r) => r.first_error_check_id,
  },
  { header: 'Last check id', csv: 'last_check_id', kind: 'id', width: 18, value: (r) => r.last_check_id },
  { header: 'Monitor GUID', csv: 'monitor_guid', kind: 'text', width: 38, value: (r) => r.monitor_guid },
];

/**
 * Columns of the Incidents sheet that print: monitor to reminders. The first error text (up to
 * 32,767 characters, which no printed row can hold) and the identifiers are on screen and in the CSV.
 */
export const PRINTED_INCIDENT_COLUMNS = 10;

/** The columns of the Per monitor sheet and the incident summary CSV. */
export const SUMMARY_COLUMNS: readonly ReportColumn<Figure>[] = [
  {
    header: 'Monitor',
    csv: 'monitor_name',
    kind: 'text',
    width: 24,
    maxWidth: 32,
    wrap: true,
    value: (r) => r.name,
  },
  {
    header: 'Group',
    csv: 'groups',
    kind: 'text',
    width: 18,
    maxWidth: 26,
    wrap: true,
    value: (r) => r.group_names,
  },
  {
    header: 'Incidents started',
    csv: 'incidents_started',
    kind: 'count',
    width: 10,
    value: (r) => r.incidents_started,
  },
  { header: 'Ongoing', csv: 'ongoing', kind: 'count', width: 9, value: (r) => r.ongoing_at_end },
  {
    header: 'Downtime (h:mm)',
    csv: 'downtime_min',
    kind: 'duration',
    width: 10,
    value: (r) => (r.alerts_data_state === 'no data' ? null : r.incident_downtime_seconds),
  },
  { header: 'Alerts', csv: 'alerts', kind: 'count', width: 8, value: (r) => r.incident_alerts },
  { header: 'Resolved', csv: 'resolved', kind: 'count', width: 9, value: (r) => r.incidents_resolved },
  { header: 'MTTR (h:mm)', csv: 'mttr_min', kind: 'duration', width: 9, value: (r) => r.mttr_seconds },
  {
    header: 'Median TTR (h:mm)',
    csv: 'median_ttr_min',
    kind: 'duration',
    width: 9,
    value: (r) => r.median_ttr_seconds,
  },
  {
    header: 'Longest (h:mm)',
    csv: 'longest_min',
    kind: 'duration',
    width: 9,
    value: (r) => r.longest_ttr_seconds,
  },
  {
    header: 'Data',
    csv: 'data',
    kind: 'text',
    width: 16,
    wrap: true,
    value: (r) => dataWord(r.alerts_data_state, r.alerts_coverage),
  },
  {
    header: 'Data coverage',
    csv: 'data_coverage_pct',
    kind: 'coverage',
    width: 10,
    value: (r) => r.alerts_coverage,
  },
  {
    header: 'Monitor GUID',
    csv: 'monitor_guid',
    kind: 'text',
    width: 38,
    inSheet: false,
    value: (r) => r.monitor_guid,
  },
];

const FORMAT: Partial<Record<ColumnKind, Column['format']>> = {
  local: 'datetime',
  utc: 'datetime',
  id: 'id',
};

/** The workbook columns of a list. */
export function workbookColumns<R>(columns: readonly ReportColumn<R>[]): Column[] {
  return columns
    .filter((c) => c.inSheet !== false)
    .map((c) => ({
      header: c.header,
      width: c.width,
      maxWidth: c.maxWidth,
      wrap: c.wrap,
      format: FORMAT[c.kind] ?? (c.kind in UNIT_FORMAT ? UNIT_FORMAT[c.kind as FigureUnit] : undefined),
    }));
}

/** A text or number value as it is; anything else (a flag, an instant) has no place there. */
const asNumber = (v: unknown): number | string | null =>
  typeof v === 'number' || typeof v === 'string' ? v : null;

/** A row's cells for the workbook. */
export function workbookRow<R>(columns: readonly ReportColumn<R>[], row: R, zone: string): CellValue[] {
  return columns
    .filter((c) => c.inSheet !== false)
    .map((c): CellValue => {
      const v = c.value(row);
      if (v === null) return null;
      if (c.kind === 'local') return v instanceof Date ? localWallDate(v, zone) : null;
      if (c.kind === 'utc') return v instanceof Date ? v : null;
      if (c.kind === 'flag') return v === true ? 'Yes' : 'No';
      if (c.kind === 'id' || c.kind === 'text') return asNumber(v);
      return figureCell(c.kind, asNumber(v));
    });
}

/** The CSV header of a list, the zone filled in. */
export function csvHeader<R>(columns: readonly ReportColumn<R>[], zone: string): string[] {
  return columns.map((c) => c.csv.replace('{zone}', zoneColumn(zone)));
}

/** A row's CSV fields. */
export function csvFields<R>(columns: readonly ReportColumn<R>[], row: R, zone: string): CsvValue[] {
  return columns.map((c): CsvValue => {
    const v = c.value(row);
    if (v === null) return null;
    if (c.kind === 'local') return v instanceof Date ? localText(v, zone) : null;
    if (c.kind === 'utc' || c.kind === 'flag') return v;
    if (c.kind === 'id' || c.kind === 'text') return asNumber(v);
    return figureCsv(c.kind, asNumber(v));
  });
}

/** A row's value of one column as text (the PDF). */
export function columnText<R>(column: ReportColumn<R>, row: R, zone: string): string {
  const v = column.value(row);
  if (v === null) return column.kind === 'local' || column.kind === 'utc' ? '' : 'n/a';
  if (column.kind === 'local') return v instanceof Date ? localText(v, zone).slice(0, 16) : '';
  if (column.kind === 'utc') return v instanceof Date ? v.toISOString().slice(0, 16).replace('T', ' ') : '';
  if (column.kind === 'flag') return v === true ? 'Yes' : 'No';
  if (column.kind === 'id' || column.kind === 'text') return String(v);
  return figureText(column.kind, typeof v === 'number' ? v : null);
}

/** The column of a list by its CSV name (for the PDF's subsets). */
export function columnNamed<R>(columns: readonly ReportColumn<R>[], csv: string): ReportColumn<R> {
  const column = columns.find((c) => c.csv === csv);
  if (column === undefined) throw new Error(`no column ${csv}`);
  return column;
}
