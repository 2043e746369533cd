/** Rows of the operator tables: operators (never a password), operator groups and their members. */
import type { Operator, OperatorGroup, OperatorGroupMember } from '../../extract/schemas/operator.ts';
import type { MappedRow } from '../../load/schema.ts';
import { rawColumn } from '../raw-column.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.operator` written by the mapper. */
export type OperatorRow = MappedRow<'operator'>;

/** Maps a parsed operator; `original` is the record as received, for `raw`. */
export function operatorRow(operator: Operator, ctx: RowContext, original?: unknown): OperatorRow {
  return {
    account_id: ctx.accountId,
    operator_guid: operator.OperatorGuid.toLowerCase(),
    full_name: operator.FullName ?? null,
    email: operator.Email ?? null,
    is_account_administrator: operator.IsAccountAdministrator ?? null,
    is_on_duty: operator.IsOnDuty ?? null,
    // An empty culture means "the account's language": stored as null, not as ''.
    culture_name: operator.CultureName === '' ? null : (operator.CultureName ?? null),
    time_zone_id: operator.TimeZoneId ?? null,
    sms_provider: operator.SmsProvider ?? null,
    phone_provider: operator.PhoneProvider ?? null,
    allow_native_login: operator.AllowNativeLogin ?? null,
    allow_single_signon: operator.AllowSingleSignon ?? null,
    operator_role: operator.OperatorRole ?? null,
    api_hash: operator.Hash ?? null,
    raw: rawColumn(original ?? operator),
    run_id: ctx.runId,
  };
}

/** Columns of `uptrends.operator_group` written by the mapper. */
export type OperatorGroupRow = MappedRow<'operator_group'>;

/** Maps a parsed operator group; accepts both spellings of the administrators flag. */
export function operatorGroupRow(
  group: OperatorGroup,
  ctx: RowContext,
  original?: unknown,
): OperatorGroupRow {
  return {
    account_id: ctx.accountId,
    operator_group_guid: group.OperatorGroupGuid.toLowerCase(),
    description: group.Description ?? null,
    is_everyone: group.IsEveryone ?? null,
    is_administrators_group: group.IsAdministratorsGroup ?? group.IsAdministratorGroup ?? null,
    raw: rawColumn(original ?? group),
    run_id: ctx.runId,
  };
}

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
