/** `uptrends.monitor_group_member` row: one monitor in one group (from the member array). */
import type { MappedRow } from '../../load/schema.ts';
import type { MonitorGroupMember } from '../../extract/schemas/monitor-group-member.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.monitor_group_member` written by the mapper. */
export type MonitorGroupMemberRow = MappedRow<'monitor_group_member'>;

/** Maps one member entry of `GET /MonitorGroup/{groupGuid}/Member`. */
export function monitorGroupMemberRow(
  monitorGroupGuid: string,
  member: MonitorGroupMember,
  ctx: RowContext,
): MonitorGroupMemberRow {
  return {
    account_id: ctx.accountId,
    monitor_group_guid: monitorGroupGuid.toLowerCase(),
    monitor_guid: member.MonitorGuid.toLowerCase(),
    run_id: ctx.runId,
  };
}
