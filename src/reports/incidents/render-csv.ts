/**
 * The incident report's tables as CSVs: incidents, the per-monitor summary, and the raw alerts;
 * incidents and raw alerts are streamed straight from the query's async iterable to the file.
 */
import type { IncidentFigure } from '../queries/figures.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import { writeCsv, type CsvValue } from '../render/write-csv.ts';
import {
  csvFields,
  csvHeader,
  INCIDENT_COLUMNS,
  SUMMARY_COLUMNS,
  type ReportColumn,
} from './incident-columns.ts';
import type { IncidentModel } from './model.ts';
import { RAW_ALERT_COLUMNS, rawAlertRow } from './raw-alert-columns.ts';

/** Streams incidents to `path` (the Incidents sheet's columns); resolves with how many were written. */
export async function writeIncidentsCsv(
  incidents: AsyncIterable<IncidentFigure>,
  zone: string,
  path: string,
  signal?: AbortSignal,
): Promise<number> {
  async function* rows(): AsyncGenerator<CsvValue[]> {
    for await (const r of incidents) yield csvFields(INCIDENT_COLUMNS, r, zone);
  }
  return writeCsv(path, csvHeader(INCIDENT_COLUMNS, zone), rows(), signal);
}

/** Writes the per-monitor summary CSV to `path`: the Per monitor sheet's columns. */
export function writeIncidentSummaryCsv(
  model: IncidentModel,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  return writeColumnsCsv(SUMMARY_COLUMNS, model.summary, model.period.zone, path, signal);
}

/** Writes `rows` under `columns` (a sheet's columns, their times in `zone`) to `path`. */
async function writeColumnsCsv<R>(
  columns: readonly ReportColumn<R>[],
  rows: readonly R[],
  zone: string,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  await writeCsv(
    path,
    csvHeader(columns, zone),
    rows.map((r) => csvFields(columns, r, zone)),
    signal,
  );
}

/** Streams raw alerts to `path` (the raw-alert columns); resolves with how many were written. */
export async function writeRawAlertsCsv(
  alerts: AsyncIterable<ReportRawAlert>,
  monitorNames: ReadonlyMap<string, string>,
  zone: string,
  path: string,
  signal?: AbortSignal,
): Promise<number> {
  async function* rows(): AsyncGenerator<CsvValue[]> {
    for await (const a of alerts) yield csvFields(RAW_ALERT_COLUMNS, rawAlertRow(a, monitorNames), zone);
  }
  return writeCsv(path, csvHeader(RAW_ALERT_COLUMNS, zone), rows(), signal);
}
