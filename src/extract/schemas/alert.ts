/**
 * Alerts (facts 3.1): one item of `GET /Alert/MonitorGroup/{guid}` or `/Alert/Monitor/{guid}` (the
 * page around them is envelope.ts's dataListSchema).
 */
import { isGuid } from '../../guid.ts';
import {
  isLinksOrAbsent,
  isPlainObject,
  isRelationshipsOrAbsent,
  isSafeInteger,
  isTextOrAbsent,
} from './conforming.ts';
import { relationshipSchema } from './envelope.ts';
import { enumText, guid, type KnownValues, lenientInteger, localTimestampText } from './lenient.ts';
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

/** The enum-like fields of an alert, with the values known. */
export const ALERT_VALUES: KnownValues = { 'Attributes.AlertType': KNOWN_ALERT_TYPES };

// What z.guid() accepts: 8-4-4-4-12 hex digits, any version nibble.
const isGuidText = (v: unknown): boolean => typeof v === 'string' && isGuid(v);

/**
 * The record itself, typed, when it already has the exact form `alertSchema` would give back
 * (every field of the type it names, numbers as safe integers: nothing for a lenient reading to
 * convert); undefined otherwise, and the record goes through the schema. Validating an alert
 * with zod copies each of its objects; a backfill reads a million alerts, nearly all of them in
 * this form. A unit test holds the two to the same verdicts.
 */
export function conformingAlert(raw: unknown): Alert | undefined {
  if (!isPlainObject(raw) || !isGuidText(raw.Id) || !isTextOrAbsent(raw.Type)) return undefined;
  const a = raw.Attributes;
  if (!isPlainObject(a)) return undefined;
  if (typeof a.AlertType !== 'string' || !isGuidText(a.MonitorGuid)) return undefined;
  if (typeof a.Timestamp !== 'string' || typeof a.FirstError !== 'string') return undefined;
  if (!isSafeInteger(a.MonitorCheckId) || !isSafeInteger(a.FirstErrorMonitorCheckId)) return undefined;
  if (
    !isTextOrAbsent(a.ErrorDescription) ||
    !isTextOrAbsent(a.ErrorMessage) ||
    !isTextOrAbsent(a.IncidentKey)
  )
    return undefined;
  if (!isRelationshipsOrAbsent(raw.Relationships) || !isLinksOrAbsent(raw.Links)) return undefined;
  return raw as Alert;
}
