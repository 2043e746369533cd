/**
 * Schedules and the period of each due date, property-tested in a northern zone (Amsterdam, DST
 * from March to October) and a southern one (Sydney, DST from October to April), across DST
 * changes, month ends, leap years and quarter and year boundaries. The oracles are written
 * independently of src/time (JavaScript's UTC date arithmetic), so a shared mistake cannot hide.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLocalDays, isLocalMidnight, localDays, localMidnight } from '../../../src/time/calendar.ts';
import {
  daysInMonth,
  describeSchedule,
  dueDates,
  isDue,
  latestDueDate,
  nextDueDate,
  occurrencePeriod,
  SCHEDULED_PRESETS,
  type MonthDay,
  type Schedule,
  type ScheduleRule,
} from '../../../src/time/schedule.ts';

const HOUR = 3_600_000;
const ZONES = ['Europe/Amsterdam', 'Australia/Sydney'] as const;
const zone = fc.constantFrom(...ZONES);
// Dates from 1996 to 2045 (leap years 2000 and the non-leap 2100 rule is checked by example below).
const date = fc
  .integer({ min: 9496, max: 27759 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const monthDay: fc.Arbitrary<MonthDay> = fc.oneof(
  fc.integer({ min: 1, max: 31 }),
  fc.constant('last' as const),
);

/** Oracle: the last day of the month, from JavaScript's Date (day 0 of the next month). */
function lastDayOracle(date: string): number {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
}
/** Oracle: ISO weekday from getUTCDay. */
function weekdayOracle(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}
function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
const one = (rule: ScheduleRule): Schedule => ({ rules: [rule] });
const months = (from: string, to: string): string[] => {
  const out = new Set<string>();
  for (let d = from; d <= to; d = addLocalDays(d, 1)) out.add(d.slice(0, 7));
  return [...out];
};

