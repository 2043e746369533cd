/**
 * `GET /Timezone` and `/Timezone/{id}`: Uptrends time zone reference data. Ids are Uptrends'
 * own integers, not IANA names; mapUptrendsTimezone turns a record into an IANA zone.
 */
import { z } from 'zod';
import { lenientInteger, localTimestampText } from './lenient.ts';

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

/** Top-level fields the schema knows. */
export const KNOWN_TIMEZONE_FIELDS: ReadonlySet<string> = new Set(Object.keys(timezoneSchema.shape));
