/** `uptrends.operator_group_member` row: one operator in one operator group. */
import type { OperatorGroupMember } from '../../extract/schemas/operator-group-member.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.operator_group_member` written by the mapper. */
export interface OperatorGroupMemberRow {
  readonly account_id: string;
  readonly operator_group_guid: string;
  readonly operator_guid: string;
  readonly run_id: number;
}

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
