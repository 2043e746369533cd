/**
 * Monitor groups (`GET /MonitorGroup`, with the credit quota counters) and their members
 * (`GET /MonitorGroup/{guid}/Member`: an array on the real service, although the Swagger file
 * declares one object, facts 4.1).
 */
import { guid, int32 } from './lenient.ts';
import { z } from 'zod';

/** One monitor group; `IsAll` is required (Swagger), the GUID because it is the key. */
export const monitorGroupSchema = z.looseObject({
  MonitorGroupGuid: guid,
  Description: z.string().nullish(),
  IsAll: z.boolean(),
  IsQuotaUnlimited: z.boolean().nullish(),
  BasicMonitorQuota: int32.nullish(),
  BrowserMonitorQuota: int32.nullish(),
  TransactionMonitorQuota: int32.nullish(),
  ApiMonitorQuota: int32.nullish(),
  ClassicQuota: int32.nullish(),
  UnifiedCreditsQuota: int32.nullish(),
  UsedBasicMonitorQuota: int32.nullish(),
  UsedBrowserMonitorQuota: int32.nullish(),
  UsedTransactionMonitorQuota: int32.nullish(),
  UsedApiMonitorQuota: int32.nullish(),
  UsedClassicQuota: int32.nullish(),
  UsedUnifiedCreditsQuota: int32.nullish(),
});

/** A parsed monitor group. */
export type MonitorGroup = z.infer<typeof monitorGroupSchema>;

/** One member entry. */
export const monitorGroupMemberSchema = z.looseObject({
  MonitorGuid: guid,
});

/** A parsed member entry. */
export type MonitorGroupMember = z.infer<typeof monitorGroupMemberSchema>;
