/** `uptrends.sla_exclusion_period` row: one account-local period excluded from an SLA. */
import type { MappedRow } from '../../load/schema.ts';
import type { SlaExclusionPeriod } from '../../extract/schemas/sla-exclusion-period.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

/** Columns of `uptrends.sla_exclusion_period` written by the mapper. */
export type SlaExclusionPeriodRow = MappedRow<'sla_exclusion_period'>;

/** Maps one exclusion period of the SLA `slaGuid` (read from `/Sla/{slaGuid}/ExclusionPeriod`). */
export function slaExclusionPeriodRow(
  slaGuid: string,
  period: SlaExclusionPeriod,
  ctx: RowContext,
  original?: unknown,
): SlaExclusionPeriodRow {
  const stream = ctx.stream ?? 'sla_exclusion_period';
  const recordId = `${slaGuid.toLowerCase()}/${period.ExclusionPeriodId}`;
  const from = parseLocalTimestamp(period.From, ctx.zone, { stream, field: 'From', recordId });
  const until = parseLocalTimestamp(period.Until, ctx.zone, { stream, field: 'Until', recordId });
  return {
    account_id: ctx.accountId,
    sla_guid: slaGuid.toLowerCase(),
    exclusion_period_id: period.ExclusionPeriodId,
    description: period.Description ?? null,
    from_at: from?.at ?? null,
    from_at_local: from?.local ?? null,
    until_at: until?.at ?? null,
    until_at_local: until?.local ?? null,
    api_hash: period.Hash ?? null,
    raw: redactSecrets(original ?? period),
    run_id: ctx.runId,
  };
}
