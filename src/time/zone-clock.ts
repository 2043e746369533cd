/**
 * Conversions between account-local wall-clock times (what the Uptrends API sends: no offset)
 * and UTC instants, for any IANA zone, and the zone's offset changes. Pure: zone rules come from
 * the runtime's Intl data. This is the only code in the project that asks Intl about zones.
 *
 * DST policy (the same as Temporal's "compatible" disambiguation, and documented in
 * docs/time.md): a wall-clock time that occurs twice (autumn) is the earlier instant; a time
 * that does not exist (spring gap) is read with the offset in force before the gap, which moves it
 * forward by the gap's length (02:30 in a 02:00->03:00 gap becomes 03:30).
 */
import type { IanaZone, LocalDateTime } from '../terms.ts';

const LOCAL_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Fields of a wall-clock time; month is 1-12. */
export interface LocalFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
// Per zone, offset by quarter-hour bucket: numeric keys, no string built per lookup (a sync asks
// several times per alert).
const offsetCache = new Map<string, Map<number, number>>();
let cachedOffsets = 0;
const QUARTER_HOUR_MS = 900_000;

function formatterFor(zone: IanaZone): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone. */
export function isValidZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

// Zone rules never change the offset twice within six hours (see TRANSITION_SCAN_MS): a six-hour
// span whose two ends have the same offset has it throughout, and is answered without Intl.
const SPAN_MS = 6 * 3_600_000;
const constantSpans = new Map<string, Map<number, number>>();

function memoFor(cache: Map<string, Map<number, number>>, zone: IanaZone): Map<number, number> {
  let byBucket = cache.get(zone);
  if (byBucket === undefined) cache.set(zone, (byBucket = new Map<number, number>()));
  return byBucket;
}

/** The offset at the quarter hour `bucket`, asked of Intl once and memoised. */
function quarterHourOffset(bucket: number, zone: IanaZone): number {
  const byBucket = memoFor(offsetCache, zone);
  const cached = byBucket.get(bucket);
  if (cached !== undefined) return cached;
  const probe = bucket * QUARTER_HOUR_MS;
  const parts = formatterFor(zone).formatToParts(new Date(probe));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  const offset = asUtc - probe;
  if (++cachedOffsets > 200_000) {
    offsetCache.clear();
    constantSpans.clear();
    cachedOffsets = 0;
  }
  memoFor(offsetCache, zone).set(bucket, offset);
  return offset;
}

/**
 * Offset of `zone` from UTC at instant `epochMs`, in milliseconds (positive east of UTC).
 * Memoised per quarter hour (every zone transition in the tz database falls on one), and per
 * six-hour span where the offset is constant, so a sync asks Intl a few times a day of data
 * rather than once per quarter hour that holds an alert.
 */
export function zoneOffsetMs(epochMs: number, zone: IanaZone): number {
  const span = Math.floor(epochMs / SPAN_MS);
  const spans = memoFor(constantSpans, zone);
  const constant = spans.get(span);
  if (constant !== undefined && !Number.isNaN(constant)) return constant;
  if (constant === undefined) {
    const perSpan = SPAN_MS / QUARTER_HOUR_MS;
    const first = quarterHourOffset(span * perSpan, zone);
    const next = quarterHourOffset((span + 1) * perSpan, zone);
    // NaN marks a span with a transition inside: answered per quarter hour.
    spans.set(span, first === next ? first : Number.NaN);
    if (first === next) return first;
  }
  return quarterHourOffset(Math.floor(epochMs / QUARTER_HOUR_MS), zone);
}

/**
 * Parses `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, `...:ss` or `...:ss.fff` (T or space). Returns undefined
 * for anything else. A trailing `Z` or offset is reported separately: such a value is absolute.
 */
