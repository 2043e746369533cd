import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidZone,
  localToUtc,
  localToUtcCandidates,
  nearTransition,
  readLocalTimestamp,
  utcToLocal,
} from '../../../src/time/zone-clock.ts';

const AMS = 'Europe/Amsterdam';

/** The wall-clock text a local timestamp reads as (`yyyy-MM-ddTHH:mm:ss`), or undefined. */
const normalizeLocal = (text: string): string | undefined =>
  localToUtc(text, 'UTC')?.toISOString().slice(0, 19);

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

describe('the fast paths (issue 12: offsets per six-hour span, the common timestamp without a regex)', () => {
  it('read yyyy-MM-ddTHH:mm:ss exactly as the general parser does, invalid dates included', () => {
    // The space form goes through the general parser only; the T form through the fast path.
    const cases = [
      ['2024-02-29T12:00:00', '2024-02-29 12:00:00'],
      ['2023-02-29T12:00:00', '2023-02-29 12:00:00'],
      ['1900-02-29T00:00:00', '1900-02-29 00:00:00'],
      ['2000-02-29T23:59:59', '2000-02-29 23:59:59'],
      ['2025-04-31T10:00:00', '2025-04-31 10:00:00'],
      ['2025-13-01T10:00:00', '2025-13-01 10:00:00'],
      ['2025-12-31T24:00:00', '2025-12-31 24:00:00'],
      ['2025-12-31T23:60:00', '2025-12-31 23:60:00'],
      ['0099-01-01T00:00:00', '0099-01-01 00:00:00'],
    ];
    for (const [fast, general] of cases) {
      expect(normalizeLocal(fast!), fast).toEqual(normalizeLocal(general!));
    }
    expect(normalizeLocal('2024-02-29T12:00:00')).toBe('2024-02-29T12:00:00');
    expect(normalizeLocal('2023-02-29T12:00:00')).toBeUndefined();
    expect(normalizeLocal('2025-1a-01T10:00:00')).toBeUndefined();
  });

  it('give every instant of a DST year the offset Intl gives, around both transitions', () => {
    const zone = 'Europe/Amsterdam';
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const offsetOf = (ms: number): number => {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
      return wall - Math.floor(ms / 1000) * 1000;
    };
    // Every 7 minutes through 2025 (both transitions fall at 01:00 UTC, inside a six-hour span) and
    // every minute of the transition days.
    const start = Date.UTC(2025, 0, 1);
    const instants: number[] = [];
    for (let t = start; t < Date.UTC(2026, 0, 1); t += 7 * 60_000) instants.push(t);
    for (const day of [Date.UTC(2025, 2, 30), Date.UTC(2025, 9, 26)]) {
      for (let t = day - 3_600_000 * 6; t < day + 86_400_000; t += 60_000) instants.push(t);
    }
    const wrong = instants.filter(
      (t) => utcToLocal(new Date(t), zone) !== new Date(t + offsetOf(t)).toISOString().slice(0, 19),
    );
    expect(wrong).toEqual([]);
  });
});

describe('readLocalTimestamp and nearTransition (the per-alert fast path)', () => {
  const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
  // Every second of 2020-2030 as local text, in the forms the API and its lenient readers accept,
  // with the instants around DST changes drawn often.
  const transitions = [
    '2025-03-30T02:30:00',
    '2025-10-26T02:30:00',
    '2025-03-09T02:30:00',
    '2025-11-02T01:30:00',
  ];
  const text = fc.oneof(
    fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 19)),
    fc
      .tuple(fc.constantFrom(...transitions), fc.integer({ min: -5400, max: 5400 }))
      .map(([t, s]) => new Date(Date.parse(`${t}Z`) + s * 1000).toISOString().slice(0, 19)),
  );
  const form = fc.constantFrom(
    (t: string) => t,
    (t: string) => t.replace('T', ' '),
    (t: string) => `${t}.250`,
    (t: string) => t.slice(0, 16),
    (t: string) => `${t}Z`,
    (t: string) => `${t}+05:30`,
  );

  it('property: reads what localToUtc and the normalised text read, in one parse', () => {
    fc.assert(
      fc.property(text, form, fc.constantFrom(...zones), (t, shape, zone) => {
        const value = shape(t);
        const at = localToUtc(value, zone);
        const absolute = /(?:Z|[+-]\d\d:\d\d)$/.test(value);
        const local = at === undefined ? undefined : absolute ? utcToLocal(at, zone) : normalizeLocal(value);
        expect(readLocalTimestamp(value, zone)).toEqual(at === undefined ? undefined : { at, local });
      }),
      { numRuns: 2000 },
    );
    expect(readLocalTimestamp('2025-02-30T10:00:00', 'UTC')).toBeUndefined();
  });

  it('property: a wall clock with two meanings is always near a transition', () => {
    let twoMeanings = 0;
    fc.assert(
      fc.property(text, fc.constantFrom(...zones), (t, zone) => {
        const candidates = localToUtcCandidates(t, zone)!;
        if (candidates.length !== 2) return;
        twoMeanings++;
        for (const instant of candidates) expect(nearTransition(instant, zone)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(twoMeanings).toBeGreaterThan(20);
    expect(nearTransition(new Date('2025-07-01T12:00:00Z'), 'Europe/Amsterdam')).toBe(false);
    expect(nearTransition(new Date('2025-10-26T00:30:00Z'), 'Europe/Amsterdam')).toBe(true);
  });
});
