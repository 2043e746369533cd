import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRESET_PERIODS, type PresetPeriod } from '../../../src/terms.ts';
import { resolvePresetPeriod } from '../../../src/time/calendar-periods.ts';

const AMS = 'Europe/Amsterdam';
const iso = (p: PresetPeriod, now: string, zone = AMS): [string, string] => {
  const r = resolvePresetPeriod(p, new Date(now), zone);
  return [r.start.toISOString().slice(0, 19), r.end.toISOString().slice(0, 19)];
};

describe('resolvePresetPeriod on the spring DST day (Sunday 2025-03-30, 23 hours, 12:17:45 CEST)', () => {
  // Expected values worked out by hand from the calendar: CET = UTC+1 until 2025-03-30 01:00Z, CEST = UTC+2 after.
  const now = '2025-03-30T10:17:45.000Z';
  const expected: Record<PresetPeriod, [string, string]> = {
    CurrentDay: ['2025-03-29T23:00:00', '2025-03-30T10:17:45'],
    CurrentWeek: ['2025-03-23T23:00:00', '2025-03-30T10:17:45'],
    CurrentMonth: ['2025-02-28T23:00:00', '2025-03-30T10:17:45'],
    CurrentQuarter: ['2024-12-31T23:00:00', '2025-03-30T10:17:45'],
    CurrentYear: ['2024-12-31T23:00:00', '2025-03-30T10:17:45'],
    PreviousDay: ['2025-03-28T23:00:00', '2025-03-29T23:00:00'],
    PreviousWeek: ['2025-03-16T23:00:00', '2025-03-23T23:00:00'],
    PreviousMonth: ['2025-01-31T23:00:00', '2025-02-28T23:00:00'],
    PreviousQuarter: ['2024-09-30T22:00:00', '2024-12-31T23:00:00'],
    PreviousYear: ['2023-12-31T23:00:00', '2024-12-31T23:00:00'],
    Last2Hours: ['2025-03-30T08:00:00', '2025-03-30T10:00:00'],
    Last6Hours: ['2025-03-30T04:00:00', '2025-03-30T10:00:00'],
    Last12Hours: ['2025-03-29T22:00:00', '2025-03-30T10:00:00'],
    Last24Hours: ['2025-03-29T10:00:00', '2025-03-30T10:00:00'],
    Last48Hours: ['2025-03-28T10:00:00', '2025-03-30T10:00:00'],
    Last7Days: ['2025-03-22T23:00:00', '2025-03-29T23:00:00'],
    Last30Days: ['2025-02-27T23:00:00', '2025-03-29T23:00:00'],
    Last60Days: ['2025-01-28T23:00:00', '2025-03-29T23:00:00'],
    Last90Days: ['2024-12-29T23:00:00', '2025-03-29T23:00:00'],
    Last365Days: ['2024-03-29T23:00:00', '2025-03-29T23:00:00'],
    // Months completed inside the rolling window (the spec's meaning): N - 1 of them mid-month.
    Last3Months: ['2024-12-31T23:00:00', '2025-02-28T23:00:00'],
    Last6Months: ['2024-09-30T22:00:00', '2025-02-28T23:00:00'],
    Last12Months: ['2024-03-31T22:00:00', '2025-02-28T23:00:00'],
    Last24Months: ['2023-03-31T22:00:00', '2025-02-28T23:00:00'],
  };
  for (const preset of PRESET_PERIODS) {
    it(`${preset}`, () => expect(iso(preset, now)).toEqual(expected[preset]));
  }

  it('writes both ends as account-local wall-clock text', () => {
    const r = resolvePresetPeriod('Last7Days', new Date(now), AMS);
    expect([r.startLocal, r.endLocal]).toEqual(['2025-03-23T00:00:00', '2025-03-30T00:00:00']);
    const h = resolvePresetPeriod('Last2Hours', new Date(now), AMS);
    expect([h.startLocal, h.endLocal]).toEqual(['2025-03-30T10:00:00', '2025-03-30T12:00:00']);
  });
});