describe('due dates', () => {
  it('monthly on day d: exactly once in every month, on d or the month end when the month is shorter', () => {
    fc.assert(
      fc.property(date, monthDay, fc.integer({ min: 0, max: 40 }), (from, day, n) => {
        const first = `${from.slice(0, 7)}-01`;
        const to = addLocalDays(addLocalDays(first, 32 * n + 40).slice(0, 8) + '01', -1);
        const due = dueDates(one({ every: 'month', days: [day] }), first, to);
        const expected = months(first, to).map((m) => {
          const last = lastDayOracle(`${m}-01`);
          return `${m}-${String(day === 'last' ? last : Math.min(day, last)).padStart(2, '0')}`;
        });
        expect(due).toEqual(expected);
      }),
    );
  });

  it('weekly: exactly the dates with the chosen weekdays', () => {
    fc.assert(
      fc.property(
        date,
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 120 }),
        (from, weekdays, span) => {
          const to = addLocalDays(from, span);
          const due = dueDates(one({ every: 'week', weekdays }), from, to);
          const expected: string[] = [];
          for (let d = from; d <= to; d = addLocalDays(d, 1))
            if (weekdays.includes(weekdayOracle(d))) expected.push(d);
          expect(due).toEqual(expected);
        },
      ),
    );
  });

  it('quarterly: once per quarter, in January, April, July or October only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1996, max: 2044 }), monthDay, (year, day) => {
        const due = dueDates(one({ every: 'quarter', days: [day] }), `${year}-01-01`, `${year}-12-31`);
        expect(due.map((d) => d.slice(5, 7))).toEqual(['01', '04', '07', '10']);
        for (const d of due)
          expect(Number(d.slice(8, 10))).toBe(
            day === 'last' ? lastDayOracle(d) : Math.min(day, lastDayOracle(d)),
          );
      }),
    );
  });

  it('yearly: once a year; 29 February is the 28th in years that are not leap years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1996, max: 2044 }),
        fc.integer({ min: 1, max: 12 }),
        monthDay,
        (year, month, day) => {
          const due = dueDates(
            one({ every: 'year', dates: [{ month, day }] }),
            `${year}-01-01`,
            `${year}-12-31`,
          );
          expect(due).toHaveLength(1);
          const m = String(month).padStart(2, '0');
          const last = lastDayOracle(`${year}-${m}-01`);
          expect(due[0]).toBe(
            `${year}-${m}-${String(day === 'last' ? last : Math.min(day, last)).padStart(2, '0')}`,
          );
        },
      ),
    );
    const feb29 = one({ every: 'year', dates: [{ month: 2, day: 29 }] });
    expect(dueDates(feb29, '2023-01-01', '2029-12-31')).toEqual([
      '2023-02-28',
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
    ]);
    expect(isLeap(2100)).toBe(false);
    expect(daysInMonth('2100-02-10')).toBe(28);
    expect(daysInMonth('2000-02-10')).toBe(29);
  });

  const rule: fc.Arbitrary<ScheduleRule> = fc.oneof(
    fc.constant({ every: 'day' as const }),
    fc
      .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 })
      .map((weekdays) => ({ every: 'week' as const, weekdays })),
    fc.array(monthDay, { minLength: 1, maxLength: 3 }).map((days) => ({ every: 'month' as const, days })),
    fc.array(monthDay, { minLength: 1, maxLength: 2 }).map((days) => ({ every: 'quarter' as const, days })),
    fc
      .array(fc.record({ month: fc.integer({ min: 1, max: 12 }), day: monthDay }), {
        minLength: 1,
        maxLength: 2,
      })
      .map((dates) => ({ every: 'year' as const, dates })),
  );

  it('next and latest due date bracket a date with no due date strictly between', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 2 }), date, (rules, d) => {
        const schedule = { rules };
        const next = nextDueDate(schedule, d)!;
        const latest = latestDueDate(schedule, d)!;
        expect(next > d && latest <= d).toBe(true);
        expect(isDue(schedule, next) && isDue(schedule, latest)).toBe(true);
        expect(dueDates(schedule, addLocalDays(latest, 1), addLocalDays(next, -1))).toEqual([]);
        expect(isDue(schedule, d)).toBe(latest === d);
      }),
    );
  });

  it('a schedule without rules is never due', () => {
    expect(dueDates({ rules: [] }, '2026-01-01', '2026-12-31')).toEqual([]);
    expect(nextDueDate({ rules: [] }, '2026-01-01')).toBeUndefined();
    expect(describeSchedule({ rules: [] })).toBe('never');
  });

  it('describes itself in words', () => {
    expect(describeSchedule(one({ every: 'week', weekdays: [1, 4] }))).toBe('every Monday and Thursday');
    expect(describeSchedule(one({ every: 'month', days: [1, 22, 'last'] }))).toBe(
      'monthly on the 1st and the 22nd and the last day',
    );
  });
});

/** Matched schedule and preset pairs: consecutive occurrences report consecutive periods. */
const TILING: readonly [string, Schedule, (typeof SCHEDULED_PRESETS)[number]][] = [
  ['daily / PreviousDay', one({ every: 'day' }), 'PreviousDay'],
  ['Mondays / PreviousWeek', one({ every: 'week', weekdays: [1] }), 'PreviousWeek'],
  ['monthly on the 1st / PreviousMonth', one({ every: 'month', days: [1] }), 'PreviousMonth'],
  ['quarterly / PreviousQuarter', one({ every: 'quarter', days: [1] }), 'PreviousQuarter'],
  ['yearly / PreviousYear', one({ every: 'year', dates: [{ month: 1, day: 1 }] }), 'PreviousYear'],
];

