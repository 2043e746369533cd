/**
 * The credit usage of a monitor group on one account-local day: the history the API does not
 * keep (it only reports the current Used*Quota values), built one snapshot per sync.
 */
import type { MonitorGroup } from '../extract/schemas/monitor-group.ts';
import type { LocalDate } from '../terms.ts';

/** The monitor_group_quota_daily values of one group and day (without account and run stamps). */
export interface QuotaSnapshot {
  readonly monitor_group_guid: string;
  readonly snapshot_date: LocalDate;
  readonly is_quota_unlimited: boolean | null;
  readonly used_basic_monitor_quota: number | null;
  readonly used_browser_monitor_quota: number | null;
  readonly used_transaction_monitor_quota: number | null;
  readonly used_api_monitor_quota: number | null;
  readonly used_classic_quota: number | null;
  readonly used_unified_credits_quota: number | null;
  readonly basic_monitor_quota: number | null;
  readonly browser_monitor_quota: number | null;
  readonly transaction_monitor_quota: number | null;
  readonly api_monitor_quota: number | null;
  readonly classic_quota: number | null;
  readonly unified_credits_quota: number | null;
}

/**
 * The snapshot of `group` for `snapshotDate` (the account-local date of the sync). Absent
 * counters stay null rather than 0: an account on another pricing tier has no such credits,
 * which is not the same as using none.
 */
export function quotaSnapshotOf(group: MonitorGroup, snapshotDate: LocalDate): QuotaSnapshot {
  return {
    monitor_group_guid: group.MonitorGroupGuid.toLowerCase(),
    snapshot_date: snapshotDate,
    is_quota_unlimited: group.IsQuotaUnlimited ?? null,
    used_basic_monitor_quota: group.UsedBasicMonitorQuota ?? null,
    used_browser_monitor_quota: group.UsedBrowserMonitorQuota ?? null,
    used_transaction_monitor_quota: group.UsedTransactionMonitorQuota ?? null,
    used_api_monitor_quota: group.UsedApiMonitorQuota ?? null,
    used_classic_quota: group.UsedClassicQuota ?? null,
    used_unified_credits_quota: group.UsedUnifiedCreditsQuota ?? null,
    basic_monitor_quota: group.BasicMonitorQuota ?? null,
    browser_monitor_quota: group.BrowserMonitorQuota ?? null,
    transaction_monitor_quota: group.TransactionMonitorQuota ?? null,
    api_monitor_quota: group.ApiMonitorQuota ?? null,
    classic_quota: group.ClassicQuota ?? null,
    unified_credits_quota: group.UnifiedCreditsQuota ?? null,
  };
}
