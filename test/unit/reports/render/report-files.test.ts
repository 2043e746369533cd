import { describe, expect, it } from 'vitest';
import { localDays } from '../../../../src/time/calendar.ts';
import { monthPeriod, previousPeriod, trendMonths } from '../../../../src/time/calendar-periods.ts';
import { periodSlug, reportFileName } from '../../../../src/reports/render/report-files.ts';

const ZONE = 'Europe/Amsterdam';
const HOUR = 3_600_000;

describe('report periods in the account zone', () => {
  it('October 2025 in Amsterdam runs from 22:00Z (CEST) to 23:00Z (CET): 31 x 24 + 1 hours', () => {
    const october = monthPeriod('2025-10', ZONE);
    expect(october.start.toISOString()).toBe('2025-09-30T22:00:00.000Z');
    expect(october.end.toISOString()).toBe('2025-10-31T23:00:00.000Z');
    expect((october.end.getTime() - october.start.getTime()) / HOUR).toBe(745);
    expect(october.label).toBe('October 2025');
  });

  it('March 2025 has 743 hours (spring forward on the 30th)', () => {
    const march = monthPeriod('2025-03', ZONE);
    expect((march.end.getTime() - march.start.getTime()) / HOUR).toBe(743);
  });

  it('local days cut at local midnight: 26 October 2025 lasts 25 hours', () => {
    const october = monthPeriod('2025-10', ZONE);
    const days = localDays(october, ZONE);
    expect(days).toHaveLength(31);
    expect(days[0]!.date).toBe('2025-10-01');
    const dst = days.find((d) => d.date === '2025-10-26')!;
    expect((dst.end.getTime() - dst.start.getTime()) / HOUR).toBe(25);
    expect(days.filter((d) => d.end.getTime() - d.start.getTime() === 24 * HOUR)).toHaveLength(30);
  });

  it('the previous period of a month is the previous month; of a day range the same number of days', () => {
    expect(previousPeriod(monthPeriod('2025-01', ZONE))).toEqual(monthPeriod('2024-12', ZONE));
    const week = {
      start: new Date('2025-10-05T22:00:00Z'),
      end: new Date('2025-10-12T22:00:00Z'),
      zone: ZONE,
      label: 'w',
    };
    const before = previousPeriod(week);
    expect(before.start.toISOString()).toBe('2025-09-28T22:00:00.000Z');
    expect(before.end).toEqual(week.start);
    expect(before.label).toBe('2025-09-29 to 2025-10-05');
  });

  it('trend months are the twelve months ending with the period month, oldest first', () => {
    const months = trendMonths(monthPeriod('2025-10', ZONE));
    expect(months).toHaveLength(12);
    expect(months[0]!.label).toBe('November 2024');
    expect(months[11]!.label).toBe('October 2025');
  });

  it('file names carry report, period and zone', () => {
    expect(reportFileName('uptrends-sla', monthPeriod('2025-10', ZONE), '.xlsx')).toBe(
      'uptrends-sla_2025-10_Europe-Amsterdam.xlsx',
    );
    const range = {
      start: new Date('2025-09-30T22:00:00Z'),
      end: new Date('2025-10-14T22:00:00Z'),
      zone: ZONE,
      label: '',
    };
    expect(periodSlug(range)).toBe('2025-10-01_2025-10-14');
    const odd = {
      start: new Date('2025-10-01T08:30:00Z'),
      end: new Date('2025-10-01T10:00:00Z'),
      zone: 'UTC',
      label: '',
    };
    expect(periodSlug(odd)).toBe('2025-10-01T0830_2025-10-01T1000');
  });
});
