/** `uptrends.sla` row: one SLA definition with its thresholds. */
import type { MappedRow } from '../../load/schema.ts';
import type { Sla } from '../../extract/schemas/sla.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

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
    raw: redactSecrets(original ?? sla),
    run_id: ctx.runId,
  };
}