describe('resolvePresetPeriod at year, quarter and week boundaries', () => {
  // Thursday 2026-01-01 01:30 CET.
  const newYear = '2026-01-01T00:30:00.000Z';
  it.each<[PresetPeriod, string, string]>([
    ['CurrentDay', '2025-12-31T23:00:00', '2026-01-01T00:30:00'],
    ['CurrentWeek', '2025-12-28T23:00:00', '2026-01-01T00:30:00'],
    ['CurrentQuarter', '2025-12-31T23:00:00', '2026-01-01T00:30:00'],
    ['CurrentYear', '2025-12-31T23:00:00', '2026-01-01T00:30:00'],
    ['PreviousDay', '2025-12-30T23:00:00', '2025-12-31T23:00:00'],
    ['PreviousWeek', '2025-12-21T23:00:00', '2025-12-28T23:00:00'],
    ['PreviousMonth', '2025-11-30T23:00:00', '2025-12-31T23:00:00'],
    ['PreviousQuarter', '2025-09-30T22:00:00', '2025-12-31T23:00:00'],
    ['PreviousYear', '2024-12-31T23:00:00', '2025-12-31T23:00:00'],
    ['Last24Hours', '2025-12-31T00:00:00', '2026-01-01T00:00:00'],
    ['Last3Months', '2025-10-31T23:00:00', '2025-12-31T23:00:00'],
  ])('%s on New Year', (preset, start, end) => expect(iso(preset, newYear)).toEqual([start, end]));

  it('a week starts on Monday: Monday 00:00 begins an empty current week', () => {
    const monday = '2025-06-01T22:00:00.000Z'; // Monday 2 June 00:00 CEST
    expect(iso('CurrentWeek', monday)).toEqual(['2025-06-01T22:00:00', '2025-06-01T22:00:00']);
    expect(iso('PreviousWeek', monday)).toEqual(['2025-05-25T22:00:00', '2025-06-01T22:00:00']);
    // One second earlier it is still Sunday, in the week that began on Monday 26 May.
    expect(iso('CurrentWeek', '2025-06-01T21:59:59.000Z')[0]).toBe('2025-05-25T22:00:00');
  });

  it('the quarter of a mid-quarter date is calendar-based', () => {
    expect(iso('CurrentQuarter', '2025-08-15T12:00:00.000Z')[0]).toBe('2025-06-30T22:00:00');
    expect(iso('PreviousQuarter', '2025-08-15T12:00:00.000Z')).toEqual([
      '2025-03-31T22:00:00',
      '2025-06-30T22:00:00',
    ]);
  });

  it('follows the vendor KB examples for Last7Days and Last12Months', () => {
    // "Last7Days on Monday, January 20, 2025 at 8:00 AM -> January 13 through January 19."
    expect(iso('Last7Days', '2025-01-20T07:00:00.000Z')).toEqual([
      '2025-01-12T23:00:00',
      '2025-01-19T23:00:00',
    ]);
    // The other reading, on request: twelve whole months before January 2025.
    const whole = resolvePresetPeriod('Last12Months', new Date('2025-01-25T12:00:00.000Z'), AMS, {
      lastMonths: 'whole',
    });
    expect([whole.startLocal, whole.endLocal]).toEqual(['2024-01-01T00:00:00', '2025-01-01T00:00:00']);
    // The default is the KB's, with no option.
    expect(iso('Last12Months', '2025-01-25T12:00:00.000Z')).toEqual([
      '2024-01-31T23:00:00',
      '2024-12-31T23:00:00',
    ]);
    // The KB: "Last12Months on 25 January 2025 -> from 31 December 2024 going back 11 months.
    // Both January 2024 and January 2025 are excluded."
    const kb = resolvePresetPeriod('Last12Months', new Date('2025-01-25T12:00:00.000Z'), AMS, {
      lastMonths: 'within-rolling-window',
    });
    expect([kb.startLocal, kb.endLocal]).toEqual(['2024-02-01T00:00:00', '2025-01-01T00:00:00']);
    // On a month start the rolling window holds twelve whole months under both readings.
    const edge = resolvePresetPeriod('Last12Months', new Date('2024-12-31T23:00:00.000Z'), AMS, {
      lastMonths: 'within-rolling-window',
    });
    expect([edge.startLocal, edge.endLocal]).toEqual(['2024-01-01T00:00:00', '2025-01-01T00:00:00']);
  });
});

