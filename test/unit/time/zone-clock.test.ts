import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localToUtc, normalizeLocal, utcToLocal, isValidZone } from '../../../src/time/zone-clock.ts';

const AMS = 'Europe/Amsterdam';

describe('localToUtc', () => {
  it('reads winter and summer wall-clock times with their offsets', () => {
    expect(localToUtc('2025-01-15T12:00:00', AMS)?.toISOString()).toBe('2025-01-15T11:00:00.000Z');
    expect(localToUtc('2025-07-15T12:00:00', AMS)?.toISOString()).toBe('2025-07-15T10:00:00.000Z');
  });

  it('moves a time inside the spring gap forward by the gap', () => {
    // 2025-03-30 02:00 -> 03:00 in Amsterdam: 02:30 does not exist.
    expect(localToUtc('2025-03-30T02:30:00', AMS)?.toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(utcToLocal(localToUtc('2025-03-30T02:30:00', AMS)!, AMS)).toBe('2025-03-30T03:30:00');
  });

  it('takes the earlier instant for a repeated autumn time', () => {
    // 2025-10-26 03:00 -> 02:00: 02:30 happens at 00:30Z and at 01:30Z.
    expect(localToUtc('2025-10-26T02:30:00', AMS)?.toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(localToUtc('2025-10-26T03:00:00', AMS)?.toISOString()).toBe('2025-10-26T02:00:00.000Z');
  });

  it('accepts minutes-only, milliseconds, date-only and explicit offsets; rejects nonsense', () => {
    expect(localToUtc('2018-09-24T22:00', AMS)?.toISOString()).toBe('2018-09-24T20:00:00.000Z');
    expect(localToUtc('2025-01-15T12:00:00.123', AMS)?.toISOString()).toBe('2025-01-15T11:00:00.123Z');
    expect(localToUtc('2025-01-15', AMS)?.toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(localToUtc('2025-01-15T12:00:00Z', AMS)?.toISOString()).toBe('2025-01-15T12:00:00.000Z');
    expect(localToUtc('2025-01-15T12:00:00+02:00', AMS)?.toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(localToUtc('2025-02-30T12:00:00', AMS)).toBeUndefined();
    expect(localToUtc('yesterday', AMS)).toBeUndefined();
    expect(localToUtc('2025-01-15T24:00:00', AMS)).toBeUndefined();
  });

  it('handles a southern-hemisphere zone and a half-hour offset zone', () => {
    expect(localToUtc('2025-01-15T12:00:00', 'Australia/Sydney')?.toISOString()).toBe(
      '2025-01-15T01:00:00.000Z',
    );
    expect(localToUtc('2025-01-15T12:00:00', 'Asia/Kolkata')?.toISOString()).toBe('2025-01-15T06:30:00.000Z');
  });

  it('round-trips every instant that is not in a repeated hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), (ms) => {
        const instant = new Date(Math.floor(ms / 1000) * 1000);
        const local = utcToLocal(instant, AMS);
        const back = localToUtc(local, AMS)!;
        // In a repeated hour the earlier instant wins: back is the same or one hour before.
        expect([0, 3_600_000]).toContain(instant.getTime() - back.getTime());
        expect(utcToLocal(back, AMS)).toBe(local);
      }),
    );
  });
});

describe('helpers', () => {
  it('normalises local text and validates zones', () => {
    expect(normalizeLocal('2025-01-15 08:05')).toBe('2025-01-15T08:05:00');
    expect(normalizeLocal('x')).toBeUndefined();
    expect(isValidZone('Europe/Amsterdam')).toBe(true);
    expect(isValidZone('Mars/Olympus')).toBe(false);
  });
});
