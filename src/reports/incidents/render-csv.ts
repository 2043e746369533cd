/**
 * The incident report's tables as CSVs: incidents, the per-monitor summary, and the raw alerts,
 * which are streamed straight from the query's async iterable to the file.
 */
import { localText, minutes } from '../render/cell-values.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import { dataWord } from '../model/data-coverage.ts';
import { writeCsv, type CsvValue } from '../render/write-csv.ts';
import type { IncidentModel } from './model.ts';

/** Writes the incidents CSV to `path`. */
export async function writeIncidentsCsv(model: IncidentModel, path: string): Promise<void> {
  const zone = model.period.zone;
  await writeCsv(
    path,
    [
      'incident_key',
      'monitor_guid',
      'monitor_name',
      'groups',
      'started_utc',
      'ended_utc',
      `started_local_${zone}`,
      `ended_local_${zone}`,
      'ongoing',
      'duration_min',
      'downtime_in_period_min',
      'excluded_by_maintenance_min',
      'alerts',
      'reminders',
      'first_error',
      'first_error_check_id',
      'last_check_id',
    ],
    model.rows.map((r): CsvValue[] => {
      const i = r.incident;
      return [
        i.incident_key,
        i.monitor_guid,
        r.monitorName,
        r.groupNames,
        i.started_at,
        i.ended_at,
        localText(i.started_at, zone),
        i.ended_at === null ? null : localText(i.ended_at, zone),
        r.ongoing,
        minutes(r.durationMs),
        minutes(r.downtimeInPeriodMs),
        minutes(r.excludedByMaintenanceMs),
        i.alert_count,
        i.reminder_count,
        i.first_error_description,
        i.first_error_check_id,
        i.last_check_id,
      ];
    }),
  );
}

/** Writes the per-monitor summary CSV to `path`. */
export async function writeIncidentSummaryCsv(model: IncidentModel, path: string): Promise<void> {
  await writeCsv(
    path,
    [
      'monitor_guid',
      'monitor_name',
      'groups',
      'incidents_started',
      'ongoing',
      'downtime_min',
      'alerts',
      'resolved',
      'mttr_min',
      'median_ttr_min',
      'longest_min',
      'data',
      'data_coverage_pct',
    ],
    model.summary.map((s): CsvValue[] => [
      s.monitor.monitor_guid,
      s.monitor.name,
      s.groupNames,
      s.incidentsStarted,
      s.ongoing,
      s.coverage.noData ? null : minutes(s.downtimeMs),
      s.alerts,
      s.resolved,
      minutes(s.mttrMs),
      minutes(s.medianTtrMs),
      minutes(s.longestMs),
      dataWord(s.coverage),
      s.coverage.coverage === null ? null : 100 * s.coverage.coverage,
    ]),
  );
}

/** Streams raw alerts to `path`; resolves with how many were written. */
export async function writeRawAlertsCsv(
  alerts: AsyncIterable<ReportRawAlert>,
  monitorNames: ReadonlyMap<string, string>,
  zone: string,
  path: string,
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
      `timestamp_local_${zone}`,
      'alert_type',
      'monitor_guid',
      'monitor_name',
      'incident_key',
      'first_error_utc',
      `first_error_local_${zone}`,
      'error_description',
      'error_message',
      'monitor_check_id',
      'first_error_monitor_check_id',
    ],
    rows(),
  );
}
