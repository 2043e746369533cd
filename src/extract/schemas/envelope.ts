/**
 * The JSON:API-style envelope around lists (facts 1.2): `Data`, `Links`, `Meta`, `Relationships`,
 * and the `Cursors` of paged routes. The items inside are validated one by one by their streams.
 */
import { lenientInteger, localTimestampText } from './lenient.ts';
import { z } from 'zod';

/** Envelope links; `Next` is a URL, not the cursor. */
export const envelopeLinksSchema = z.looseObject({
  Self: z.string().nullish(),
  Next: z.string().nullish(),
});

/** Envelope meta; `Period.Warning` is set when a request reaches past the plan's retention. */
export const envelopeMetaSchema = z.looseObject({
  Timestamp: localTimestampText.nullish(),
  Period: z
    .looseObject({
      Warning: z.string().nullish(),
      MaximumRetentionDays: lenientInteger.nullish(),
    })
    .nullish(),
});

/** One relationship entry. */
export const relationshipSchema = z.looseObject({
  Id: z.union([z.number(), z.string()]).nullish(),
  Type: z.string().nullish(),
  Links: z.record(z.string(), z.string().nullish()).nullish(),
});

/** Cursors of a paged answer (alerts): `Next` fetches the following page, `Self` this one again. */
export const cursorsSchema = z.looseObject({
  Next: z.string().nullish(),
  Self: z.string().nullish(),
});

/**
 * An enveloped list answer (alerts, statistics, checkpoints), paged or not. Items are validated
 * one by one by their stream (so one bad record names its own id); this checks the envelope and
 * leaves `Data` items as unknown values.
 */
export const dataListSchema = z.looseObject({
  Data: z.array(z.unknown()),
  Cursors: cursorsSchema.nullish(),
  Links: envelopeLinksSchema.nullish(),
  Meta: envelopeMetaSchema.nullish(),
  Relationships: z.array(relationshipSchema).nullish(),
});
