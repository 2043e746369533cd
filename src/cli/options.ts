/**
 * Parsers of option values. Each throws a ConfigError naming the option and what was expected, so
 * a typo is a clear exit-code-2 message rather than a run with a silently wrong range.
 */
import { ConfigError } from '../errors.ts';
import { PRESET_PERIODS, type LocalDate, type PresetPeriod } from '../terms.ts';

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

/** A calendar date yyyy-MM-dd that exists. */
export function parseLocalDate(name: string, value: string): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date =
    match === null ? undefined : new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (match === null || date === undefined || date.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(`${name} must be a date written yyyy-MM-dd (e.g. 2025-01-31), not "${value}".`, {
      context: { setting: name },
    });
  }
  return value;
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

/** A PresetPeriod literal (the spec's spelling; "Previous Month" with a space is accepted too). */
export function parsePreset(value: string): PresetPeriod {
  const compact = value.replace(/\s+/g, '');
  const found = PRESET_PERIODS.find((p) => p.toLowerCase() === compact.toLowerCase());
  if (found === undefined) {
    throw new ConfigError(`--preset must be one of ${PRESET_PERIODS.join(', ')}; not "${value}".`, {
      context: { setting: '--preset' },
    });
  }
  return found;
}

/** A month yyyy-MM. */
export function parseMonth(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    throw new ConfigError(`--month must be written yyyy-MM (e.g. 2025-10), not "${value}".`, {
      context: { setting: '--month' },
    });
  }
  return value;
}

/** Validates a period given as --from/--to or --preset (never both, as the API itself refuses). */
export function checkPeriodOptions(options: { from?: string; to?: string; preset?: string }): void {
  if (options.preset !== undefined && (options.from !== undefined || options.to !== undefined)) {
    throw new ConfigError(
      '--preset cannot be combined with --from/--to (the Uptrends API refuses PresetPeriod with Start or End too).',
      {
        context: { setting: '--preset' },
      },
    );
  }
  if ((options.from === undefined) !== (options.to === undefined)) {
    throw new ConfigError('--from and --to go together.', {
      context: { setting: options.from === undefined ? '--from' : '--to' },
    });
  }
  if (options.from !== undefined && options.to !== undefined) {
    parseLocalDate('--from', options.from);
    parseLocalDate('--to', options.to);
    if (options.to <= options.from) {
      throw new ConfigError(
        `--to (${options.to}) must be after --from (${options.from}); the range is [from, to).`,
        { context: { setting: '--to' } },
      );
    }
  }
}
