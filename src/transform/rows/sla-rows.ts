/** Rows of the SLA tables: definitions with their thresholds, and their exclusion periods. */
import type { Sla, SlaExclusionPeriod } from '../../extract/schemas/sla.ts';
import type { MappedRow } from '../../load/schema.ts';
import { rawColumn } from '../raw-column.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.sla` written by the mapper. */
export type SlaRow = MappedRow<'sla'>;

/** Maps a parsed SLA; reads the wire's `OperatorReponseTimeThreshold` (sic) or the fixed name. */
export function slaRow(sla: Sla, ctx: RowContext, original?: unknown): SlaRow {
  return {
    account_id: ctx.accountId,
    sla_guid: sla.SlaGuid.toLowerCase(),
    description: sla.Description ?? null,
    uptime_error_threshold: sla.UptimeErrorThreshold ?? null,
    uptime_warning_threshold: sla.UptimeWarningThreshold ?? null,
    load_time_error_threshold: sla.LoadTimeErrorThreshold ?? null,
    operator_response_time_threshold:
      sla.OperatorReponseTimeThreshold ?? sla.OperatorResponseTimeThreshold ?? null,
    api_hash: sla.Hash ?? null,
    raw: rawColumn(original ?? sla),
    run_id: ctx.runId,
  };
}

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
    raw: rawColumn(original ?? period),
    run_id: ctx.runId,
  };
}
