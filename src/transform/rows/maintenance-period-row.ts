/**
 * `uptrends.maintenance_period` row: one maintenance period of one monitor, stored as defined.
 * One-time periods get UTC instants; recurring ones keep their wall-clock times, which
 * `uptrends.maintenance_interval()` expands in the account's zone.
 */
import type { MappedRow } from '../../load/schema.ts';
import { RecordValidationError } from '../../errors.ts';
import type { MaintenancePeriod } from '../../extract/schemas/maintenance-period.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** Columns of `uptrends.maintenance_period` written by the mapper. */
export type MaintenancePeriodRow = MappedRow<'maintenance_period'>;

const CLOCK_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** `HH:mm` (24-hour) as `HH:mm:ss`, null when absent; a RecordValidationError when malformed. */
function clockTime(
  value: string | null | undefined,
  field: string,
  stream: string,
  recordId: string,
): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const match = CLOCK_TIME.exec(value.trim());
  const [hours, minutes, seconds] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3] ?? 0)];
  if (match === null || hours > 23 || minutes > 59 || seconds > 59) {
    throw new RecordValidationError(`${stream}: ${field} is not an HH:mm time`, {
      context: { stream, field, recordId },
    });
  }
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** Maps one maintenance period of monitor `monitorGuid`; `original` is the record as received. */
export function maintenancePeriodRow(
  monitorGuid: string,
  period: MaintenancePeriod,
  ctx: RowContext,
  original?: unknown,
): MaintenancePeriodRow {
  const stream = ctx.stream ?? 'maintenance_period';
  const guid = monitorGuid.toLowerCase();
  const recordId = `${guid}/${period.Id}`;
  const start = parseLocalTimestamp(period.StartDateTime, ctx.zone, {
    stream,
    field: 'StartDateTime',
    recordId,
  });
  const end = parseLocalTimestamp(period.EndDateTime, ctx.zone, { stream, field: 'EndDateTime', recordId });
  return {
    account_id: ctx.accountId,
    monitor_guid: guid,
    maintenance_period_id: period.Id,
    schedule_mode: period.ScheduleMode,
    maintenance_type: period.MaintenanceType,
    description: period.Description ?? null,
    start_at: start?.at ?? null,
    start_at_local: start?.local ?? null,
    end_at: end?.at ?? null,
    end_at_local: end?.local ?? null,
    start_time: clockTime(period.StartTime, 'StartTime', stream, recordId),
    end_time: clockTime(period.EndTime, 'EndTime', stream, recordId),
    week_day: period.WeekDay ?? null,
    month_day: period.MonthDay ?? null,
    raw: rawColumn(original ?? period),
    run_id: ctx.runId,
  };
}
