/**
 * The simulator's own calendar: wall clocks, local days, months, zone transitions, the API's preset
 * periods and maintenance windows, worked out from the zone database (through Intl) with no code
 * of src/time or src/transform. The simulator is the tests' ground truth: were it to share the
 * tool's calendar, a calendar bug would agree with itself and every test would pass. The rules are
 * the documented ones (docs/time.md), written again here:
 * - A wall-clock time repeated in the autumn hour means its earlier instant; one skipped in the
 *   spring gap is read with the offset before the gap (02:30 on a spring-forward night at +01:00
 *   is 01:30Z, which the wall reads as 03:30).
 * - Dates are `yyyy-MM-dd` texts, months `yyyy-MM`, wall clocks `yyyy-MM-ddTHH:mm:ss`.
 */
import type { IanaZone, LocalDate, PresetPeriod } from '../terms.ts';

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<IanaZone, Intl.DateTimeFormat>();
const offsets = new Map<IanaZone, Map<number, number>>();

function formatter(zone: IanaZone): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms` (ms, east positive), as Intl's zone database gives it. */
export function zoneOffset(ms: number, zone: IanaZone): number {
  // Every offset change of the zone database since 1970 falls on a quarter hour: ask Intl once per one.
  const bucket = Math.floor(ms / QUARTER_HOUR);
  let byBucket = offsets.get(zone);
  if (byBucket === undefined) offsets.set(zone, (byBucket = new Map<number, number>()));
  const known = byBucket.get(bucket);
  if (known !== undefined) return known;
  const at = bucket * QUARTER_HOUR;
  const part: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(at)))
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  const offset = wall - at;
  byBucket.set(bucket, offset);
  return offset;
}

/** The wall clock `yyyy-MM-ddTHH:mm:ss` of `instant` in `zone`. */
export function utcToLocal(instant: Date, zone: IanaZone): string {
  const ms = instant.getTime();
  return new Date(ms + zoneOffset(ms, zone)).toISOString().slice(0, 19);
}

/** The wall clock of `instant` in `zone`, field by field. */
export function wallFields(
  instant: Date,
  zone: IanaZone,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const wall = new Date(instant.getTime() + zoneOffset(instant.getTime(), zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The instant of wall-clock `wall` (the wall's fields as if UTC, in ms) in `zone`: the rules above. */
function wallToUtc(wall: number, zone: IanaZone): number {
  const before = zoneOffset(wall - DAY, zone);
  const after = zoneOffset(wall + DAY, zone);
  const meanings = [wall - before, wall - after].filter((t) => t + zoneOffset(t, zone) === wall);
  return meanings.length > 0 ? Math.min(...meanings) : wall - before;
}

const STAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The instant of a local timestamp (`yyyy-MM-dd`, `...THH:mm`, `...:ss`, `...:ss.fff`, T or a
 * space; a trailing Z or offset makes it absolute); undefined when it is not one or names a day
 * its month does not have.
 */
export function localToUtc(text: string, zone: IanaZone): Date | undefined {
  const m = STAMP.exec(text.trim());
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  const zoneText = m[8];
  if (zoneText === undefined) return new Date(wallToUtc(wall, zone));
  if (zoneText === 'Z') return new Date(wall);
  const digits = zoneText.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return new Date(wall - sign * (Number(digits.slice(1, 3)) * HOUR + Number(digits.slice(3, 5)) * MINUTE));
}

/** True for an existing date `yyyy-MM-dd`. */
export function isLocalDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && localToUtc(text, 'UTC') !== undefined;
}

/** The date `days` after `date`. */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Days from `from` to `to`. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The month `yyyy-MM` shifted by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** ISO weekday of a date: Monday 1 .. Sunday 7. */
export function isoWeekday(date: LocalDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** The local date holding `instant` in `zone`. */
export function localDateOf(instant: Date, zone: IanaZone): LocalDate {
  return utcToLocal(instant, zone).slice(0, 10);
}

/** The instant the local day `date` starts in `zone` (a midnight in a gap: the rules above). */
export function localMidnight(date: LocalDate, zone: IanaZone): Date {
  const at = localToUtc(date, zone);
  if (at === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a date: ${date}`);
  return at;
}

/** The local day `date` as [its midnight, the next day's midnight). */
export function localDay(date: LocalDate, zone: IanaZone): { date: LocalDate; start: Date; end: Date } {
  return { date, start: localMidnight(date, zone), end: localMidnight(addLocalDays(date, 1), zone) };
}

