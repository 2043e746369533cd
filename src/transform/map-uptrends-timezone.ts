/**
 * Turns an Uptrends time zone (an integer id with a description, a standard offset and a DST
 * flag; facts 1.3 and 3.9) into an IANA zone, because every account-local timestamp of the API
 * must be converted with the zone's full DST rules, which Uptrends does not send. The policy is
 * documented in docs/time.md.
 */
import { ConfigError } from '../errors.ts';
import type { IanaZone } from '../terms.ts';
import type { UptrendsTimezone } from '../extract/schemas/account.ts';
import { isValidZone } from '../time/zone-clock.ts';
import { UPTRENDS_ZONE_KEYWORDS } from './uptrends-zone-keywords.ts';
import { formatOffset, zoneProfile, type DstHemisphere, type ZoneProfile } from './zone-profile.ts';
import { zonesMatchingProfile } from './zones-matching-profile.ts';

/** The outcome: `exact` is false when the zone is a guess; `reason` says why, for the run log. */
export interface TimezoneMapping {
  readonly zone: IanaZone;
  readonly exact: boolean;
  readonly reason: string;
}

/** The DST profile an Uptrends record describes. */
function expectedProfile(tz: UptrendsTimezone, marker: string): ZoneProfile {
  const hasDst = tz.HasDaylightSaving;
  // `*` and `#` mark the hemisphere; the structured flag decides whether there is DST at all.
  const hemisphere: DstHemisphere = !hasDst
    ? null
    : marker === '#'
      ? 'south'
      : marker === '*'
        ? 'north'
        : null;
  return {
    standardOffsetMinutes: tz.OffsetFromUtc,
    dstOffsetMinutes: hasDst ? (tz.DaylightSavingOffset ?? 60) : 0,
    hemisphere,
  };
}

function describe(profile: ZoneProfile): string {
  const base = `UTC${formatOffset(profile.standardOffsetMinutes)}`;
  if (profile.dstOffsetMinutes === 0) return `${base} without DST`;
  const where = profile.hemisphere === null ? '' : ` ${profile.hemisphere}ern-hemisphere`;
  return `${base} with${where} DST of ${profile.dstOffsetMinutes} min`;
}

/** True when the zone's offsets around `now` are those the Uptrends record describes. */
function fits(actual: ZoneProfile, expected: ZoneProfile): boolean {
  return (
    actual.standardOffsetMinutes === expected.standardOffsetMinutes &&
    actual.dstOffsetMinutes === expected.dstOffsetMinutes &&
    (expected.hemisphere === null || actual.hemisphere === expected.hemisphere)
  );
}

/** Splits "GMT+01:00* Amsterdam, ..." into its DST marker and its place text. */
function parseDescription(description: string): { marker: string; places: string } {
  const match = /^\s*(?:GMT|UTC)(?:\s*[+-]\d{1,2}(?::?\d{2})?)?\s*([*#]?)\s*(.*)$/i.exec(description);
  if (match === null) return { marker: '', places: description.trim() };
  return { marker: match[1] ?? '', places: (match[2] ?? '').trim() };
}

function byOffsetAndRule(expected: ZoneProfile, now: Date, prefix: string): TimezoneMapping {
  const minutes = expected.standardOffsetMinutes;
  if (expected.dstOffsetMinutes === 0 && minutes % 60 === 0 && Math.abs(minutes) <= 12 * 60) {
    // Etc/GMT zones use the POSIX sign: Etc/GMT-1 is one hour AHEAD of UTC.
    const hours = minutes / 60;
    const zone = hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    return { zone, exact: false, reason: `${prefix}; used ${zone} (fixed ${describe(expected)})` };
  }
  const candidates = zonesMatchingProfile(expected, now);
  const first = candidates[0];
  if (first === undefined) {
    throw new ConfigError(
      `${prefix}, and no IANA zone has ${describe(expected)}; set UPTRENDS_TIMEZONE to the account's zone`,
    );
  }
  const others = candidates.length > 1 ? ` (also fitting: ${candidates.slice(1, 4).join(', ')})` : '';
  return {
    zone: first,
    exact: false,
    reason: `${prefix}; chose ${first} by ${describe(expected)}${others}`,
  };
}

/**
 * Maps an Uptrends time zone to an IANA zone. First by the places in its description (a table
 * of the common Uptrends descriptions), accepted only when that zone's offsets around `now`
 * agree with OffsetFromUtc, HasDaylightSaving, DaylightSavingOffset and the hemisphere mark
 * (`*` north, `#` south): then exact=true. Otherwise by offset and DST rule alone, exact=false:
 * a zone without DST becomes `Etc/GMT-1` style (POSIX sign), a zone with DST the first known
 * IANA zone with the same profile. Throws ConfigError when nothing fits.
 */
export function mapUptrendsTimezone(tz: UptrendsTimezone, now: Date): TimezoneMapping {
  const description = tz.Description ?? '';
  const { marker, places } = parseDescription(description);
  const expected = expectedProfile(tz, marker);
  const lower = places.toLowerCase();
  const rejected: string[] = [];

  const tried: IanaZone[] = [];
  if (places === '') tried.push('UTC');
  for (const [phrase, zone] of UPTRENDS_ZONE_KEYWORDS) {
    if (lower.includes(phrase) && !tried.includes(zone)) tried.push(zone);
  }
  for (const zone of tried) {
    if (!isValidZone(zone)) continue;
    const actual = zoneProfile(zone, now);
    if (fits(actual, expected)) {
      const via = places === '' ? 'a plain UTC/GMT description' : `the places in "${description}"`;
      return { zone, exact: true, reason: `${zone} from ${via}; offsets verified (${describe(expected)})` };
    }
    rejected.push(`${zone} has ${describe(actual)}`);
  }

  const id = `Uptrends time zone ${tz.TimezoneId} "${description}"`;
  const prefix =
    rejected.length > 0
      ? `${id}: the zone its places suggest does not fit (${rejected.join('; ')}; Uptrends says ${describe(expected)})`
      : `${id}: no known place in the description`;
  return byOffsetAndRule(expected, now, prefix);
}
