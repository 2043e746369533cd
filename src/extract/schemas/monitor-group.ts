/**
 * `GET /MonitorGroup`: monitor groups with their credit quotas and (since March 2025) the credits
 * in use per monitor kind. The Used* values are what monitor_group_quota_daily snapshots.
 */
import { z } from 'zod';
import { guid, lenientInteger } from './lenient.ts';

/** One monitor group; `IsAll` is required (Swagger), the GUID because it is the key. */
export const monitorGroupSchema = z.looseObject({
  MonitorGroupGuid: guid,
  Description: z.string().nullish(),
  IsAll: z.boolean(),
  IsQuotaUnlimited: z.boolean().nullish(),
  BasicMonitorQuota: lenientInteger.nullish(),
  BrowserMonitorQuota: lenientInteger.nullish(),
  TransactionMonitorQuota: lenientInteger.nullish(),
  ApiMonitorQuota: lenientInteger.nullish(),
  ClassicQuota: lenientInteger.nullish(),
  UnifiedCreditsQuota: lenientInteger.nullish(),
  UsedBasicMonitorQuota: lenientInteger.nullish(),
  UsedBrowserMonitorQuota: lenientInteger.nullish(),
  UsedTransactionMonitorQuota: lenientInteger.nullish(),
  UsedApiMonitorQuota: lenientInteger.nullish(),
  UsedClassicQuota: lenientInteger.nullish(),
  UsedUnifiedCreditsQuota: lenientInteger.nullish(),
});

/** A parsed monitor group. */
export type MonitorGroup = z.infer<typeof monitorGroupSchema>;

/** Top-level fields the schema knows. */
export const KNOWN_MONITOR_GROUP_FIELDS: ReadonlySet<string> = new Set(Object.keys(monitorGroupSchema.shape));
