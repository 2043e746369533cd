/**
 * The one calendar, property-tested against the DST days of a northern zone (Amsterdam), a zone
 * that changes at a different hour and date (New York), a southern-hemisphere zone (Sydney, DST from
 * October to April) and zones without DST (Tokyo, UTC).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  addMonths,
  daysBetween,
  isLocalDate,
  isoWeekday,
  localDateOf,
  localDay,
  localDays,
  localMidnight,
  startOfQuarter,
  startOfWeek,
} from '../../../src/time/calendar.ts';
import { findZoneTransitions, utcToLocal } from '../../../src/time/zone-clock.ts';

const HOUR = 3_600_000;
const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo', 'UTC'] as const;
const zone = fc.constantFrom(...ZONES);
// Dates from 1990 to 2060, as yyyy-MM-dd.
const date = fc
  .integer({ min: 7305, max: 32871 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

/** Day lengths in hours of every date in [from, to) whose length is not 24. */
function odd(zoneName: string, from: string, to: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (let d = from; d < to; d = addLocalDays(d, 1)) {
    const day = localDay(d, zoneName);
    const hours = (day.end.getTime() - day.start.getTime()) / HOUR;
    if (hours !== 24) out[d] = hours;
  }
  return out;
}

describe('local days on DST changes', () => {
  it('2026 in Amsterdam: 29 March has 23 hours, 25 October 25', () => {
    expect(odd('Europe/Amsterdam', '2026-01-01', '2027-01-01')).toEqual({
      '2026-03-29': 23,
      '2026-10-25': 25,
    });
  });

  it('2026 in New York: 8 March has 23 hours, 1 November 25', () => {
    expect(odd('America/New_York', '2026-01-01', '2027-01-01')).toEqual({
      '2026-03-08': 23,
      '2026-11-01': 25,
    });
  });

  it('2026 in Sydney (southern hemisphere): 5 April has 25 hours, 4 October 23', () => {
    expect(odd('Australia/Sydney', '2026-01-01', '2027-01-01')).toEqual({
      '2026-04-05': 25,
      '2026-10-04': 23,
    });
  });

  it('zones without DST have only 24-hour days', () => {
    expect(odd('Asia/Tokyo', '2026-01-01', '2027-01-01')).toEqual({});
    expect(odd('UTC', '2026-01-01', '2027-01-01')).toEqual({});
  });

  it('every offset change of a year falls on the one day that is not 24 hours long', () => {
    for (const z of ZONES) {
      const from = localMidnight('2026-01-01', z).getTime();
      const to = localMidnight('2027-01-01', z).getTime();
      const changed = findZoneTransitions(z, from, to).map((t) => localDateOf(new Date(t.atMs), z));
      expect(changed.sort()).toEqual(Object.keys(odd(z, '2026-01-01', '2027-01-01')).sort());
    }
  });
});

describe('calendar properties', () => {
  it('local midnights strictly increase and each day is 23, 24 or 25 hours', () => {
    fc.assert(
      fc.property(zone, date, (z, d) => {
        const a = localMidnight(d, z).getTime();
        const b = localMidnight(addLocalDays(d, 1), z).getTime();
        expect([23, 24, 25]).toContain((b - a) / HOUR);
      }),
    );
  });

  it('the local date of a local midnight is that date, and so is its last millisecond', () => {
    fc.assert(
      fc.property(zone, date, (z, d) => {
        expect(localDateOf(localMidnight(d, z), z)).toBe(d);
        expect(localDateOf(new Date(localMidnight(addLocalDays(d, 1), z).getTime() - 1), z)).toBe(d);
        expect(utcToLocal(localMidnight(d, z), z)).toBe(`${d}T00:00:00`);
      }),
    );
  });

  it('adding n days then -n days returns the date; daysBetween agrees', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -4000, max: 4000 }), (d, n) => {
        const moved = addLocalDays(d, n);
        expect(isLocalDate(moved)).toBe(true);
        expect(addLocalDays(moved, -n)).toBe(d);
        expect(daysBetween(d, moved)).toBe(n);
      }),
    );
  });

  it('months shift and come back; quarters start in Jan, Apr, Jul or Oct', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -300, max: 300 }), (d, n) => {
        const month = d.slice(0, 7);
        expect(addMonths(addMonths(month, n), -n)).toBe(month);
        expect(['01', '04', '07', '10']).toContain(startOfQuarter(month).slice(5));
        expect(addMonths(startOfQuarter(month), 3) > month).toBe(true);
      }),
    );
  });

  it('weeks start on Monday and hold their date', () => {
    fc.assert(
      fc.property(date, (d) => {
        const monday = startOfWeek(d);
        expect(isoWeekday(monday)).toBe(1);
        expect(daysBetween(monday, d)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, d)).toBeLessThan(7);
      }),
    );
    expect(isoWeekday('2026-11-24')).toBe(2);
  });

  it('the local days of an interval cover it exactly, in order, without overlap', () => {
    fc.assert(
      fc.property(zone, date, fc.integer({ min: 0, max: 60 * 86_400_000 }), (z, d, lengthMs) => {
        const start = new Date(localMidnight(d, z).getTime() + 3_700_000);
        const end = new Date(start.getTime() + lengthMs);
        const days = localDays({ start, end }, z);
        let cursor = start.getTime();
        for (const day of days) {
          expect(day.start.getTime()).toBe(cursor);
          expect(localDateOf(day.start, z)).toBe(day.date);
          cursor = day.end.getTime();
        }
        expect(cursor).toBe(lengthMs === 0 ? start.getTime() : end.getTime());
      }),
    );
  });

  it('refuses a date that does not exist', () => {
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(() => localMidnight('2025-13-01', 'UTC')).toThrow(/Not a date/);
  });
});
