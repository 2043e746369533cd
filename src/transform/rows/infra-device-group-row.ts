/** `uptrends.infra_device_group` row: one group of the Infra device tree. */
import type { MappedRow } from '../../load/schema.ts';
import type { TreeGroup } from '../../extract/infra/walk-device-tree.ts';
import type { RowContext } from '../row-context.ts';
import { infraRawItem } from './infra-raw-item.ts';

/** Columns of `uptrends.infra_device_group` written by the mapper (the loader adds the seen stamps). */
export type InfraDeviceGroupRow = MappedRow<'infra_device_group'>;

/** Maps a group found by the tree walk; the root has no raw item. */
export function infraDeviceGroupRow(group: TreeGroup, ctx: RowContext): InfraDeviceGroupRow {
  return {
    account_id: ctx.accountId,
    device_group_id: group.id,
    name: group.name,
    parent_device_group_id: group.parentId,
    depth: group.depth,
    status: group.status,
    raw: group.raw === null ? null : infraRawItem(group.raw),
    run_id: ctx.runId,
  };
}