/** An offset change of a zone: when, and the offsets before and after. */
export interface SimZoneTransition {
  readonly atMs: number;
  readonly offsetBeforeMs: number;
  readonly offsetAfterMs: number;
}

/** Every offset change of `zone` in [fromMs, toMs), in order, found quarter hour by quarter hour. */
export function findZoneTransitions(zone: IanaZone, fromMs: number, toMs: number): SimZoneTransition[] {
  const out: SimZoneTransition[] = [];
  let previous = zoneOffset(fromMs, zone);
  // An hourly walk, then the quarter hours of an hour whose end has another offset.
  for (let hour = fromMs; hour < toMs; hour += HOUR) {
    const end = Math.min(hour + HOUR, toMs);
    if (zoneOffset(end, zone) === previous) continue;
    for (let q = Math.ceil(hour / QUARTER_HOUR) * QUARTER_HOUR; q <= end; q += QUARTER_HOUR) {
      const offset = zoneOffset(q, zone);
      if (offset === previous) continue;
      if (q >= fromMs && q < toMs) out.push({ atMs: q, offsetBeforeMs: previous, offsetAfterMs: offset });
      previous = offset;
      break;
    }
  }
  return out;
}

/** A preset period at `now` in `zone`: [start, end) and the wall clocks of both ends. */
export interface SimPresetPeriod {
  readonly start: Date;
  readonly end: Date;
  readonly startLocal: string;
  readonly endLocal: string;
}

/**
 * The interval the API gives a PresetPeriod at `now` in the account zone (spec: PresetPeriod):
 * Current* from the unit's start to now; Previous* the whole unit before; LastNDays the N whole
 * days before today; LastNHours the N whole hours before the current one; LastNMonths the whole
 * months within [now - N months, now) (N - 1 of them unless now is a month's first instant).
 */
export function resolvePresetPeriod(preset: PresetPeriod, now: Date, zone: IanaZone): SimPresetPeriod {
  const period = (start: Date, end: Date): SimPresetPeriod => ({
    start,
    end,
    startLocal: utcToLocal(start, zone),
    endLocal: utcToLocal(end, zone),
  });
  const wall = utcToLocal(now, zone);
  const today = wall.slice(0, 10);
  const month = wall.slice(0, 7);
  const day = (d: LocalDate): Date => localMidnight(d, zone);
  const monthStart = (m: string): Date => day(`${m}-01`);
  const monday = addLocalDays(today, 1 - isoWeekday(today));
  const quarter = addMonths(month, -((Number(month.slice(5, 7)) - 1) % 3));
  const year = `${month.slice(0, 4)}-01`;
  const n = Number(/\d+/.exec(preset)?.[0]);
  if (/^Last\d+Hours$/.test(preset)) {
    // Back from now by the minutes and seconds the wall shows: the hour's start, even in a repeated hour.
    const hourStart =
      now.getTime() -
      (now.getTime() % 1000) -
      (Number(wall.slice(14, 16)) * 60 + Number(wall.slice(17, 19))) * 1000;
    return period(new Date(hourStart - n * HOUR), new Date(hourStart));
  }
  if (/^Last\d+Days$/.test(preset)) return period(day(addLocalDays(today, -n)), day(today));
  if (/^Last\d+Months$/.test(preset)) {
    const end = monthStart(month);
    const whole = end.getTime() === now.getTime() ? n : n - 1;
    return period(monthStart(addMonths(month, -whole)), end);
  }
  const spans: Record<string, () => SimPresetPeriod> = {
    CurrentDay: () => period(day(today), now),
    CurrentWeek: () => period(day(monday), now),
    CurrentMonth: () => period(monthStart(month), now),
    CurrentQuarter: () => period(monthStart(quarter), now),
    CurrentYear: () => period(monthStart(year), now),
    PreviousDay: () => period(day(addLocalDays(today, -1)), day(today)),
    PreviousWeek: () => period(day(addLocalDays(monday, -7)), day(monday)),
    PreviousMonth: () => period(monthStart(addMonths(month, -1)), monthStart(month)),
    PreviousQuarter: () => period(monthStart(addMonths(quarter, -3)), monthStart(quarter)),
    PreviousYear: () => period(monthStart(addMonths(year, -12)), monthStart(year)),
  };
  const span = spans[preset];
  if (span === undefined) throw new RangeError(`unknown PresetPeriod ${preset}`);
  return span();
}
