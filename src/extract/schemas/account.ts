/**
 * The account and its time zone, as the run reads them first (GET /Account, GET /Account/Settings,
 * GET /Timezone and /Timezone/{id}): the AccountId keys every row, the zone turns the API's local
 * timestamps into instants (docs/time.md).
 */
import { lenientInteger, lenientText, localTimestampText } from './lenient.ts';
import { z } from 'zod';

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

/** Account settings; `TimezoneId` is required (2023 Swagger), note the casing `TimezoneId`. */
export const accountSettingsSchema = z.looseObject({
  TimezoneId: lenientInteger,
});

/** A parsed `/Account/Settings` record. */
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * One time zone. Required as in the 2023 Swagger file: `TimezoneId`, `OffsetFromUtc` (minutes,
 * negative west of UTC, the standard-time offset) and `HasDaylightSaving`. `DaylightSavingOffset`
 * is omitted when there is no DST; the start/end fields exist only in newer responses.
 */
export const timezoneSchema = z.looseObject({
  TimezoneId: lenientInteger,
  Description: z.string().nullish(),
  OffsetFromUtc: lenientInteger,
  HasDaylightSaving: z.boolean(),
  DaylightSavingOffset: lenientInteger.nullish(),
  DaylightSavingStart: localTimestampText.nullish(),
  DaylightSavingEnd: localTimestampText.nullish(),
});

/** A parsed time zone record. */
export type UptrendsTimezone = z.infer<typeof timezoneSchema>;
