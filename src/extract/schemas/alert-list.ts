/**
 * The alert list envelope: `Data` plus `Cursors` (absent, or without `Next`, when the batch is
 * the last one of the window).
 */
import { z } from 'zod';
import { alertSchema } from './alert.ts';
import { envelopeLinksSchema, envelopeMetaSchema } from './envelope.ts';
import { relationshipSchema } from './relationship.ts';

/** Cursors of a batch: `Next` fetches the following batch, `Self` this one again. */
export const alertCursorsSchema = z.looseObject({
  Next: z.string().nullish(),
  Self: z.string().nullish(),
});

/**
 * One page of alerts. Items are validated one by one by the stream (so one bad alert names its
 * own id); this schema checks the envelope and leaves `Data` items as unknown values.
 */
export const alertListSchema = z.looseObject({
  Data: z.array(z.unknown()),
  Cursors: alertCursorsSchema.nullish(),
  Links: envelopeLinksSchema.nullish(),
  Meta: envelopeMetaSchema.nullish(),
  Relationships: z.array(relationshipSchema).nullish(),
});

/** A parsed alert page (items unvalidated). */
export type AlertList = z.infer<typeof alertListSchema>;

/** The same envelope with every item validated, for callers that want all-or-nothing. */
export const alertListStrictSchema = alertListSchema.extend({ Data: z.array(alertSchema) });

/** Top-level fields of the alert envelope. */
export const KNOWN_ALERT_LIST_FIELDS: ReadonlySet<string> = new Set(Object.keys(alertListSchema.shape));
