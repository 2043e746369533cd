/**
 * `uptrends.infra_device_uptime_daily` row: a device's uptime over one account-local day, read
 * with `Period=yyyymmdd-yyyymmdd` of that day. The percentage is stored as sent. The API marks a
 * device without data by `Uptime` 0 and status Unknown (the spec's NoData filter matches Unknown;
 * the simulator does exactly this), which is not a day of downtime: `has_data` says so, and the
 * monthly view leaves such days out. A percentage outside 0-100 is a broken record and is rejected.
 */
import type { MappedRow } from '../../load/schema.ts';
import { RecordValidationError } from '../../errors.ts';
import type { InfraDevice } from '../../extract/schemas/infra-device-group-data.ts';
import type { LocalDate } from '../../terms.ts';
import type { RowContext } from '../row-context.ts';
import { infraRawItem } from './infra-raw-item.ts';

/** Columns of `uptrends.infra_device_uptime_daily`. */
export type InfraDeviceUptimeDailyRow = MappedRow<'infra_device_uptime_daily'>;

/** Maps one device item of a day's response; throws RecordValidationError for an impossible uptime. */
export function infraDeviceUptimeDailyRow(
  device: InfraDevice,
  day: LocalDate,
  period: string,
  ctx: RowContext,
  original: unknown,
): InfraDeviceUptimeDailyRow {
  const uptime = device.Uptime ?? null;
  if (uptime !== null && (uptime < 0 || uptime > 100)) {
    throw new RecordValidationError(`Uptime ${uptime} of device ${device.Id} on ${day} is outside 0-100`, {
      context: { stream: ctx.stream ?? 'infra_device_uptime_daily', recordId: device.Id, day },
    });
  }
  const status = device.Status ?? null;
  const noData = uptime === null || (uptime === 0 && status?.toLowerCase() === 'unknown');
  return {
    account_id: ctx.accountId,
    device_id: device.Id,
    day,
    uptime_percentage: uptime,
    has_data: !noData,
    status,
    friendly_uptime: device.FriendlyUptime ?? null,
    period,
    raw: infraRawItem(original),
    run_id: ctx.runId,
  };
}
