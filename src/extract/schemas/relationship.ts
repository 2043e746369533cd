/**
 * A JSON:API relationship of alert and statistics items. Its `Id` is a number for MonitorCheck
 * and Checkpoint links and a GUID string for Monitor and MonitorGroup links (facts 1.2).
 */
import { z } from 'zod';

/** One relationship entry. */
export const relationshipSchema = z.looseObject({
  Id: z.union([z.number(), z.string()]).nullish(),
  Type: z.string().nullish(),
  Links: z.record(z.string(), z.string().nullish()).nullish(),
});

/** A parsed relationship. */
export type Relationship = z.infer<typeof relationshipSchema>;

/** Fields the schema knows. */
export const KNOWN_RELATIONSHIP_FIELDS: ReadonlySet<string> = new Set(Object.keys(relationshipSchema.shape));
