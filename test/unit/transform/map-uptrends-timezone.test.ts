import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import type { UptrendsTimezone } from '../../../src/extract/schemas/account.ts';
import { zoneOffsetMs } from '../../../src/time/zone-clock.ts';
import { mapUptrendsTimezone } from '../../../src/transform/map-uptrends-timezone.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

function tz(description: string, offset: number, dst: boolean): UptrendsTimezone {
  return {
    TimezoneId: 7,
    Description: description,
    OffsetFromUtc: offset,
    HasDaylightSaving: dst,
    ...(dst ? { DaylightSavingOffset: 60 } : {}),
  };
}

/** Offsets in minutes of `zone` mid-January and mid-July 2025: an independent check of a guess. */
function janJul(zone: string): [number, number] {
  return [
    zoneOffsetMs(Date.UTC(2025, 0, 15, 12), zone) / 60_000,
    zoneOffsetMs(Date.UTC(2025, 6, 15, 12), zone) / 60_000,
  ];
}

describe('mapUptrendsTimezone', () => {
  it.each([
    ['GMT+01:00* Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 60, true, 'Europe/Amsterdam'],
    ['UTC', 0, false, 'UTC'],
    ['UTC* England, Ireland, Portugal', 0, true, 'Europe/London'],
    ['GMT-05:00* Eastern time (US and Canada)', -300, true, 'America/New_York'],
    ['GMT-06:00* Central time', -360, true, 'America/Chicago'],
    ['GMT-08:00* Pacific time (US and Canada)', -480, true, 'America/Los_Angeles'],
    ['GMT+05:30 Chennai, Kolkata, Mumbai, New Delhi', 330, false, 'Asia/Kolkata'],
    ['GMT+09:00 Osaka, Sapporo, Tokyo', 540, false, 'Asia/Tokyo'],
    ['GMT+10:00# Canberra, Melbourne, Sydney', 600, true, 'Australia/Sydney'],
    ['GMT-04:00# Brazil West, Chile, Paraguay', -240, true, 'America/Santiago'],
    ['GMT+01:00 West Central Africa', 60, false, 'Africa/Lagos'],
  ] as const)('maps "%s" exactly', (description, offset, dst, zone) => {
    const mapping = mapUptrendsTimezone(tz(description, offset, dst), NOW);
    expect(mapping).toMatchObject({ zone, exact: true });
    expect(mapping.reason).toContain('verified');
  });

  it('rejects a place whose offsets disagree with the record and guesses by offset, saying why', () => {
    // Amsterdam named, but UTC+02:00 with northern DST: the place is not trusted.
    const mapping = mapUptrendsTimezone(tz('GMT+02:00* Amsterdam', 120, true), NOW);
    expect(mapping.exact).toBe(false);
    expect(mapping.zone).not.toBe('Europe/Amsterdam');
    expect(janJul(mapping.zone)).toEqual([120, 180]);
    expect(mapping.reason).toContain('Europe/Amsterdam');
  });

  it('guesses a southern-hemisphere DST zone by offset when no place is known', () => {
    const mapping = mapUptrendsTimezone(tz('GMT+10:00# Somewhere Else', 600, true), NOW);
    expect(mapping.exact).toBe(false);
    expect(janJul(mapping.zone)).toEqual([660, 600]);
    expect(mapping.reason).toMatch(/no known place/);
  });

  it('uses Etc/GMT zones with the POSIX (inverted) sign for unknown places without DST', () => {
    expect(mapUptrendsTimezone(tz('GMT+01:00 Atlantis', 60, false), NOW)).toMatchObject({
      zone: 'Etc/GMT-1',
      exact: false,
    });
    expect(mapUptrendsTimezone(tz('GMT-03:00 Atlantis', -180, false), NOW)).toMatchObject({
      zone: 'Etc/GMT+3',
      exact: false,
    });
    expect(janJul('Etc/GMT-1')).toEqual([60, 60]);
  });

  it('finds a real zone for a fractional offset without DST (no Etc zone exists)', () => {
    const mapping = mapUptrendsTimezone(tz('GMT+05:45 Unknown', 345, false), NOW);
    expect(mapping.exact).toBe(false);
    expect(janJul(mapping.zone)).toEqual([345, 345]);
  });

  it('treats the * mark as northern DST: a southern zone of the same offset does not fit', () => {
    // Sydney is UTC+10 with DST in the southern summer; no zone has UTC+10 with northern DST.
    expect(() => mapUptrendsTimezone(tz('GMT+10:00* Sydney', 600, true), NOW)).toThrow(
      /Australia\/Sydney has UTC\+10:00 with southern-hemisphere DST/,
    );
  });

  it('throws a ConfigError pointing at UPTRENDS_TIMEZONE when no zone has the rule', () => {
    // The KB's own example: UTC+06:00 with southern DST exists nowhere.
    expect(() => mapUptrendsTimezone(tz('GMT+06:00# Cocos Islands', 360, true), NOW)).toThrow(ConfigError);
    expect(() => mapUptrendsTimezone(tz('GMT+06:00# Cocos Islands', 360, true), NOW)).toThrow(
      /UPTRENDS_TIMEZONE/,
    );
  });

  it('verifies against the rules in force at `now`', () => {
    // Brazil dropped DST in 2019: in 2018 the old Uptrends record fits Sao Paulo exactly.
    const record = tz('GMT-03:00# Brasilia', -180, true);
    expect(mapUptrendsTimezone(record, new Date('2018-06-01T00:00:00Z'))).toMatchObject({
      zone: 'America/Sao_Paulo',
      exact: true,
    });
    const later = (() => {
      try {
        return mapUptrendsTimezone(record, NOW);
      } catch (error) {
        return error;
      }
    })();
    expect(later).not.toMatchObject({ zone: 'America/Sao_Paulo', exact: true });
  });
});
