/**
 * Parsers of option values. Each throws a ConfigError naming the option and what was expected, so
 * a typo is a clear exit-code-2 message rather than a run with a silently wrong range.
 */
import { Option } from 'commander';
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

/** A whole number; its range is checked by the job it is passed to. */
export function wholeNumberOption(name: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n)) {
      throw new ConfigError(`${name} must be a whole number, not "${value}".`, {
        context: { setting: name },
      });
    }
    return n;
  };
}

/** A number (fractions allowed); whether it fits is for the job it is passed to. */
export function numberOption(name: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n))
      throw new ConfigError(`${name} must be a number, not "${value}".`, { context: { setting: name } });
    return n;
  };
}

/**
 * `--name a,b`: a comma-separated list, repeatable (values accumulate). A value that names nothing
 * (`--streams ""`, `--streams ,`) is refused: it would otherwise mean "the default", every stream.
 */
export function listOption(name: string): (value: string, previous: string[] | undefined) => string[] {
  return (value, previous) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) {
      throw new ConfigError(
        `${name} needs at least one name, not "${value}"; leave it out for the default.`,
        {
          context: { setting: name },
        },
      );
    }
    return [...(previous ?? []), ...items];
  };
}

/** The inclusive range of a whole-number option. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/**
 * `--name <n>`: a whole number within `range`. The help shows the range from the same constants
 * the parser checks, and commander adds the default (once) when there is one. Numbers from 10,000
 * get thousands separators, except where they name something (`plain`, e.g. a port).
 */
export function integerArgOption(
  flags: string,
  description: string,
  range: IntegerRange,
  defaultValue?: number,
  { plain = false, rangeCheckedBy }: { plain?: boolean; rangeCheckedBy?: 'the job' } = {},
): Option {
  const show = (n: number): string => (plain || Math.abs(n) < 10_000 ? String(n) : n.toLocaleString('en-US'));
  const option = new Option(flags, `${description}, ${show(range.min)} to ${show(range.max)}`);
  // A job that checks the range itself (the programmatic API's resolver) is the one check: the
  // flag then only has to be a whole number.
  const name = option.long ?? flags;
  option.argParser(
    rangeCheckedBy === undefined ? integerOption(name, range.min, range.max) : wholeNumberOption(name),
  );
  if (defaultValue !== undefined) option.default(defaultValue, show(defaultValue));
  return option;
}

/** `--default-target 99.9`: a percentage above 0, at most 100. */
export function targetOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 100) {
    throw new ConfigError(
      `--default-target must be a percentage above 0 and at most 100 (e.g. 99.9), not "${value}".`,
      {
        context: { setting: '--default-target' },
      },
    );
  }
  return n;
}
