/**
 * The incident report's tables as CSVs: incidents, the per-monitor summary, and the raw alerts,
 * which are streamed straight from the query's async iterable to the file.
 */
import { localText } from '../render/cell-values.ts';
import { zoneColumn } from '../render/report-files.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import { writeCsv, type CsvValue } from '../render/write-csv.ts';
import { csvFields, csvHeader, INCIDENT_COLUMNS, SUMMARY_COLUMNS } from './incident-columns.ts';
import type { IncidentModel } from './model.ts';

/** Writes the incidents CSV to `path`: the Incidents sheet's columns. */
export async function writeIncidentsCsv(
  model: IncidentModel,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  const zone = model.period.zone;
  await writeCsv(
    path,
    csvHeader(INCIDENT_COLUMNS, zone),
    model.rows.map((r) => csvFields(INCIDENT_COLUMNS, r, zone)),
    signal,
  );
}

/** Writes the per-monitor summary CSV to `path`: the Per monitor sheet's columns. */
export async function writeIncidentSummaryCsv(
  model: IncidentModel,
  path: string,
  signal?: AbortSignal,
): Promise<void> {
  const zone = model.period.zone;
  await writeCsv(
    path,
    csvHeader(SUMMARY_COLUMNS, zone),
    model.summary.map((s) => csvFields(SUMMARY_COLUMNS, s, zone)),
    signal,
  );
}

/** Streams raw alerts to `path`; resolves with how many were written. */
export async function writeRawAlertsCsv(
  alerts: AsyncIterable<ReportRawAlert>,
  monitorNames: ReadonlyMap<string, string>,
  zone: string,
  path: string,
  signal?: AbortSignal,
): Promise<number> {
  async function* rows(): AsyncGenerator<CsvValue[]> {
    for await (const a of alerts) {
      yield [
        a.timestamp,
        localText(a.timestamp, zone),
        a.alert_type,
        a.monitor_guid,
        monitorNames.get(a.monitor_guid) ?? null,
        a.incident_key,
        a.first_error,
        localText(a.first_error, zone),
        a.error_description,
        a.error_message,
        a.monitor_check_id,
        a.first_error_monitor_check_id,
      ];
    }
  }
  return writeCsv(
    path,
    [
      'timestamp_utc',
      `timestamp_local_${zoneColumn(zone)}`,
      'alert_type',
      'monitor_guid',
      'monitor_name',
      'incident_key',
      'first_error_utc',
      `first_error_local_${zoneColumn(zone)}`,
      'error_description',
      'error_message',
      'monitor_check_id',
      'first_error_monitor_check_id',
    ],
    rows(),
    signal,
  );
}
