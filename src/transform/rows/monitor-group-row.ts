/** `uptrends.monitor_group` row: a group with its current quotas and credits in use. */
import type { MonitorGroup } from '../../extract/schemas/monitor-group.ts';
import { quotaSnapshotOf } from '../quota-snapshot-of.ts';
import { redactSecrets } from '../redact-secrets.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.monitor_group` written by the mapper. */
export interface MonitorGroupRow {
  readonly account_id: string;
  readonly monitor_group_guid: string;
  readonly description: string | null;
  readonly is_all: boolean;
  readonly is_quota_unlimited: boolean | null;
  readonly basic_monitor_quota: number | null;
  readonly browser_monitor_quota: number | null;
  readonly transaction_monitor_quota: number | null;
  readonly api_monitor_quota: number | null;
  readonly classic_quota: number | null;
  readonly unified_credits_quota: number | null;
  readonly used_basic_monitor_quota: number | null;
  readonly used_browser_monitor_quota: number | null;
  readonly used_transaction_monitor_quota: number | null;
  readonly used_api_monitor_quota: number | null;
  readonly used_classic_quota: number | null;
  readonly used_unified_credits_quota: number | null;
  readonly raw: unknown;
  readonly run_id: number;
}

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
