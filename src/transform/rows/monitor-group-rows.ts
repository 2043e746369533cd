/**
 * Rows of the monitor group tables: the groups (with their credit quota as of the sync), each
 * group's members, and the daily credit snapshot the API does not keep (key (group, local day): the
 * last sync of a day wins).
 */
import type { MonitorGroup, MonitorGroupMember } from '../../extract/schemas/monitor-group.ts';
import type { MappedRow } from '../../load/schema.ts';
import { rawColumn } from '../raw-column.ts';
import type { LocalDate } from '../../terms.ts';
import { quotaSnapshotOf } from '../quota-snapshot-of.ts';
import type { RowContext } from '../row-context.ts';

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
    raw: rawColumn(original ?? group),
    run_id: ctx.runId,
  };
}

/** Columns of `uptrends.monitor_group_member` written by the mapper. */
export type MonitorGroupMemberRow = MappedRow<'monitor_group_member'>;

/** Maps one member entry of `GET /MonitorGroup/{groupGuid}/Member`. */
export function monitorGroupMemberRow(
  monitorGroupGuid: string,
  member: MonitorGroupMember,
  ctx: RowContext,
): MonitorGroupMemberRow {
  return {
    account_id: ctx.accountId,
    monitor_group_guid: monitorGroupGuid.toLowerCase(),
    monitor_guid: member.MonitorGuid.toLowerCase(),
    run_id: ctx.runId,
  };
}

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
