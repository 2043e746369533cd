/**
 * `uptrends.operator` row: one operator (user). Contact details beyond name and e-mail stay in
 * the redacted `raw` only; the password never reaches the warehouse.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { Operator } from '../../extract/schemas/operator.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

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
    raw: redactSecrets(original ?? operator),
    run_id: ctx.runId,
  };
}
