/**
 * `uptrends.alert` row: one alert record (Error, Reminder, Ok or whatever type the service adds).
 * Error texts are stored exactly as sent, because the warehouse keeps the truth and the reports
 * sanitise what they show; only `raw` has its secrets removed (raw-column.ts).
 */
import type { MappedRow } from '../../load/schema.ts';
import { RecordValidationError } from '../../errors.ts';
import type { Alert } from '../../extract/schemas/alert.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/**
 * Columns of `uptrends.alert` written by the mapper. `loaded_at` is the loader's: the run's clock
 * (`ctx.clock()`) when the alert is first inserted, never changed by a later merge.
 */
export type AlertRow = MappedRow<'alert'>;

// The incident key of an alert sent without IncidentKey: every alert of one incident carries the
// same FirstErrorMonitorCheckId, so they still group together; the prefix keeps a derived key
// from ever equalling a real one.
function derivedIncidentKey(firstErrorMonitorCheckId: number): string {
  return `derived:${firstErrorMonitorCheckId}`;
}

/**
 * Maps one alert item; `original` is the record as received and `text` its JSON text in the
 * response when the reader kept it, for `raw` (raw-column.ts). A Timestamp that is missing or not a timestamp is a
 * RecordValidationError naming the stream (`ctx.stream`, default `alerts`), the field and the
 * alert Id; FirstError may be absent.
 */
export function alertRow(alert: Alert, ctx: RowContext, original?: unknown, text?: string): AlertRow {
  const stream = ctx.stream ?? 'alerts';
  const alertId = alert.Id.toLowerCase();
  const attributes = alert.Attributes;
  const raised = parseLocalTimestamp(attributes.Timestamp, ctx.zone, {
    stream,
    field: 'Timestamp',
    recordId: alertId,
  });
  // Without its Timestamp an alert cannot be placed in any window or incident: reject it rather
  // than store a row no query can use.
  if (raised === null) {
    throw new RecordValidationError(`${stream}: Timestamp is missing`, {
      context: { stream, field: 'Timestamp', recordId: alertId },
    });
  }
  const firstError = parseLocalTimestamp(attributes.FirstError, ctx.zone, {
    stream,
    field: 'FirstError',
    recordId: alertId,
  });
  const sentKey = attributes.IncidentKey ?? '';
  const keyMissing = sentKey.trim() === '';
  return {
    alert_id: alertId,
    account_id: ctx.accountId,
    monitor_guid: attributes.MonitorGuid.toLowerCase(),
    alert_type: attributes.AlertType,
    raised_at: raised.at,
    raised_at_local: raised.local,
    first_error_at: firstError?.at ?? null,
    first_error_at_local: firstError?.local ?? null,
    monitor_check_id: attributes.MonitorCheckId,
    first_error_monitor_check_id: attributes.FirstErrorMonitorCheckId,
    error_description: attributes.ErrorDescription ?? null,
    error_message: attributes.ErrorMessage ?? null,
    incident_key: keyMissing ? derivedIncidentKey(attributes.FirstErrorMonitorCheckId) : sentKey,
    incident_key_derived: keyMissing,
    raw: rawColumn(original ?? alert, text),
    run_id: ctx.runId,
  };
}