export function parseLocalFields(text: string): { fields: LocalFields; offsetMinutes?: number } | undefined {
  const fast = parseCommonLocal(text);
  if (fast !== undefined) return { fields: fast };
  const m = LOCAL_PATTERN.exec(text.trim());
  if (m === null) return undefined;
  const fields: LocalFields = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
    millisecond: m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000),
  };
  const check = new Date(
    Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second),
  );
  if (
    check.getUTCFullYear() !== fields.year ||
    check.getUTCMonth() !== fields.month - 1 ||
    check.getUTCDate() !== fields.day ||
    fields.hour > 23 ||
    fields.minute > 59 ||
    fields.second > 59
  ) {
    return undefined;
  }
  const zone = m[8];
  if (zone === undefined) return { fields };
  if (zone === 'Z') return { fields, offsetMinutes: 0 };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return { fields, offsetMinutes: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) };
}

/** Two ASCII digits at `at` as a number, or NaN. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `yyyy-MM-ddTHH:mm:ss`, what the API sends for nearly every timestamp, read without a regular
 * expression, a Date or an object (a sync reads two per alert): its wall clock as milliseconds of
 * the same fields read as UTC. Anything else: NaN, for the full parser.
 */
function commonLocalWallMs(text: string): number {
  if (text.length !== 19 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T') return Number.NaN;
  if (text[13] !== ':' || text[16] !== ':') return Number.NaN;
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (Number.isNaN(year + month + day + hour + minute + second)) return Number.NaN;
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The fields of a text `commonLocalWallMs` reads; undefined for anything else. */
function parseCommonLocal(text: string): LocalFields | undefined {
  if (Number.isNaN(commonLocalWallMs(text))) return undefined;
  return {
    year: twoDigits(text, 0) * 100 + twoDigits(text, 2),
    month: twoDigits(text, 5),
    day: twoDigits(text, 8),
    hour: twoDigits(text, 11),
    minute: twoDigits(text, 14),
    second: twoDigits(text, 17),
    millisecond: 0,
  };
}

function fieldsAsUtcMs(f: LocalFields): number {
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millisecond);
}

/**
 * The UTC instant, in milliseconds, of the wall clock `wall` (its fields read as UTC) in `zone`,
 * with the DST policy described above: each offset in force a day either side is a candidate where
 * the wall clock reads back as itself, and the earlier candidate wins (a repeated autumn hour);
 * with none (a spring gap) the wall clock moves forward by the gap. No array or object: a sync
 * converts two timestamps per alert.
 */
function wallToUtcMs(wall: number, zone: IanaZone): number {
  const before = zoneOffsetMs(wall - 86_400_000, zone);
  const after = zoneOffsetMs(wall + 86_400_000, zone);
  const early = wall - before;
  let earliest = early + zoneOffsetMs(early, zone) === wall ? early : Number.NaN;
  if (after !== before) {
    const late = wall - after;
    if (late + zoneOffsetMs(late, zone) === wall && !(late >= earliest)) earliest = late;
  }
  return Number.isNaN(earliest) ? early : earliest;
}

/** The UTC instant of wall-clock `fields` in `zone`, with the DST policy described above. */
export function localFieldsToUtc(fields: LocalFields, zone: IanaZone): Date {
  return new Date(wallToUtcMs(fieldsAsUtcMs(fields), zone));
}

/**
 * The UTC instant of an account-local timestamp. Returns undefined when `text` is not a timestamp
 * (callers turn that into a RecordValidationError naming the field and record).
 */
export function localToUtc(text: string, zone: IanaZone): Date | undefined {
  const parsed = parseLocalFields(text);
  if (parsed === undefined) return undefined;
  if (parsed.offsetMinutes !== undefined) {
    return new Date(fieldsAsUtcMs(parsed.fields) - parsed.offsetMinutes * 60_000);
  }
  return localFieldsToUtc(parsed.fields, zone);
}

/** Wall-clock `yyyy-MM-ddTHH:mm:ss` of `instant` in `zone` (milliseconds dropped). */
export function utcToLocal(instant: Date, zone: IanaZone): LocalDateTime {
  const ms = instant.getTime();
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(0, 19);
}

/**
 * An account-local timestamp read once: its UTC instant (DST policy above) and its normalised
 * wall clock `yyyy-MM-ddTHH:mm:ss`. A value with an explicit offset is absolute: its wall clock in
 * `zone` is derived from the instant. Undefined when `text` is not a timestamp. (A sync reads two
 * per alert: the common form is its own normalised text, and no step parses it twice.)
 */
export function readLocalTimestamp(
  text: string,
  zone: IanaZone,
): { at: Date; local: LocalDateTime } | undefined {
  const wall = commonLocalWallMs(text);
  if (!Number.isNaN(wall)) return { at: new Date(wallToUtcMs(wall, zone)), local: text };
  const parsed = parseLocalFields(text);
  if (parsed === undefined) return undefined;
  if (parsed.offsetMinutes !== undefined) {
    const at = new Date(fieldsAsUtcMs(parsed.fields) - parsed.offsetMinutes * 60_000);
    return { at, local: utcToLocal(at, zone) };
  }
  const local = new Date(fieldsAsUtcMs(parsed.fields)).toISOString().slice(0, 19);
  return { at: localFieldsToUtc(parsed.fields, zone), local };
}

/**
 * False when the wall-clock time of `instant` in `zone` has one meaning only: the offsets a day
 * before and a day after that wall clock are the same, so no transition lies near it. (True is
 * necessary for two meanings, not sufficient: localToUtcCandidates tells.) Three memoised offset
 * lookups, where the candidates would parse the text again.
 */
export function nearTransition(instant: Date, zone: IanaZone): boolean {
  const ms = instant.getTime();
  const wall = ms + zoneOffsetMs(ms, zone);
  return zoneOffsetMs(wall - 86_400_000, zone) !== zoneOffsetMs(wall + 86_400_000, zone);
}

/**
 * Every instant a wall-clock time can mean in `zone`: one normally, two in a repeated autumn hour
 * (earlier first), none in a spring gap. Undefined when `text` is not a timestamp; a text with an
 * explicit offset has exactly one.
 */
export function localToUtcCandidates(text: string, zone: IanaZone): Date[] | undefined {
  const parsed = parseLocalFields(text);
  if (parsed === undefined) return undefined;
  if (parsed.offsetMinutes !== undefined)
    return [new Date(fieldsAsUtcMs(parsed.fields) - parsed.offsetMinutes * 60_000)];
  const wall = fieldsAsUtcMs(parsed.fields);
  const offsets = new Set([zoneOffsetMs(wall - 86_400_000, zone), zoneOffsetMs(wall + 86_400_000, zone)]);
  return [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, zone) === wall)
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
}

