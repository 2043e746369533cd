import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { integerOption, listOption } from '../../../src/cli/options.ts';
import {
  checkPeriodOptions,
  parseLocalDate,
  parseMonth,
  parsePreset,
} from '../../../src/time/period-options.ts';

describe('option parsers', () => {
  it('parse good values', () => {
    expect(integerOption('--n', 1, 10)('7')).toBe(7);
    expect(parseLocalDate('--from', '2024-02-29')).toBe('2024-02-29');
    expect(parseMonth('2025-10')).toBe('2025-10');
    expect(parsePreset('previous month')).toBe('PreviousMonth');
    expect(parsePreset('Last12Months')).toBe('Last12Months');
    expect(listOption('a, b', ['x'])).toEqual(['x', 'a', 'b']);
  });

  it('reject bad values with a ConfigError naming the option', () => {
    expect(() => integerOption('--concurrency', 1, 64)('0')).toThrow(/--concurrency/);
    expect(() => integerOption('--window', 1, 366)('1.5')).toThrow(ConfigError);
    expect(() => parseLocalDate('--from', '2025-02-29')).toThrow(/--from/);
    expect(() => parseMonth('2025-13')).toThrow(/--month/);
    expect(() => parsePreset('LastFortnight')).toThrow(/--preset/);
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
