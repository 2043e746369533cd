/**
 * Field types shared by the record schemas. The real service is looser than its Swagger file
 * (docs/warehouse.md, "Parsing"): fields come absent or null, numbers sometimes arrive as
 * numeric strings, text fields sometimes as numbers, and enum values change between releases.
 * These builders accept every such form and hand the transforms one predictable type.
 */
import { z } from 'zod';

const NUMERIC_TEXT = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*-?\d+\s*$/;

/** A GUID as the service writes it (any version nibble: the service does not follow RFC 4122). */
export const guid = z.guid();

/**
 * A number that may arrive as a numeric string (`"2500"`); always a finite number after parsing,
 * so the typed column never holds NaN.
 */
export const lenientNumber = z.union([
  z.number().finite(),
  z
    .string()
    .regex(NUMERIC_TEXT, 'expected a number or a numeric string')
    .transform((text) => Number(text)),
]);

/**
 * An integer that may arrive as a digit string. Values beyond 2^53 are rejected rather than
 * silently rounded: monitor check ids are int64 on the wire and a rounded id points elsewhere.
 */
export const lenientInteger = z.union([
  z.number().int().refine(Number.isSafeInteger, 'integer beyond 2^53 would lose precision'),
  z
    .string()
    .regex(INTEGER_TEXT, 'expected an integer or a digit string')
    .transform((text) => Number(text))
    .refine(Number.isSafeInteger, 'integer beyond 2^53 would lose precision'),
]);

/** The range of a Postgres `integer` column. */
export const INT32_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

const inInt32 = (n: number): boolean => n >= INT32_RANGE.min && n <= INT32_RANGE.max;

/**
 * An integer (as lenientInteger) for an `integer` column: a value the column cannot hold is the
 * record's reject, naming the field and the value, never a failed load (docs/warehouse.md,
 * "Parsing": which columns are `bigint` and why).
 */
export const int32 = lenientInteger.refine(inInt32, {
  error: (issue) =>
    `${String(issue.input)} is outside what the integer column holds (${INT32_RANGE.min} to ${INT32_RANGE.max})`,
});

/** A TCP/UDP port: 0 to 65535; anything else is the record's reject. */
export const portNumber = lenientInteger.refine((n) => n >= 0 && n <= 65_535, {
  error: (issue) => `${String(issue.input)} is not a port (0 to 65535)`,
});

/**
 * A check interval, in `unit` seconds each (60 for `CheckInterval` in minutes, 1 for
 * `CheckIntervalSeconds`): stored as whole seconds in an `integer` column, so an interval of more
 * than 68 years (the service's own limit is 4 hours) is the record's reject.
 */
export function checkInterval(unit: number) {
  return lenientNumber.refine((n) => inInt32(Math.round(n * unit)), {
    error: (issue) =>
      `${String(issue.input)} is not a check interval (${unit === 60 ? 'minutes' : 'seconds'} beyond what the integer column of seconds holds)`,
  });
}

/**
 * Text that the service documents as a string but that may come as a JSON number (error
 * condition values, account ids, data feed values); numbers become their decimal text.
 */
export const lenientText = z.union([z.string(), z.number().transform((n) => String(n))]);

/**
 * An enum-like field kept as plain text: an unknown value is stored, never fatal. Each schema
 * declares the values it knows (`KnownValues`), and a run reports the others once.
 */
export const enumText = z.string();

/**
 * The enum-like fields of a record and the values this version knows: field path -> values. A
 * path names a nested field with dots and every element of an array with `*`
 * (`ErrorConditions.*.Effect`). A value not listed is stored as sent and reported once per run,
 * stream, field and value (RecordValidator.reportUnknownValues), so the lists can be extended.
 */
export type KnownValues = Readonly<Record<string, readonly string[]>>;

/**
 * An account-local timestamp as sent (`yyyy-MM-ddTHH:mm:ss`, sometimes minutes only). Kept as
 * text here: only the row mappers know the account zone, and they report a bad value with the
 * stream, field and record id.
 */
export const localTimestampText = z.string();
