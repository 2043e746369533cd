/** `uptrends.infra_device` row: one device with the groups listing it. */
import type { MappedRow } from '../../load/schema.ts';
import type { InfraDevice } from '../../extract/schemas/infra-device-group-data.ts';
import type { RowContext } from '../row-context.ts';
import { infraRawItem } from './infra-raw-item.ts';

/** Columns of `uptrends.infra_device` written by the mapper (the loader adds the seen stamps). */
export type InfraDeviceRow = MappedRow<'infra_device'>;

/** Maps a parsed device item; `groupIds` are the groups listing it, `original` the item as received. */
export function infraDeviceRow(
  device: InfraDevice,
  groupIds: readonly string[],
  ctx: RowContext,
  original: unknown,
): InfraDeviceRow {
  return {
    account_id: ctx.accountId,
    device_id: device.Id,
    name: device.Name ?? null,
    item_type: device.Type ?? null,
    status: device.Status ?? null,
    // Sorted so the same memberships always compare equal and never rewrite the row.
    device_group_ids: [...new Set(groupIds)].sort(),
    raw: infraRawItem(original),
    run_id: ctx.runId,
  };
}
