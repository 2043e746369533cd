/** `uptrends.operator_group` row: one operator group, system groups included. */
import type { MappedRow } from '../../load/schema.ts';
import type { OperatorGroup } from '../../extract/schemas/operator-group.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

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
    raw: redactSecrets(original ?? group),
    run_id: ctx.runId,
  };
}
