/**
 * Parsers of option values. Each throws a ConfigError naming the option and what was expected, so
 * a typo is a clear exit-code-2 message rather than a run with a silently wrong range.
 */
import { ConfigError } from '../errors.ts';

/** A whole number within [min, max]. */
export function integerOption(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${value}".`, {
        context: { setting: name },
      });
    }
    return n;
  };
}

/** A positive number (fractions allowed). */
export function positiveNumberOption(name: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0)
      throw new ConfigError(`${name} must be a positive number, not "${value}".`, {
        context: { setting: name },
      });
    return n;
  };
}

/** A comma-separated list, repeatable: values accumulate. */
export function listOption(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  ];
}
