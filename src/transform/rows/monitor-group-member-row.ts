/** `uptrends.monitor_group_member` row: one monitor in one group (from the member array). */
import type { MonitorGroupMember } from '../../extract/schemas/monitor-group-member.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.monitor_group_member` written by the mapper. */
export interface MonitorGroupMemberRow {
  readonly account_id: string;
  readonly monitor_group_guid: string;
  readonly monitor_guid: string;
  readonly run_id: number;
}

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
