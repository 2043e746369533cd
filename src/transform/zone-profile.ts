/**
 * The daylight-saving profile of an IANA zone around a given instant, in the terms Uptrends
 * uses to describe its own zones (standard offset, DST offset, hemisphere), so the two can be
 * compared. Pure: offsets come from the runtime's tz data via zoneOffsetMs.
 */
import type { IanaZone } from '../terms.ts';
import { zoneOffsetMs } from '../time/zone-clock.ts';

/** Where a zone's summer time falls; null for a zone without DST. */
export type DstHemisphere = 'north' | 'south' | null;

/** Offsets of a zone over the year around an instant, in minutes east of UTC. */
export interface ZoneProfile {
  /** The lowest offset of the year: the standard-time offset. */
  readonly standardOffsetMinutes: number;
  /** How far summer time moves the clock (0 without DST). */
  readonly dstOffsetMinutes: number;
  readonly hemisphere: DstHemisphere;
}

const DAY_MS = 86_400_000;
const cache = new Map<string, ZoneProfile>();

/**
 * The profile of `zone` over the calendar year (UTC) of `now`, sampled weekly at noon UTC: every
 * DST period lasts months, so weekly samples find both offsets. Memoised per zone and UTC year,
 * because the fallback of mapUptrendsTimezone profiles every zone the runtime knows.
 */
export function zoneProfile(zone: IanaZone, now: Date): ZoneProfile {
  const year = now.getUTCFullYear();
  const key = `${zone}|${year}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const middle = Date.UTC(year, 6, 1, 12);
  let min = Infinity;
  let max = -Infinity;
  for (let week = -26; week <= 26; week++) {
    const offset = zoneOffsetMs(middle + week * 7 * DAY_MS, zone);
    min = Math.min(min, offset);
    max = Math.max(max, offset);
  }
  const january = zoneOffsetMs(Date.UTC(year, 0, 15, 12), zone);
  const july = zoneOffsetMs(Date.UTC(year, 6, 15, 12), zone);
  const hemisphere: DstHemisphere = july > january ? 'north' : january > july ? 'south' : null;
  const profile: ZoneProfile = {
    standardOffsetMinutes: Math.round(min / 60_000),
    dstOffsetMinutes: Math.round((max - min) / 60_000),
    hemisphere: max === min ? null : hemisphere,
  };
  cache.set(key, profile);
  return profile;
}

/** `+01:00` style text of an offset in minutes, for messages. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
