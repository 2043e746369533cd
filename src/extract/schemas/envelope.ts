/**
 * Parts of the JSON:API-like envelope shared by the alert and statistics lists: `Links`
 * (Self/Next URLs) and `Meta` (response time and retention warning).
 */
import { z } from 'zod';
import { lenientInteger, localTimestampText } from './lenient.ts';

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
