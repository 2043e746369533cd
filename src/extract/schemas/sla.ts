/**
 * SLA definitions (`GET /Sla`: thresholds only; the API exposes no SLA schedule and no link from a
 * monitor to its SLA; note the wire name `OperatorReponseTimeThreshold`, sic) and their exclusion
 * periods (`GET /Sla/{guid}/ExclusionPeriod`).
 */
import { guid, int32, lenientNumber, localTimestampText } from './lenient.ts';
import { z } from 'zod';

/** One SLA; the GUID is required because it is the key. */
export const slaSchema = z.looseObject({
  SlaGuid: guid,
  Description: z.string().nullish(),
  Hash: z.string().nullish(),
  UptimeErrorThreshold: lenientNumber.nullish(),
  UptimeWarningThreshold: lenientNumber.nullish(),
  LoadTimeErrorThreshold: lenientNumber.nullish(),
  OperatorReponseTimeThreshold: lenientNumber.nullish(),
  // Accepted in case the vendor ever fixes the typo; the mapper reads either.
  OperatorResponseTimeThreshold: lenientNumber.nullish(),
});

/** A parsed SLA. */
export type Sla = z.infer<typeof slaSchema>;

/** One exclusion period; the integer id is required because it is (part of) the key. */
export const slaExclusionPeriodSchema = z.looseObject({
  ExclusionPeriodId: int32,
  Description: z.string().nullish(),
  From: localTimestampText.nullish(),
  Until: localTimestampText.nullish(),
  Hash: z.string().nullish(),
});

/** A parsed exclusion period. */
export type SlaExclusionPeriod = z.infer<typeof slaExclusionPeriodSchema>;
