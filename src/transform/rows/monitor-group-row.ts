/** `uptrends.monitor_group` row: a group with its current quotas and credits in use. */
import type { MappedRow } from '../../load/schema.ts';
import type { MonitorGroup } from '../../extract/schemas/monitor-group.ts';
import { quotaSnapshotOf } from '../quota-snapshot-of.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

/** Columns of `uptrends.monitor_group` written by the mapper. */
export type MonitorGroupRow = MappedRow<'monitor_group'>;

/** Maps a parsed monitor group; `original` is the record as received, for `raw`. */
export function monitorGroupRow(group: MonitorGroup, ctx: RowContext, original?: unknown): MonitorGroupRow {
  // The quota columns are the same as the daily snapshot's; one mapping keeps them in step.
  const { snapshot_date: _date, ...quota } = quotaSnapshotOf(group, '1970-01-01');
  return {
    account_id: ctx.accountId,
    ...quota,
    description: group.Description ?? null,
    is_all: group.IsAll,
    raw: redactSecrets(original ?? group),
    run_id: ctx.runId,
  };
}
