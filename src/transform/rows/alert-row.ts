/**
 * `uptrends.alert` row: one alert record (Error, Reminder, Ok or whatever type the service adds).
 * Error texts are stored exactly as sent, because the warehouse keeps the truth and the reports
 * sanitise what they show; only `raw` has its secrets removed (raw-column.ts).
 */
import type { MappedRow } from '../../load/schema.ts';
import { RecordValidationError } from '../../errors.ts';
import type { Alert } from '../../extract/schemas/alert.ts';
import { localToUtcCandidates } from '../../time/zone-clock.ts';
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

/**
 * How far outside the window asked for an alert's Timestamp may lie: one second. The service sends
 * whole seconds (its milliseconds were dropped in 2022, facts 1.3) and the request's Start and End
 * are whole seconds too, so an alert served for [Start, End) can carry a Timestamp rounded onto
 * End (or, rounded down, a second before Start).
 */
export const WINDOW_TOLERANCE_MS = 1_000;

/** The window an alert was asked for: its instants and its account-local texts. */
export interface AlertWindow {
  readonly start: Date;
  readonly end: Date;
  readonly startLocal: string;
  readonly endLocal: string;
}

/**
 * Why a mapped alert cannot belong where it came from, as a RecordValidationError naming the
 * stream, the alert, the field and the value; undefined when it can. An alert whose Timestamp lies
 * outside the window asked for (beyond WINDOW_TOLERANCE_MS) would become an incident of some other
 * period that no later read of that period removes; a FirstError after the Timestamp would start
 * the incident after its own alert. A Timestamp in the repeated autumn hour counts with its later
 * meaning here, so the hour's order is never mistaken for a FirstError after it.
 */
export function alertPlacementError(
  row: AlertRow,
  window: AlertWindow,
  ctx: Pick<RowContext, 'zone' | 'stream'>,
): RecordValidationError | undefined {
  const stream = ctx.stream ?? 'alerts';
  const recordId = String(row.alert_id);
  const raised = row.raised_at;
  const sent = String(row.raised_at_local);
  if (
    raised.getTime() < window.start.getTime() - WINDOW_TOLERANCE_MS ||
    raised.getTime() > window.end.getTime() + WINDOW_TOLERANCE_MS
  ) {
    return new RecordValidationError(
      `${stream}: Timestamp ${sent} (${raised.toISOString()}) lies outside the window asked for [${window.startLocal}, ${window.endLocal}) (tolerance 1 s)`,
      { context: { stream, field: 'Timestamp', recordId, value: sent } },
    );
  }
  const firstError = row.first_error_at;
  // A FirstError not after the instant the Timestamp was read as is in place whatever else that
  // Timestamp could mean: the candidates below are worked out only for the rare alert it is not.
  if (firstError === null || firstError.getTime() <= raised.getTime()) return undefined;
  const latest = localToUtcCandidates(sent, ctx.zone)?.at(-1) ?? raised;
  const raisedLatest = Math.max(latest.getTime(), raised.getTime());
  if (firstError.getTime() > raisedLatest) {
    return new RecordValidationError(
      `${stream}: FirstError ${String(row.first_error_at_local)} is after the alert's Timestamp ${sent}`,
      { context: { stream, field: 'FirstError', recordId, value: String(row.first_error_at_local) } },
    );
  }
  return undefined;
}