describe('resolvePresetPeriod around the autumn DST change', () => {
  it('the 25-hour day is one PreviousDay of 25 hours', () => {
    const [start, end] = iso('PreviousDay', '2025-10-27T12:00:00.000Z');
    expect([start, end]).toEqual(['2025-10-25T22:00:00', '2025-10-26T23:00:00']);
    expect((Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 3_600_000).toBe(25);
  });

  it('in the repeated hour, LastNHours ends at the start of the current (second) 02:00 hour', () => {
    // 2025-10-26T01:30Z is 02:30 CET, the second 02:30 of that night.
    expect(iso('Last2Hours', '2025-10-26T01:30:00.000Z')).toEqual([
      '2025-10-25T23:00:00',
      '2025-10-26T01:00:00',
    ]);
    expect(iso('CurrentDay', '2025-10-26T01:30:00.000Z')[0]).toBe('2025-10-25T22:00:00');
  });

  it('Last7Days across the change covers 7 local days of 169 hours', () => {
    const [start, end] = iso('Last7Days', '2025-10-29T09:00:00.000Z');
    expect([start, end]).toEqual(['2025-10-21T22:00:00', '2025-10-28T23:00:00']);
    expect((Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 3_600_000).toBe(169);
  });
});

describe('resolvePresetPeriod in other zones', () => {
  it('uses local hours in a half-hour zone (Kolkata, UTC+05:30)', () => {
    expect(iso('Last2Hours', '2025-05-01T10:10:00.000Z', 'Asia/Kolkata')).toEqual([
      '2025-05-01T07:30:00',
      '2025-05-01T09:30:00',
    ]);
    expect(iso('CurrentDay', '2025-05-01T10:10:00.000Z', 'Asia/Kolkata')[0]).toBe('2025-04-30T18:30:00');
  });

  it('uses the southern-hemisphere calendar in Sydney', () => {
    expect(iso('PreviousMonth', '2025-04-10T00:00:00.000Z', 'Australia/Sydney')).toEqual([
      '2025-02-28T13:00:00',
      '2025-03-31T13:00:00',
    ]);
  });

  it('rejects an unknown literal', () => {
    expect(() => resolvePresetPeriod('Yesterday' as PresetPeriod, new Date(), AMS)).toThrow(RangeError);
  });
});

describe('resolvePresetPeriod properties', () => {
  const instants = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2040-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  const zones = fc.constantFrom(AMS, 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC');

  it('every period is ordered, never ends after now, and completed units end before now', () => {
    fc.assert(
      fc.property(instants, zones, fc.constantFrom(...PRESET_PERIODS), (now, zone, preset) => {
        const r = resolvePresetPeriod(preset, now, zone);
        expect(r.start.getTime()).toBeLessThanOrEqual(r.end.getTime());
        expect(r.end.getTime()).toBeLessThanOrEqual(now.getTime());
        if (preset.startsWith('Current')) expect(r.end.getTime()).toBe(now.getTime());
        else expect(r.start.getTime()).toBeLessThan(r.end.getTime());
      }),
    );
  });

  it('LastNDays spans N local days from midnight to midnight', () => {
    fc.assert(
      fc.property(instants, zones, fc.constantFrom(7, 30, 60, 90, 365), (now, zone, n) => {
        const r = resolvePresetPeriod(`Last${n}Days` as PresetPeriod, now, zone);
        expect(r.startLocal.slice(11)).toBe('00:00:00');
        expect(r.endLocal.slice(11)).toBe('00:00:00');
        const days =
          (Date.parse(r.endLocal.slice(0, 10)) - Date.parse(r.startLocal.slice(0, 10))) / 86_400_000;
        expect(days).toBe(n);
      }),
    );
  });

  it('LastNHours spans exactly N elapsed hours', () => {
    fc.assert(
      fc.property(instants, zones, fc.constantFrom(2, 6, 12, 24, 48), (now, zone, n) => {
        const r = resolvePresetPeriod(`Last${n}Hours` as PresetPeriod, now, zone);
        expect(r.end.getTime() - r.start.getTime()).toBe(n * 3_600_000);
        expect(now.getTime() - r.end.getTime()).toBeLessThan(3_600_000);
      }),
    );
  });
});
