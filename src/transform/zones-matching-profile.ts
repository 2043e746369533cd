/**
 * Every IANA zone whose offsets match a DST profile, for the fallback of mapUptrendsTimezone
 * when an Uptrends description names no known place. Preference order makes the guess
 * deterministic and familiar: zones of the Uptrends keyword table first, then alphabetical.
 */
import type { IanaZone } from '../terms.ts';
import { UPTRENDS_ZONE_KEYWORDS } from './uptrends-zone-keywords.ts';
import { zoneProfile, type ZoneProfile } from './zone-profile.ts';

function allZones(): IanaZone[] {
  const preferred = [...new Set(UPTRENDS_ZONE_KEYWORDS.map(([, zone]) => zone))];
  const known = new Set(preferred);
  const rest = Intl.supportedValuesOf('timeZone')
    .filter((zone) => !known.has(zone))
    .sort();
  return [...preferred, ...rest];
}

/**
 * Zones whose standard offset and DST offset around `now` equal the profile's, and whose DST
 * falls in the profile's hemisphere when the profile names one.
 */
export function zonesMatchingProfile(expected: ZoneProfile, now: Date): IanaZone[] {
  return allZones().filter((zone) => {
    let actual: ZoneProfile;
    try {
      actual = zoneProfile(zone, now);
    } catch {
      return false;
    }
    return (
      actual.standardOffsetMinutes === expected.standardOffsetMinutes &&
      actual.dstOffsetMinutes === expected.dstOffsetMinutes &&
      (expected.hemisphere === null || actual.hemisphere === expected.hemisphere)
    );
  });
}
