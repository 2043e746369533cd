/**
 * Monitor groups (`GET /MonitorGroup`, with the credit quota counters) and their members
 * (`GET /MonitorGroup/{guid}/Member`: an array on the real service, although the Swagger file
 * declares one object, facts 4.1).
 */
import { guid, lenientInteger } from './lenient.ts';
import { z } from 'zod';

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

/** One member entry. */
export const monitorGroupMemberSchema = z.looseObject({
  MonitorGuid: guid,
});

/** A parsed member entry. */
export type MonitorGroupMember = z.infer<typeof monitorGroupMemberSchema>;
