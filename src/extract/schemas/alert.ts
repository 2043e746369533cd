/**
 * One item of an alert list (`GET /Alert/MonitorGroup/{guid}`, `/Alert/Monitor/{guid}`): a
 * JSON:API record with the alert fields under `Attributes`.
 */
import { z } from 'zod';
import { enumText, guid, lenientInteger, localTimestampText } from './lenient.ts';
import { relationshipSchema } from './relationship.ts';

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

/** Top-level fields of an alert item. */
export const KNOWN_ALERT_FIELDS: ReadonlySet<string> = new Set(Object.keys(alertSchema.shape));

/** Fields of `Attributes` the schema knows (reported separately from top-level fields). */
export const KNOWN_ALERT_ATTRIBUTE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(alertAttributesSchema.shape),
);
