/**
 * `uptrends.monitor_statistics` row: one statistics bucket of one monitor, stored as the service
 * cut it (the bucket size follows the requested period; the views pick one size per day).
 *
 * Bucket bounds are account-local wall clocks read with the ETL's DST policy (a repeated autumn
 * time is the earlier instant), with two corrections inside the repeated hour, where the service
 * writes two hourly buckets with the same StartDateTime. Without them the first would be empty
 * and the second two hours long, and the views would drop an hour of uptime:
 * - a bucket whose end is not after its start ends at the LATER reading of its end;
 * - a bucket of at most an hour whose UTC length exceeds its wall-clock length starts at the
 *   later reading of its start, when that makes the two lengths equal.
 */
import type { MappedRow } from '../../load/schema.ts';
import { RecordValidationError } from '../../errors.ts';
import type { Statistics } from '../../extract/schemas/statistics.ts';
import type { IanaZone } from '../../terms.ts';
import { parseLocalFields, zoneOffsetMs } from '../../time/zone-clock.ts';
import { parseLocalTimestamp, type LocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';
import { bucketGrain } from '../bucket-grain.ts';

/** Columns of `uptrends.monitor_statistics` written by the mapper. */
export type MonitorStatisticsRow = MappedRow<'monitor_statistics'>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The later of the two instants of a wall clock in a repeated hour; undefined otherwise. */
function laterInstant(local: string, zone: IanaZone): Date | undefined {
  const wall = Date.parse(`${local}Z`);
  const instants = [zoneOffsetMs(wall - DAY_MS, zone), zoneOffsetMs(wall + DAY_MS, zone)]
    .map((offset) => wall - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, zone) === wall);
  const [first, second] = instants;
  if (first === undefined || second === undefined || first === second) return undefined;
  return new Date(Math.max(first, second));
}

/** Applies the repeated-hour corrections of the file comment to naive local bounds. */
function bucketBounds(
  start: LocalTimestamp,
  end: LocalTimestamp,
  texts: { start: string; end: string },
  zone: IanaZone,
): { start: Date; end: Date } {
  // A bound sent with an explicit offset is unambiguous: nothing to correct.
  const naive = [texts.start, texts.end].every((text) => parseLocalFields(text)?.offsetMinutes === undefined);
  if (!naive) return { start: start.at, end: end.at };
  if (end.at <= start.at) {
    return { start: start.at, end: laterInstant(end.local, zone) ?? end.at };
  }
  const wallMs = Date.parse(`${end.local}Z`) - Date.parse(`${start.local}Z`);
  const utcMs = end.at.getTime() - start.at.getTime();
  if (wallMs <= HOUR_MS && utcMs > wallMs) {
    const later = laterInstant(start.local, zone);
    if (later !== undefined && end.at.getTime() - later.getTime() === wallMs)
      return { start: later, end: end.at };
  }
  return { start: start.at, end: end.at };
}

/**
 * Maps one statistics bucket of monitor `monitorGuid`; `original` is the record as received and
 * `text` its JSON text in the response when the reader kept it, for `raw` (raw-column.ts). A
 * missing or unparseable StartDateTime/EndDateTime, or an end not after the start, is a
 * RecordValidationError naming the stream (`ctx.stream`, default `statistics`), field and bucket.
 */
export function monitorStatisticsRow(
  monitorGuid: string,
  item: Statistics,
  ctx: RowContext,
  original?: unknown,
  text?: string,
): MonitorStatisticsRow {
  const stream = ctx.stream ?? 'statistics';
  const guid = monitorGuid.toLowerCase();
  const attributes = item.Attributes;
  const recordId = `${guid}/${item.Id ?? attributes.StartDateTime}`;
  const required = (field: 'StartDateTime' | 'EndDateTime'): LocalTimestamp => {
    const parsed = parseLocalTimestamp(attributes[field], ctx.zone, { stream, field, recordId });
    if (parsed === null) {
      throw new RecordValidationError(`${stream}: ${field} is missing`, {
        context: { stream, field, recordId },
      });
    }
    return parsed;
  };
  const start = required('StartDateTime');
  const end = required('EndDateTime');
  const bounds = bucketBounds(
    start,
    end,
    { start: attributes.StartDateTime, end: attributes.EndDateTime },
    ctx.zone,
  );
  if (bounds.end <= bounds.start) {
    throw new RecordValidationError(`${stream}: EndDateTime is not after StartDateTime`, {
      context: { stream, field: 'EndDateTime', recordId },
    });
  }
  const grain = bucketGrain(start.local, end.local, bounds.end.getTime() - bounds.start.getTime());
  return {
    account_id: ctx.accountId,
    monitor_guid: guid,
    bucket_start_at: bounds.start,
    bucket_end_at: bounds.end,
    bucket_start_local: start.local,
    bucket_end_local: end.local,
    // Both bounds parsed above, so the grain is always known.
    grain: grain ?? 'longer',
    bucket_id_text: item.Id ?? null,
    checks: attributes.Checks ?? null,
    confirmed_errors: attributes.ConfirmedErrors ?? null,
    unconfirmed_errors: attributes.UnconfirmedErrors ?? null,
    uptime_seconds: attributes.Uptime ?? null,
    downtime_seconds: attributes.Downtime ?? null,
    uptime_percentage: attributes.UptimePercentage ?? null,
    downtime_percentage: attributes.DowntimePercentage ?? null,
    sla_target: attributes.SlaTarget ?? null,
    sla_target_total_time: attributes.SlaTargetTotalTime ?? null,
    operator_response_target: attributes.OperatorResponseTarget ?? null,
    operator_response_time: attributes.OperatorResponseTime ?? null,
    alerts: attributes.Alerts ?? null,
    total_time: attributes.TotalTime ?? null,
    resolve_time: attributes.ResolveTime ?? null,
    connection_time: attributes.ConnectionTime ?? null,
    download_time: attributes.DownloadTime ?? null,
    total_bytes: attributes.TotalBytes ?? null,
    raw: rawColumn(original ?? item, text),
    run_id: ctx.runId,
  };
}
