/**
 * `GET /Sla/{guid}/ExclusionPeriod`: account-local periods excluded from an SLA's figures.
 */
import { z } from 'zod';
import { lenientInteger, localTimestampText } from './lenient.ts';

/** One exclusion period; the integer id is required because it is (part of) the key. */
export const slaExclusionPeriodSchema = z.looseObject({
  ExclusionPeriodId: lenientInteger,
  Description: z.string().nullish(),
  From: localTimestampText.nullish(),
  Until: localTimestampText.nullish(),
  Hash: z.string().nullish(),
});

/** A parsed exclusion period. */
export type SlaExclusionPeriod = z.infer<typeof slaExclusionPeriodSchema>;

/** Top-level fields the schema knows. */
export const KNOWN_SLA_EXCLUSION_PERIOD_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(slaExclusionPeriodSchema.shape),
);
