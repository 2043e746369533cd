/**
 * Statistics (facts 3.2): one bucket of `GET /Statistics/Monitor/{guid}` (the answer around the
 * buckets is envelope.ts's dataListSchema, unpaged).
 */
import { relationshipSchema } from './envelope.ts';
import { int32, lenientInteger, lenientNumber, localTimestampText } from './lenient.ts';
import { z } from 'zod';

/** Bucket attributes; StartDateTime and EndDateTime are required (Swagger). */
export const statisticsAttributesSchema = z.looseObject({
  StartDateTime: localTimestampText,
  EndDateTime: localTimestampText,
  Alerts: int32.nullish(),
  SlaTarget: lenientNumber.nullish(),
  SlaTargetTotalTime: lenientNumber.nullish(),
  OperatorResponseTarget: lenientNumber.nullish(),
  OperatorResponseTime: lenientNumber.nullish(),
  DowntimePercentage: lenientNumber.nullish(),
  UptimePercentage: lenientNumber.nullish(),
  Checks: lenientInteger.nullish(),
  ConfirmedErrors: int32.nullish(),
  UnconfirmedErrors: int32.nullish(),
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
