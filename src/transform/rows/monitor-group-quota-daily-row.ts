/**
 * `uptrends.monitor_group_quota_daily` row: one group's credits on one account-local day. The
 * key is (group, day), so a later sync the same day overwrites the row: the last one wins.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { MonitorGroup } from '../../extract/schemas/monitor-group.ts';
import type { LocalDate } from '../../terms.ts';
import { quotaSnapshotOf } from '../quota-snapshot-of.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.monitor_group_quota_daily`. */
export type MonitorGroupQuotaDailyRow = MappedRow<'monitor_group_quota_daily'>;

/**
 * Maps a group's snapshot for `snapshotDate` (the sync's account-local date:
 * `utcToLocal(now, zone).slice(0, 10)`), taken at `capturedAt`.
 */
export function monitorGroupQuotaDailyRow(
  group: MonitorGroup,
  snapshotDate: LocalDate,
  capturedAt: Date,
  ctx: RowContext,
): MonitorGroupQuotaDailyRow {
  return {
    account_id: ctx.accountId,
    ...quotaSnapshotOf(group, snapshotDate),
    captured_at: capturedAt,
    run_id: ctx.runId,
  };
}
