/**
 * One statistics bucket of `GET /Statistics/Monitor/{guid}`. `Id` is the bucket start in US
 * culture text ("10/13/2025 8:00:00 PM"), not a date: use StartDateTime. Uptime and Downtime are
 * seconds; TotalTime and the other timings are average seconds (facts 3.2).
 */
import { z } from 'zod';
import { lenientInteger, lenientNumber, localTimestampText } from './lenient.ts';
import { relationshipSchema } from './relationship.ts';

/** Bucket attributes; StartDateTime and EndDateTime are required (Swagger). */
export const statisticsAttributesSchema = z.looseObject({
  StartDateTime: localTimestampText,
  EndDateTime: localTimestampText,
  Alerts: lenientInteger.nullish(),
  SlaTarget: lenientNumber.nullish(),
  SlaTargetTotalTime: lenientNumber.nullish(),
  OperatorResponseTarget: lenientNumber.nullish(),
  OperatorResponseTime: lenientNumber.nullish(),
  DowntimePercentage: lenientNumber.nullish(),
  UptimePercentage: lenientNumber.nullish(),
  Checks: lenientInteger.nullish(),
  ConfirmedErrors: lenientInteger.nullish(),
  UnconfirmedErrors: lenientInteger.nullish(),
  Uptime: lenientInteger.nullish(),
  Downtime: lenientInteger.nullish(),
  TotalTime: lenientNumber.nullish(),
  ResolveTime: lenientNumber.nullish(),
  ConnectionTime: lenientNumber.nullish(),
  DownloadTime: lenientNumber.nullish(),
  TotalBytes: lenientInteger.nullish(),
});

/** One statistics item. */
export const statisticsSchema = z.looseObject({
  Id: z.union([z.string(), z.number().transform((n) => String(n))]).nullish(),
  Type: z.string().nullish(),
  Attributes: statisticsAttributesSchema,
  Relationships: z.array(relationshipSchema).nullish(),
  Links: z.record(z.string(), z.string().nullish()).nullish(),
});

/** A parsed statistics bucket. */
export type Statistics = z.infer<typeof statisticsSchema>;

/** Top-level fields of a statistics item. */
export const KNOWN_STATISTICS_FIELDS: ReadonlySet<string> = new Set(Object.keys(statisticsSchema.shape));

/** Fields of `Attributes` the schema knows. */
export const KNOWN_STATISTICS_ATTRIBUTE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(statisticsAttributesSchema.shape),
);
