/**
 * `GET /Account` (AccountStatistics): account id, expiry and the account-wide quotas. Nothing is
 * required: the Swagger file marks no field required and the ETL can run with the id from config.
 */
import { z } from 'zod';
import { lenientInteger, lenientText, localTimestampText } from './lenient.ts';

const monitorQuotaSchema = z.looseObject({
  BasicMonitors: lenientInteger.nullish(),
  BasicMonitorsInUse: lenientInteger.nullish(),
  BrowserMonitors: lenientInteger.nullish(),
  BrowserMonitorsInUse: lenientInteger.nullish(),
  ApiMonitoringCredits: lenientInteger.nullish(),
  ApiMonitoringCreditsInUse: lenientInteger.nullish(),
  TransactionCredits: lenientInteger.nullish(),
  TransactionCreditsInUse: lenientInteger.nullish(),
  Monitors: lenientInteger.nullish(),
  MonitorsInUse: lenientInteger.nullish(),
});

const operatorQuotaSchema = z.looseObject({
  Operators: lenientInteger.nullish(),
  OperatorsInUse: lenientInteger.nullish(),
});

/** Account statistics; `AccountId` is a string on the wire ("123456") but numbers are accepted. */
export const accountSchema = z.looseObject({
  AccountId: lenientText.nullish(),
  ExpirationDate: localTimestampText.nullish(),
  MonitorQuota: monitorQuotaSchema.nullish(),
  OperatorQuota: operatorQuotaSchema.nullish(),
  RemainingMessageCredits: lenientInteger.nullish(),
});

/** A parsed `/Account` record. */
export type Account = z.infer<typeof accountSchema>;

/** Top-level fields the schema knows. */
export const KNOWN_ACCOUNT_FIELDS: ReadonlySet<string> = new Set(Object.keys(accountSchema.shape));
