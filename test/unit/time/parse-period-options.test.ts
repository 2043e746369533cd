/**
 * resolveReportPeriod: the period options of the report commands against fixed clocks. Pure code,
 * kept beside the query tests because the period is the first thing every report query resolves.
 * Expected instants are worked out from Amsterdam's offsets (CET +01:00, CEST +02:00 from the
 * last Sunday of March to the last Sunday of October).
 */
import fc from 'fast-check';
import { resolveAsOf } from '../../../src/time/period-choice.ts';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import {
  parseAsOf,
  resolveReportPeriod,
  type PeriodOptions,
} from '../../../src/time/parse-period-options.ts';
import { addMonths, localDateOf } from '../../../src/time/calendar.ts';
import { periodShape, previousPeriod } from '../../../src/time/calendar-periods.ts';

const AMS = 'Europe/Amsterdam';
const d = (iso: string): Date => new Date(iso);
const resolve = (options: PeriodOptions, now: string, zone = AMS) =>
  resolveReportPeriod(options, d(now), zone);

describe('resolveReportPeriod', () => {
  it('resolves --month to the whole local month (October 2025 lasts 745 hours)', () => {
    const p = resolve({ month: '2025-10' }, '2025-11-03T08:00:00Z');
    expect(p).toEqual({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-10-31T23:00:00Z'),
      zone: AMS,
      label: 'October 2025',
    });
    expect((p.end.getTime() - p.start.getTime()) / 3_600_000).toBe(745);
    expect(resolve({ month: '2025-10' }, '2025-10-15T12:00:00Z').label).toBe('October 2025 (to date)');
  });

  it('resolves --from/--to as [from, to) in local days, like sync', () => {
    expect(resolve({ from: '2025-10-01', to: '2025-10-15' }, '2025-11-03T08:00:00Z')).toEqual({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-10-14T22:00:00Z'),
      zone: AMS,
      label: '2025-10-01 to 2025-10-14',
    });
    expect(resolve({ from: '2025-10-26', to: '2025-10-27' }, '2025-11-03T08:00:00Z')).toMatchObject({
      start: d('2025-10-25T22:00:00Z'),
      end: d('2025-10-26T23:00:00Z'),
      label: '2025-10-26',
    });
  });

  it('defaults to PreviousMonth, cut at the local midnight of the 1st', () => {
    expect(resolve({}, '2025-11-03T08:00:00Z').label).toBe('October 2025');
    // 00:30 on 1 November in Amsterdam is still 31 October in UTC.
    expect(resolve({}, '2025-10-31T23:30:00Z').label).toBe('October 2025');
    expect(resolve({}, '2025-10-31T22:30:00Z').label).toBe('September 2025');
    expect(resolve({ preset: 'Previous Month' }, '2025-11-03T08:00:00Z').start).toEqual(
      d('2025-09-30T22:00:00Z'),
    );
  });

  it('keeps the whole calendar unit for Current* presets, labelled as running', () => {
    expect(resolve({ preset: 'CurrentMonth' }, '2025-10-15T12:00:00Z')).toEqual({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-10-31T23:00:00Z'),
      zone: AMS,
      label: 'October 2025 (to date)',
    });
    // The week of 20 October holds the 25-hour Sunday.
    expect(resolve({ preset: 'CurrentWeek' }, '2025-10-22T10:00:00Z')).toMatchObject({
      start: d('2025-10-19T22:00:00Z'),
      end: d('2025-10-26T23:00:00Z'),
      label: '2025-10-20 to 2025-10-26 (to date)',
    });
    expect(resolve({ preset: 'CurrentDay' }, '2025-10-26T12:00:00Z')).toMatchObject({
      start: d('2025-10-25T22:00:00Z'),
      end: d('2025-10-26T23:00:00Z'),
      label: '2025-10-26 (to date)',
    });
    expect(resolve({ preset: 'CurrentQuarter' }, '2025-11-15T12:00:00Z')).toMatchObject({
      start: d('2025-09-30T22:00:00Z'),
      end: d('2025-12-31T23:00:00Z'),
      label: '2025-10-01 to 2025-12-31 (to date)',
    });
    expect(resolve({ preset: 'CurrentYear' }, '2025-06-01T12:00:00Z')).toMatchObject({
      start: d('2024-12-31T23:00:00Z'),
      end: d('2025-12-31T23:00:00Z'),
    });
  });

  it('resolves Last* presets as the API does', () => {
    expect(resolve({ preset: 'Last7Days' }, '2025-10-29T10:00:00Z')).toMatchObject({
      start: d('2025-10-21T22:00:00Z'),
      end: d('2025-10-28T23:00:00Z'),
      label: '2025-10-22 to 2025-10-28',
    });
    expect(resolve({ preset: 'Last24Hours' }, '2025-10-15T10:37:12Z')).toMatchObject({
      start: d('2025-10-14T10:00:00Z'),
      end: d('2025-10-15T10:00:00Z'),
      label: '2025-10-14 12:00 to 2025-10-15 12:00',
    });
  });

  it.each<[PeriodOptions, RegExp]>([
    [{ preset: 'PreviousMonth', from: '2025-10-01', to: '2025-10-15' }, /--preset cannot be combined/],
    [{ month: '2025-10', preset: 'PreviousMonth' }, /--month cannot be combined/],
    [{ month: '2025-10', from: '2025-10-01', to: '2025-10-15' }, /--month cannot be combined/],
    [{ month: '2025-13' }, /--month 2025-13: there is no month 13/],
    [{ month: 'Oct 2025' }, /--month must be written yyyy-MM/],
    [{ from: '2025-10-01' }, /--from and --to go together/],
    [{ from: '2025-10-15', to: '2025-10-15' }, /must be after --from/],
    [{ from: '2025-02-30', to: '2025-03-15' }, /--from 2025-02-30: that day does not exist/],
    [{ from: '30-02-2025', to: '2025-03-15' }, /--from must be a date written yyyy-MM-dd/],
    [{ preset: 'LastDecade' }, /--preset must be one of/],
  ])('rejects %j with a ConfigError', (options, message) => {
    expect(() => resolve(options, '2025-11-03T08:00:00Z')).toThrow(ConfigError);
    expect(() => resolve(options, '2025-11-03T08:00:00Z')).toThrow(message);
  });

  const zones = fc.constantFrom(
    'Europe/Amsterdam',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'UTC',
    'America/Havana',
  );
  const instants = fc.date({
    min: d('2000-01-01T00:00:00Z'),
    max: d('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('PreviousMonth is always the whole local month before the month of "now"', () => {
    fc.assert(
      fc.property(instants, zones, (now, zone) => {
        const p = resolveReportPeriod({}, now, zone);
        const shape = periodShape(p);
        expect(shape.kind).toBe('month');
        expect(p.end.getTime()).toBeLessThanOrEqual(now.getTime());
        if (shape.kind === 'month')
          expect(localDateOf(now, zone).slice(0, 7)).toBe(addMonths(shape.month, 1));
      }),
    );
  });

  it('months tile the time line: the previous period of a month is the month before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000 * 12, max: 2040 * 12 }), zones, (index, zone) => {
        const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
        const p = resolveReportPeriod({ month }, d('2041-01-01T00:00:00Z'), zone);
        const before = resolveReportPeriod({ month: addMonths(month, -1) }, d('2041-01-01T00:00:00Z'), zone);
        expect(previousPeriod(p)).toEqual(before);
        expect(before.end).toEqual(p.start);
      }),
    );
  });
});

describe('parseAsOf and resolveAsOf', () => {
  it('reads a local date or time in the account zone, and an instant with an offset as it is', () => {
    const zone = 'Europe/Amsterdam';
    expect(resolveAsOf(parseAsOf('2025-10-24'), zone)).toEqual(new Date('2025-10-23T22:00:00Z'));
    expect(resolveAsOf(parseAsOf('2025-10-27T06:30'), zone)).toEqual(new Date('2025-10-27T05:30:00Z'));
    expect(parseAsOf('2025-10-24T06:00:00Z')).toEqual(new Date('2025-10-24T06:00:00Z'));
    expect(resolveAsOf(parseAsOf('2025-10-24T06:00+02:00'), 'America/New_York')).toEqual(
      new Date('2025-10-24T04:00:00Z'),
    );
  });

  it.each(['yesterday', '2025-13-01', '2025-02-30', '24-10-2025', ''])(
    'refuses %j naming the forms',
    (text) => {
      expect(() => parseAsOf(text)).toThrow(/--as-of must be a local date or time/);
    },
  );
});
