/**
 * `GET /Sla`: SLA definitions (thresholds only; the API exposes no SLA schedule and no link from
 * a monitor to its SLA). Note the wire name `OperatorReponseTimeThreshold` (sic).
 */
import { z } from 'zod';
import { guid, lenientNumber } from './lenient.ts';

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

/** Top-level fields the schema knows. */
export const KNOWN_SLA_FIELDS: ReadonlySet<string> = new Set(Object.keys(slaSchema.shape));
