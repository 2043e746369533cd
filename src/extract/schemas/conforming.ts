/**
 * Checks that a received record already has the exact form its zod schema would give back, so a
 * stream of many records (alerts, statistics buckets) can skip the schema's copies for the records
 * that need nothing converted (`WindowedStreamSpec.conforming`). Each predicate accepts exactly
 * what the schema part it names returns unchanged; anything else (a number sent as text, an id
 * sent as a number) goes through the schema as before. Unit tests hold each record check to the
 * schema's verdicts with generated records.
 */
import { INT32_RANGE } from './lenient.ts';

/** A JSON object (what `z.looseObject` reads). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `z.string().nullish()`. */
export const isTextOrAbsent = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** `lenientInteger` given a number: a safe integer. */
export const isSafeInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** `lenientNumber.nullish()` given a number or nothing: a finite number, null or absent. */
export const isFiniteOrAbsent = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v));

/** `lenientInteger.nullish()` given a number or nothing. */
export const isSafeIntegerOrAbsent = (v: unknown): boolean =>
  v === undefined || v === null || isSafeInteger(v);

/** `int32.nullish()` given a number or nothing: a safe integer an `integer` column holds. */
export const isInt32OrAbsent = (v: unknown): boolean =>
  v === undefined || v === null || (isSafeInteger(v) && v >= INT32_RANGE.min && v <= INT32_RANGE.max);

/** `z.record(z.string(), z.string().nullish()).nullish()` (a record's or a relationship's Links). */
export function isLinksOrAbsent(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (!isPlainObject(v)) return false;
  for (const key in v) if (!isTextOrAbsent(v[key])) return false;
  return true;
}

/** `z.array(relationshipSchema).nullish()` (envelope.ts). */
export function isRelationshipsOrAbsent(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (!Array.isArray(v)) return false;
  for (const item of v) {
    if (!isPlainObject(item)) return false;
    const id = item.Id;
    if (!(
      id === undefined ||
      id === null ||
      typeof id === 'string' ||
      (typeof id === 'number' && Number.isFinite(id))
    ))
      return false;
    if (!isTextOrAbsent(item.Type) || !isLinksOrAbsent(item.Links)) return false;
  }
  return true;
}
