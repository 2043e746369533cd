import { describe, expect, it } from 'vitest';
import { DailyMatrix } from '../../../../src/reports/sla/daily-matrix.ts';

const figure = (uptime: number | null, state: string | null, coverage: number | null) => ({
  incident_uptime_percentage: uptime,
  alerts_data_state: state,
  alerts_coverage: coverage,
});

describe('DailyMatrix', () => {
  it('gives back each day as it was set, null where nothing was set, nulls kept apart from zeros', () => {
    const daily = new DailyMatrix(3);
    daily.set('a', 0, figure(99.5, 'complete', 1));
    daily.set('a', 2, figure(null, null, null));
    daily.set('b', 1, figure(0, 'partial', 0));
    const a = daily.row('a');
    expect(a.length).toBe(3);
    expect(a.at(0)).toEqual(figure(99.5, 'complete', 1));
    // Day 1 of a: not created yet that day, so no figure at all.
    expect(a.at(1)).toBeNull();
    // A figure whose fields are all null is still a figure (the day was read).
    expect(a.at(2)).toEqual(figure(null, null, null));
    expect(daily.row('b').at(1)).toEqual(figure(0, 'partial', 0));
    expect(daily.row('b').at(0)).toBeNull();
    // Outside the days, and a row never set: no figure.
    expect(a.at(-1)).toBeNull();
    expect(a.at(3)).toBeNull();
    expect(daily.row('never').length).toBe(3);
    expect(daily.row('never').at(0)).toBeNull();
  });

  it('holds rows past its first size, each with its own values (10,000 monitors x 31 days)', () => {
    const days = 31;
    const daily = new DailyMatrix(days);
    const words = ['complete', 'partial', 'not read'];
    for (let m = 0; m < 10_000; m++)
      for (let d = 0; d < days; d++) daily.set(`m${m}`, d, figure(m + d / 100, words[(m + d) % 3]!, d / 30));
    for (const m of [0, 63, 64, 65, 4_095, 9_999]) {
      const row = daily.row(`m${m}`);
      for (const d of [0, 15, 30])
        expect(row.at(d)).toEqual(figure(m + d / 100, words[(m + d) % 3]!, d / 30));
    }
  });

  it('a later set of the same day replaces it, and a day outside the month is refused', () => {
    const daily = new DailyMatrix(2);
    daily.set('a', 1, figure(90, 'partial', 0.5));
    daily.set('a', 1, figure(95, 'complete', 1));
    expect(daily.row('a').at(1)).toEqual(figure(95, 'complete', 1));
    expect(() => daily.set('a', 2, figure(1, null, null))).toThrow(RangeError);
    expect(() => daily.set('a', -1, figure(1, null, null))).toThrow(RangeError);
  });
});