describe('the period of each due date', () => {
  it.each(TILING)(
    '%s: periods tile time with no gap or overlap, in both zones',
    (_name, schedule, preset) => {
      fc.assert(
        fc.property(zone, fc.integer({ min: 1996, max: 2040 }), (z, year) => {
          const due = dueDates(
            schedule,
            `${year}-01-01`,
            `${year + (preset === 'PreviousYear' ? 3 : 1)}-12-31`,
          ).slice(0, 60);
          const periods = due.map((d) => occurrencePeriod(preset, d, z));
          for (let i = 0; i < periods.length; i += 1) {
            const p = periods[i]!;
            expect(p.end.getTime()).toBe(localMidnight(due[i]!, z).getTime());
            if (i > 0) expect(p.start.getTime()).toBe(periods[i - 1]!.end.getTime());
          }
        }),
        { numRuns: 20 },
      );
    },
  );

  it('every scheduled preset: whole local days, complete by the due date, the same whenever computed', () => {
    fc.assert(
      fc.property(zone, date, fc.constantFrom(...SCHEDULED_PRESETS), (z, due, preset) => {
        const period = occurrencePeriod(preset, due, z);
        expect(period.start < period.end).toBe(true);
        expect(period.end.getTime()).toBeLessThanOrEqual(localMidnight(due, z).getTime());
        expect(isLocalMidnight(period.start, z) && isLocalMidnight(period.end, z)).toBe(true);
        // Its length is the sum of its local days (23, 24 or 25 hours each), not days x 24 h.
        const hours = localDays(period, z).map((d) => (d.end.getTime() - d.start.getTime()) / HOUR);
        for (const h of hours) expect([23, 24, 25]).toContain(h);
        expect(hours.reduce((a, b) => a + b, 0) * HOUR).toBe(period.end.getTime() - period.start.getTime());
        expect(occurrencePeriod(preset, due, z)).toEqual(period);
      }),
    );
  });

  it('DST days: the spring day has 23 hours, the autumn day 25, in each hemisphere', () => {
    const hours = (p: { start: Date; end: Date }): number => (p.end.getTime() - p.start.getTime()) / HOUR;
    expect(hours(occurrencePeriod('PreviousDay', '2026-03-30', 'Europe/Amsterdam'))).toBe(23);
    expect(hours(occurrencePeriod('PreviousDay', '2026-10-26', 'Europe/Amsterdam'))).toBe(25);
    expect(hours(occurrencePeriod('PreviousDay', '2026-04-06', 'Australia/Sydney'))).toBe(25);
    expect(hours(occurrencePeriod('PreviousDay', '2026-10-05', 'Australia/Sydney'))).toBe(23);
    // The week holding the autumn change, reported on the Monday after it.
    const week = occurrencePeriod('PreviousWeek', '2026-10-26', 'Europe/Amsterdam');
    expect(hours(week)).toBe(7 * 24 + 1);
    expect(week.label).toBe('2026-10-19 to 2026-10-25');
  });

  it('month ends, leap years, quarter and year boundaries', () => {
    const feb2024 = occurrencePeriod('PreviousMonth', '2024-03-01', 'Europe/Amsterdam');
    expect(feb2024.label).toBe('February 2024');
    expect(localDays(feb2024, 'Europe/Amsterdam')).toHaveLength(29);
    expect(
      localDays(occurrencePeriod('PreviousMonth', '2025-03-01', 'Europe/Amsterdam'), 'Europe/Amsterdam'),
    ).toHaveLength(28);
    const q1 = occurrencePeriod('PreviousQuarter', '2026-04-01', 'Europe/Amsterdam');
    expect(q1.start.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(q1.end.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    // Sydney's first quarter starts in summer time (UTC+11) and ends in it too; April 5 ends DST.
    const q1Sydney = occurrencePeriod('PreviousQuarter', '2026-04-01', 'Australia/Sydney');
    expect(q1Sydney.start.toISOString()).toBe('2025-12-31T13:00:00.000Z');
    const year = occurrencePeriod('PreviousYear', '2027-01-01', 'Australia/Sydney');
    expect(year.label).toBe('2026-01-01 to 2026-12-31');
    expect(localDays(year, 'Australia/Sydney')).toHaveLength(365);
    const newYearWeek = occurrencePeriod('PreviousWeek', '2027-01-04', 'Europe/Amsterdam');
    expect(newYearWeek.label).toBe('2026-12-28 to 2027-01-03');
    const last30 = occurrencePeriod('Last30Days', '2026-03-01', 'Europe/Amsterdam');
    expect(last30.label).toBe('2026-01-30 to 2026-02-28');
  });

  it('schedules the finished whole-day presets only, in the spec order', () => {
    // The spec's PresetPeriod list without the running (Current*) and the hourly (Last*Hours) ones.
    expect(SCHEDULED_PRESETS).toEqual([
      'PreviousDay',
      'PreviousWeek',
      'PreviousMonth',
      'PreviousQuarter',
      'PreviousYear',
      'Last7Days',
      'Last30Days',
      'Last60Days',
      'Last90Days',
      'Last365Days',
      'Last3Months',
      'Last6Months',
      'Last12Months',
      'Last24Months',
    ]);
  });
});
