import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { integerOption, listOption } from '../../../src/cli/options.ts';
import {
  checkPeriodOptions,
  parseLocalDate,
  parseMonth,
  parsePreset,
} from '../../../src/time/parse-period-options.ts';

describe('option parsers', () => {
  it('parse good values', () => {
    expect(integerOption('--n', 1, 10)('7')).toBe(7);
    expect(parseLocalDate('--from', '2024-02-29')).toBe('2024-02-29');
    expect(parseMonth('2025-10')).toBe('2025-10');
    expect(parsePreset('previous month')).toBe('PreviousMonth');
    expect(parsePreset('Last12Months')).toBe('Last12Months');
    expect(listOption('--streams')('a, b', ['x'])).toEqual(['x', 'a', 'b']);
  });

  it('reject bad values with a ConfigError naming the option', () => {
    expect(() => integerOption('--concurrency', 1, 64)('0')).toThrow(/--concurrency/);
    expect(() => integerOption('--window', 1, 366)('1.5')).toThrow(ConfigError);
    expect(() => parseLocalDate('--from', '2025-02-29')).toThrow(/--from/);
    expect(() => parseMonth('2025-13')).toThrow(/--month/);
    expect(() => parsePreset('LastFortnight')).toThrow(/--preset/);
  });

  it('say that a well-written date does not exist, and name the month', () => {
    expect(() => parseLocalDate('--from', '2026-02-30')).toThrow(
      '--from 2026-02-30: that day does not exist (February 2026 has 28 days).',
    );
    expect(() => parseLocalDate('--to', '2024-04-31')).toThrow(/April 2024 has 30 days/);
    expect(() => parseLocalDate('--to', '2024-13-01')).toThrow(/there is no month 13/);
    expect(() => parseLocalDate('--to', '2024-01-00')).toThrow(/days start at 01/);
    expect(() => parseLocalDate('--from', '30.02.2026')).toThrow(/must be a date written yyyy-MM-dd/);
    // The day is named even when --to is missing: it is wrong whatever --to would say.
    expect(() => checkPeriodOptions({ from: '2026-02-30' })).toThrow(/does not exist/);
  });

  it('refuse a list option that names nothing (it would mean every stream)', () => {
    for (const value of ['', ',', ' , '])
      expect(() => listOption('--streams')(value, undefined)).toThrow(/--streams needs at least one name/);
  });

  it('refuse --preset with --from/--to, a lone --from, and an empty or reversed range', () => {
    expect(() =>
      checkPeriodOptions({ preset: 'PreviousMonth', from: '2025-01-01', to: '2025-02-01' }),
    ).toThrow(/cannot be combined/);
    expect(() => checkPeriodOptions({ from: '2025-01-01' })).toThrow(/go together/);
    expect(() => checkPeriodOptions({ from: '2025-02-01', to: '2025-02-01' })).toThrow(/must be after/);
    expect(() => checkPeriodOptions({ from: '2025-01-01', to: '2025-02-01' })).not.toThrow();
    expect(() => checkPeriodOptions({ preset: 'Last7Days' })).not.toThrow();
  });
});
