import { describe, expect, it } from 'vitest';
import { expectedPages, joinByDensity, windowCount } from '../../../../src/pipeline/engine/density-plan.ts';
import type { PlannedWindow } from '../../../../src/pipeline/engine/window-plan.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

/** `n` consecutive windows of `days` days each. */
function windows(n: number, days = 1): PlannedWindow[] {
  return Array.from({ length: n }, (_, i) => ({
    start: new Date(T0 + i * days * DAY),
    end: new Date(T0 + (i + 1) * days * DAY),
    startLocal: `s${i}`,
    endLocal: `e${i}`,
  }));
}

describe('windowCount', () => {
  it('fills every concurrency slot, up to four rounds, when there are pages enough', () => {
    expect(windowCount(5_000, 8)).toBe(32);
    expect(windowCount(240, 8)).toBe(24);
    expect(windowCount(80, 8)).toBe(8);
  });
  it('keeps at least ten pages per window below that, and always one window', () => {
    expect(windowCount(79, 8)).toBe(7);
    expect(windowCount(12, 8)).toBe(1);
    expect(windowCount(0, 8)).toBe(1);
  });
});

describe('joinByDensity', () => {
  it('joins a year of day windows into 32 runs at 1,400 alerts a day, C = 8, longest first', () => {
    const days = windows(357);
    expect(expectedPages(days, { records: 11_200, ms: 8 * DAY })).toBeCloseTo(4_998, 0);
    const joined = joinByDensity(days, { records: 11_200, ms: 8 * DAY }, 8);
    expect(joined).toHaveLength(32);
    // Contiguous, covering exactly the planned range, on the planned boundaries.
    expect(joined[0]!.start).toEqual(days[0]!.start);
    expect(joined.at(-1)!.end).toEqual(days.at(-1)!.end);
    for (let i = 1; i < joined.length; i++) expect(joined[i]!.start).toEqual(joined[i - 1]!.end);
    const lengths = joined.map((w) => (w.end.getTime() - w.start.getTime()) / DAY);
    // From 1.75 down to 0.25 times an even share (357 / 32 = 11.2 days), never longer later on.
    expect(lengths[0]).toBe(Math.round((1.75 * 357) / 32));
    expect(lengths.at(-1)).toBeLessThanOrEqual(Math.ceil((0.25 * 357) / 32) + 1);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]!).toBeLessThanOrEqual(lengths[i - 1]! + 1);
    expect(joined[1]!.startLocal).toBe(`s${lengths[0]}`);
  });
  it('gives every run at least one window, however few windows there are per run', () => {
    for (const n of [2, 3, 9, 17, 33, 40]) {
      const joined = joinByDensity(windows(n), { records: 1_000_000, ms: DAY }, 8);
      expect(joined).toHaveLength(Math.min(n, 32));
      for (const w of joined) expect(w.end.getTime()).toBeGreaterThan(w.start.getTime());
      for (let i = 1; i < joined.length; i++) expect(joined[i]!.start).toEqual(joined[i - 1]!.end);
      expect(joined.at(-1)!.end).toEqual(windows(n).at(-1)!.end);
    }
  });
  it('joins a sparse range into one window, and never produces more windows than it was given', () => {
    expect(joinByDensity(windows(30), { records: 100, ms: 8 * DAY }, 8)).toHaveLength(1);
    expect(joinByDensity(windows(5), { records: 1_000_000, ms: DAY }, 8)).toHaveLength(5);
  });
  it('leaves the plan alone when the probes found less than a page', () => {
    expect(joinByDensity(windows(30), { records: 99, ms: 8 * DAY }, 8)).toHaveLength(30);
  });
});
