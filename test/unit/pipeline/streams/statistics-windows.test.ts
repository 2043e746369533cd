import { describe, expect, it } from 'vitest';
import { halves, knowledgeOf, windowDaysToAsk } from '../../../../src/pipeline/streams/statistics-windows.ts';

describe('statistics window sizes', () => {
  it('asks for the whole range until a coarse answer has been seen', () => {
    expect(windowDaysToAsk({})).toBeUndefined();
    expect(windowDaysToAsk({ dailyWindowDays: 4 })).toBeUndefined();
  });

  it('then plans the longest known daily window, always shorter than the shortest coarse one', () => {
    expect(windowDaysToAsk({ dailyWindowDays: 23, coarseWindowDays: 45 })).toBe(23);
    // A daily answer at 31 days (no DST) and a coarse one at 31 days (with the extra autumn hour).
    expect(windowDaysToAsk({ dailyWindowDays: 31, coarseWindowDays: 31 })).toBe(30);
    expect(windowDaysToAsk({ coarseWindowDays: 45 })).toBe(23);
    expect(windowDaysToAsk({ coarseWindowDays: 1 })).toBe(1);
  });

  it('halves a range of local days, the first half the longer; a single day cannot be split', () => {
    expect(halves('2025-01-01', '2026-01-01')).toEqual([
      ['2025-01-01', '2025-07-03'],
      ['2025-07-03', '2026-01-01'],
    ]);
    expect(halves('2025-03-29', '2025-03-31')).toEqual([
      ['2025-03-29', '2025-03-30'],
      ['2025-03-30', '2025-03-31'],
    ]);
    expect(halves('2025-03-29', '2025-03-30')).toBeUndefined();
  });

  it('reads stored knowledge, ignoring what it cannot use', () => {
    expect(knowledgeOf({ dailyWindowDays: 23, coarseWindowDays: 45 })).toEqual({
      dailyWindowDays: 23,
      coarseWindowDays: 45,
    });
    expect(knowledgeOf(null)).toEqual({ dailyWindowDays: undefined, coarseWindowDays: undefined });
    expect(knowledgeOf({ dailyWindowDays: 'x', coarseWindowDays: 0 })).toEqual({
      dailyWindowDays: undefined,
      coarseWindowDays: undefined,
    });
  });
});
