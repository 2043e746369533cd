/**
 * Statistics (facts 3.2): one bucket of `GET /Statistics/Monitor/{guid}` (the answer around the
 * buckets is envelope.ts's dataListSchema, unpaged).
 */
import {
  isFiniteOrAbsent,
  isInt32OrAbsent,
  isLinksOrAbsent,
  isPlainObject,
  isRelationshipsOrAbsent,
  isSafeIntegerOrAbsent,
  isTextOrAbsent,
} from './conforming.ts';
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

/** Attributes `lenientNumber.nullish()` reads: a finite number, null or absent passes unchanged. */
const NUMBERS = [
  'SlaTarget',
  'SlaTargetTotalTime',
  'OperatorResponseTarget',
  'OperatorResponseTime',
  'DowntimePercentage',
  'UptimePercentage',
  'TotalTime',
  'ResolveTime',
  'ConnectionTime',
  'DownloadTime',
] as const;
/** Attributes `lenientInteger.nullish()` reads. */
const INTEGERS = ['Checks', 'Uptime', 'Downtime', 'TotalBytes'] as const;
/** Attributes `int32.nullish()` reads. */
const INT32S = ['Alerts', 'ConfirmedErrors', 'UnconfirmedErrors'] as const;

/**
 * The bucket itself, typed, when it already has the exact form `statisticsSchema` would give back
 * (texts as texts, numbers as numbers, integers as safe integers in their column's range, the Id
 * as text or nothing); undefined otherwise, and the bucket goes through the schema. Validating a
 * bucket with zod copies each of its objects; a year's backfill reads one bucket per monitor and
 * day (issue 42). A unit test holds the two to the same verdicts.
 */
export function conformingStatistics(raw: unknown): Statistics | undefined {
  if (!isPlainObject(raw) || !isTextOrAbsent(raw.Id) || !isTextOrAbsent(raw.Type)) return undefined;
  const a = raw.Attributes;
  if (!isPlainObject(a)) return undefined;
  if (typeof a.StartDateTime !== 'string' || typeof a.EndDateTime !== 'string') return undefined;
  for (const field of NUMBERS) if (!isFiniteOrAbsent(a[field])) return undefined;
  for (const field of INTEGERS) if (!isSafeIntegerOrAbsent(a[field])) return undefined;
  for (const field of INT32S) if (!isInt32OrAbsent(a[field])) return undefined;
  if (!isRelationshipsOrAbsent(raw.Relationships) || !isLinksOrAbsent(raw.Links)) return undefined;
  return raw as Statistics;
}
