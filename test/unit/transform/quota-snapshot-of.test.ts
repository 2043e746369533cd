import { describe, expect, it } from 'vitest';
import { monitorGroupSchema } from '../../../src/extract/schemas/monitor-group.ts';
import { quotaSnapshotOf } from '../../../src/transform/quota-snapshot-of.ts';

describe('quotaSnapshotOf', () => {
  it('copies quotas and credits in use for the day, GUID lower-cased, absent counters null', () => {
    const group = monitorGroupSchema.parse({
      MonitorGroupGuid: 'ABCDEF01-2345-6789-ABCD-EF0123456789',
      IsAll: true,
      IsQuotaUnlimited: false,
      BasicMonitorQuota: 100,
      UsedBasicMonitorQuota: 42,
      UsedBrowserMonitorQuota: 3,
      UsedTransactionMonitorQuota: 0,
      UsedApiMonitorQuota: '7',
    });
    expect(quotaSnapshotOf(group, '2025-03-30')).toEqual({
      monitor_group_guid: 'abcdef01-2345-6789-abcd-ef0123456789',
      snapshot_date: '2025-03-30',
      is_quota_unlimited: false,
      used_basic_monitor_quota: 42,
      used_browser_monitor_quota: 3,
      used_transaction_monitor_quota: 0,
      used_api_monitor_quota: 7,
      used_classic_quota: null,
      used_unified_credits_quota: null,
      basic_monitor_quota: 100,
      browser_monitor_quota: null,
      transaction_monitor_quota: null,
      api_monitor_quota: null,
      classic_quota: null,
      unified_credits_quota: null,
    });
  });
});
