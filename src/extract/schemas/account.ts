/**
 * The account and its time zone, as the run reads them first (GET /Account, GET /Account/Settings,
 * GET /Timezone and /Timezone/{id}): the AccountId keys every row, the zone turns the API's local
 * timestamps into instants (docs/time.md).
 */
import { int32, lenientText, localTimestampText } from './lenient.ts';
import { z } from 'zod';

const monitorQuotaSchema = z.looseObject({
  BasicMonitors: int32.nullish(),
  BasicMonitorsInUse: int32.nullish(),
  BrowserMonitors: int32.nullish(),
  BrowserMonitorsInUse: int32.nullish(),
  ApiMonitoringCredits: int32.nullish(),
  ApiMonitoringCreditsInUse: int32.nullish(),
  TransactionCredits: int32.nullish(),
  TransactionCreditsInUse: int32.nullish(),
  Monitors: int32.nullish(),
  MonitorsInUse: int32.nullish(),
});

const operatorQuotaSchema = z.looseObject({
  Operators: int32.nullish(),
  OperatorsInUse: int32.nullish(),
});

/** Account statistics; `AccountId` is a string on the wire ("123456") but numbers are accepted. */
export const accountSchema = z.looseObject({
  AccountId: lenientText.nullish(),
  ExpirationDate: localTimestampText.nullish(),
  MonitorQuota: monitorQuotaSchema.nullish(),
  OperatorQuota: operatorQuotaSchema.nullish(),
  RemainingMessageCredits: int32.nullish(),
});

/** A parsed `/Account` record. */
export type Account = z.infer<typeof accountSchema>;

/** Account settings; `TimezoneId` is required (2023 Swagger), note the casing `TimezoneId`. */
export const accountSettingsSchema = z.looseObject({
  TimezoneId: int32,
});

/** A parsed `/Account/Settings` record. */
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * One time zone. Required as in the 2023 Swagger file: `TimezoneId`, `OffsetFromUtc` (minutes,
 * negative west of UTC, the standard-time offset) and `HasDaylightSaving`. `DaylightSavingOffset`
 * is omitted when there is no DST; the start/end fields exist only in newer responses.
 */
export const timezoneSchema = z.looseObject({
  TimezoneId: int32,
  Description: z.string().nullish(),
  OffsetFromUtc: int32,
  HasDaylightSaving: z.boolean(),
  DaylightSavingOffset: int32.nullish(),
  DaylightSavingStart: localTimestampText.nullish(),
  DaylightSavingEnd: localTimestampText.nullish(),
});

/** A parsed time zone record. */
export type UptrendsTimezone = z.infer<typeof timezoneSchema>;
