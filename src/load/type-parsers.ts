/**
 * One set of value parsers for both backends, so a query returns the same JavaScript values on a
 * Postgres server (node-postgres) and on embedded PGlite. Without it, pg returns int8 and numeric
 * as strings and `date` as a Date at local midnight, while PGlite returns numbers and UTC Dates:
 * tests would pass on one backend and not the other.
 *
 * - int8, numeric -> number (counts, sums and check ids stay far below 2^53)
 * - date -> 'yyyy-MM-dd' text (a calendar day has no instant)
 * - timestamp (without zone) -> 'yyyy-MM-ddTHH:mm:ss' text (an account-local wall-clock time)
 * - timestamptz -> Date (an instant)
 */
export const PG_TYPE_OIDS = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

function parseTimestampText(text: string): string {
  // '2025-01-01 10:00:00' or with fractional seconds: keep whole seconds, ISO 'T' separator.
  return text.replace(' ', 'T').slice(0, 19);
}

function parseTimestamptz(text: string): Date {
  // Session time zone is UTC on both backends, so the text ends in +00 (or +00:00).
  const iso = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

/** Parsers keyed by type OID, in the text form both drivers hand them. */
export const TYPE_PARSERS: Readonly<Record<number, (text: string) => unknown>> = Object.freeze({
  [PG_TYPE_OIDS.int8]: (text: string) => Number(text),
  [PG_TYPE_OIDS.numeric]: (text: string) => Number(text),
  [PG_TYPE_OIDS.date]: (text: string) => text,
  [PG_TYPE_OIDS.timestamp]: parseTimestampText,
  [PG_TYPE_OIDS.timestamptz]: parseTimestamptz,
});
