/**
 * Parses an HTTP `Retry-After` header (RFC 9110 section 10.2.3): either delay-seconds or an
 * HTTP-date. The vendor documents no rate limit (facts 1.5), so both forms are accepted and
 * anything else is ignored rather than trusted: a garbage header falls back to plain backoff.
 */

const SECONDS = /^\s*(\d+)\s*$/;
// IMF-fixdate and the two obsolete forms all carry a weekday or month name; requiring a letter
// keeps Date.parse from reading bare numbers such as "12.5" as a date.
const LOOKS_LIKE_DATE = /[A-Za-z]{3}/;

/**
 * The wait the header asks for, ms (never negative), or undefined when absent or unreadable.
 * `nowMs` is the current time, used for the HTTP-date form.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = SECONDS.exec(text);
  if (seconds !== null) return Number(seconds[1]) * 1000;
  if (!LOOKS_LIKE_DATE.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
