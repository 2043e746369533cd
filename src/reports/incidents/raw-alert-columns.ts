/**
 * The raw alerts' columns, declared once (header, CSV name, kind, width, value) like the incident
 * columns beside them: the Raw alerts sheet and the alerts CSV are both built from this one list,
 * in this order. The sheet leaves out what the CSV adds (the first error's UTC instant).
 */
import type { ReportRawAlert } from '../queries/report-input.ts';
import type { ReportColumn } from './incident-columns.ts';
import type { IncidentModel } from './model.ts';

/** A raw alert with its monitor's name (its GUID when the warehouse has no name for it). */
export interface RawAlertRow extends ReportRawAlert {
  readonly monitor_name: string;
}

/** The monitors' names of a report, by GUID, to name the raw alerts' monitors. */
export function monitorNamesOf(model: IncidentModel): ReadonlyMap<string, string> {
  return new Map(model.summary.map((s) => [s.monitor_guid ?? '', s.name]));
}

/** `alert` as a row of the raw-alert columns. */
export function rawAlertRow(alert: ReportRawAlert, names: ReadonlyMap<string, string>): RawAlertRow {
  return { ...alert, monitor_name: names.get(alert.monitor_guid) ?? alert.monitor_guid };
}

/** The columns of the Raw alerts sheet and the alerts CSV, in sheet order. */
export const RAW_ALERT_COLUMNS: readonly ReportColumn<RawAlertRow>[] = [
  {
    header: 'Timestamp (local)',
    csv: 'timestamp_local_{zone}',
    kind: 'local',
    width: 19,
    value: (a) => a.timestamp,
  },
  { header: 'Type', csv: 'alert_type', kind: 'text', width: 9, value: (a) => a.alert_type },
  {
    header: 'Monitor',
    csv: 'monitor_name',
    kind: 'text',
    width: 28,
    wrap: true,
    value: (a) => a.monitor_name,
  },
  {
    header: 'Error description',
    csv: 'error_description',
    kind: 'text',
    width: 40,
    wrap: true,
    value: (a) => a.error_description,
  },
  {
    header: 'Error message',
    csv: 'error_message',
    kind: 'text',
    width: 50,
    wrap: true,
    value: (a) => a.error_message,
  },
  {
    header: 'First error (local)',
    csv: 'first_error_local_{zone}',
    kind: 'local',
    width: 19,
    value: (a) => a.first_error,
  },
  { header: 'Timestamp (UTC)', csv: 'timestamp_utc', kind: 'utc', width: 19, value: (a) => a.timestamp },
  {
    header: 'First error (UTC)',
    csv: 'first_error_utc',
    kind: 'utc',
    width: 19,
    inSheet: false,
    value: (a) => a.first_error,
  },
  { header: 'Incident key', csv: 'incident_key', kind: 'text', width: 16, value: (a) => a.incident_key },
  { header: 'Check id', csv: 'monitor_check_id', kind: 'id', width: 18, value: (a) => a.monitor_check_id },
  {
    header: 'First error check id',
    csv: 'first_error_monitor_check_id',
    kind: 'id',
    width: 18,
    value: (a) => a.first_error_monitor_check_id,
  },
  { header: 'Monitor GUID', csv: 'monitor_guid', kind: 'text', width: 38, value: (a) => a.monitor_guid },
];
