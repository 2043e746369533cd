/**
 * The statistics envelope: the full bucket series in `Data`, no cursors (facts 3.2). Errors of
 * this endpoint use the bare `{"Message"}` body, handled by the HTTP client.
 */
import { z } from 'zod';
import { envelopeLinksSchema, envelopeMetaSchema } from './envelope.ts';
import { relationshipSchema } from './relationship.ts';
import { statisticsSchema } from './statistics.ts';

/** One statistics response, items validated one by one by the stream. */
export const statisticsListSchema = z.looseObject({
  Data: z.array(z.unknown()),
  Links: envelopeLinksSchema.nullish(),
  Meta: envelopeMetaSchema.nullish(),
  Relationships: z.array(relationshipSchema).nullish(),
});

/** A parsed statistics response (items unvalidated). */
export type StatisticsList = z.infer<typeof statisticsListSchema>;

/** The same envelope with every bucket validated. */
export const statisticsListStrictSchema = statisticsListSchema.extend({ Data: z.array(statisticsSchema) });

/** Top-level fields of the statistics envelope. */
export const KNOWN_STATISTICS_LIST_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(statisticsListSchema.shape),
);
