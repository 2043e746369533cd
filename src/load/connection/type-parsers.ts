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

/** The general path: any text Postgres may send, read through `Date`'s ISO parser. */
function parseTimestamptzText(text: string): Date {
  const iso = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

const ZERO = 48;

/** The decimal number of the digits `text[from, to)`, or -1 when one of them is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * `yyyy-MM-dd HH:mm:ss[.ffffff]+00`, the form every instant takes in a UTC session, read from its
 * digits: a report reads a million of them, and the regular expression and ISO parse of the
 * general path cost about ten times more. Anything else (another offset, infinity, BC, years
 * before 1000) takes the general path. Fractions are cut to milliseconds, as `Date` parses them.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(n - 3) !== 43 /* + */ ||
    text.charCodeAt(n - 2) !== ZERO ||
    text.charCodeAt(n - 1) !== ZERO ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== ' ' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    (n > 22 && (text[19] !== '.' || n === 23))
  ) {
    return parseTimestamptzText(text);
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  // Milliseconds are the first three digits of the fraction; the rest must be digits and is cut.
  const fractionDigits = n > 22 ? n - 23 : 0;
  const ms =
    fractionDigits === 0
      ? 0
      : digits(text, 20, 20 + Math.min(fractionDigits, 3)) * 10 ** Math.max(0, 3 - fractionDigits);
  const rest = fractionDigits > 3 ? digits(text, 23, n - 3) : 0;
  const inRange =
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59 &&
    ms >= 0 &&
    rest >= 0;
  if (!inRange) {
    return parseTimestamptzText(text);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
}

/** The array types of PG_TYPE_OIDS, each with its element's OID (int8[] -> int8, ...). */
export const PG_ARRAY_ELEMENT_OIDS: Readonly<Record<number, number>> = Object.freeze({
  1016: PG_TYPE_OIDS.int8,
  1231: PG_TYPE_OIDS.numeric,
  1182: PG_TYPE_OIDS.date,
  1115: PG_TYPE_OIDS.timestamp,
  1185: PG_TYPE_OIDS.timestamptz,
});

/** Parsers keyed by type OID, in the text form both drivers hand them. */
export const TYPE_PARSERS: Readonly<Record<number, (text: string) => unknown>> = Object.freeze({
  [PG_TYPE_OIDS.int8]: (text: string) => Number(text),
  [PG_TYPE_OIDS.numeric]: (text: string) => Number(text),
  [PG_TYPE_OIDS.date]: (text: string) => text,
  [PG_TYPE_OIDS.timestamp]: parseTimestampText,
  [PG_TYPE_OIDS.timestamptz]: parseTimestamptz,
});
