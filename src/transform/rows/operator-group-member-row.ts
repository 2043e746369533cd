/** `uptrends.operator_group_member` row: one operator in one operator group. */
import type { MappedRow } from '../../load/schema.ts';
import type { OperatorGroupMember } from '../../extract/schemas/operator-group-member.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.operator_group_member` written by the mapper. */
export type OperatorGroupMemberRow = MappedRow<'operator_group_member'>;

/** Maps one member entry of `GET /OperatorGroup/{groupGuid}/Member`. */
export function operatorGroupMemberRow(
  operatorGroupGuid: string,
  member: OperatorGroupMember,
  ctx: RowContext,
): OperatorGroupMemberRow {
  return {
    account_id: ctx.accountId,
    operator_group_guid: operatorGroupGuid.toLowerCase(),
    operator_guid: member.OperatorGuid.toLowerCase(),
    run_id: ctx.runId,
  };
}