/** One offset change of a zone: the first instant with the new offset. */
export interface ZoneTransition {
  readonly atMs: number;
  readonly offsetBeforeMs: number;
  readonly offsetAfterMs: number;
}

// Zone rules never change offset twice within six hours; each step is then bisected.
const TRANSITION_SCAN_MS = 6 * 3_600_000;

/** Every offset change of `zone` in [fromMs, toMs), in order (DST starts and ends). */
export function findZoneTransitions(zone: IanaZone, fromMs: number, toMs: number): ZoneTransition[] {
  const out: ZoneTransition[] = [];
  let prev = zoneOffsetMs(fromMs, zone);
  for (let t = fromMs; t < toMs; t += TRANSITION_SCAN_MS) {
    const next = Math.min(t + TRANSITION_SCAN_MS, toMs);
    const offset = zoneOffsetMs(next, zone);
    if (offset === prev) continue;
    // Transitions fall on quarter hours: bisect over quarter-hour slots.
    let lo = Math.floor(t / QUARTER_HOUR_MS);
    let hi = Math.ceil(next / QUARTER_HOUR_MS);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMs(mid * QUARTER_HOUR_MS, zone) === prev) lo = mid;
      else hi = mid;
    }
    const atMs = hi * QUARTER_HOUR_MS;
    if (atMs >= fromMs && atMs < toMs) out.push({ atMs, offsetBeforeMs: prev, offsetAfterMs: offset });
    prev = offset;
  }
  return out;
}
