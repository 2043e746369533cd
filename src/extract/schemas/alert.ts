/**
 * Alerts (facts 3.1): one item of `GET /Alert/MonitorGroup/{guid}` or `/Alert/Monitor/{guid}`, and
 * the page around them with its cursors.
 */
import { envelopeLinksSchema, envelopeMetaSchema, relationshipSchema } from './envelope.ts';
import { enumText, guid, lenientInteger, localTimestampText } from './lenient.ts';
import { z } from 'zod';

/** AlertType values: `Ok` is the recovery alert that ends an incident. */
export const KNOWN_ALERT_TYPES = ['Error', 'Reminder', 'Ok'] as const;

/**
 * Alert attributes. Required as in the Swagger file (facts 3.1): AlertType, MonitorGuid,
 * Timestamp, FirstError, MonitorCheckId, FirstErrorMonitorCheckId.
 */
export const alertAttributesSchema = z.looseObject({
  AlertType: enumText,
  MonitorGuid: guid,
  Timestamp: localTimestampText,
  FirstError: localTimestampText,
  MonitorCheckId: lenientInteger,
  FirstErrorMonitorCheckId: lenientInteger,
  ErrorDescription: z.string().nullish(),
  ErrorMessage: z.string().nullish(),
  IncidentKey: z.string().nullish(),
});

/** One alert item; `Id` (GUID) and `Attributes` are required. */
export const alertSchema = z.looseObject({
  Id: guid,
  Type: z.string().nullish(),
  Attributes: alertAttributesSchema,
  Relationships: z.array(relationshipSchema).nullish(),
  Links: z.record(z.string(), z.string().nullish()).nullish(),
});

/** A parsed alert item. */
export type Alert = z.infer<typeof alertSchema>;

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
