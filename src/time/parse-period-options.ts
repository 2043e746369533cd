/**
 * The period options every command accepts (`--month`, `--from/--to`, `--preset`), parsed and
 * checked in one place, and turned into a ReportPeriod. Each parser throws a ConfigError naming
 * the option and what was expected, so a typo is a clear exit-code-2 message rather than a run
 * over a silently wrong range. `sync` and `report` share the rules: `--from/--to` are local dates,
 * `to` exclusive; presets keep the API's meaning, so `report --preset PreviousMonth` covers exactly
 * what `sync --preset PreviousMonth` loaded.
 */
import { ConfigError } from '../errors.ts';
import { PRESET_PERIODS, type IanaZone, type LocalDate, type PresetPeriod } from '../terms.ts';
import { isLocalDate, isLocalMonth } from './calendar.ts';
import { MONTH_NAMES, type ReportPeriod } from './calendar-periods.ts';
import {
  DEFAULT_REPORT_PRESET,
  reportPeriodOf,
  type AsOfOption,
  type PeriodChoice,
} from './period-choice.ts';
import { localToUtc, parseLocalFields } from './zone-clock.ts';

/** The period options as a command (or `nightly`) hands them over, unvalidated. */
export interface PeriodOptions {
  /** A calendar month `yyyy-MM`. */
  readonly month?: string | undefined;
  /** First account-local day, `yyyy-MM-dd` (inclusive). */
  readonly from?: string | undefined;
  /** Account-local day the period ends at, `yyyy-MM-dd` (exclusive, as for `sync`). */
  readonly to?: string | undefined;
  /** A PresetPeriod literal of API v4. */
  readonly preset?: string | undefined;
}

export { DEFAULT_REPORT_PRESET, type AsOfOption, type PeriodChoice };

/**
 * A calendar date yyyy-MM-dd that exists; `name` is the option, for the message. A date written
 * right that the calendar lacks (`2026-02-30`) is told apart from one written wrong.
 */
export function parseLocalDate(name: string, value: string): LocalDate {
  if (isLocalDate(value)) return value;
  const written = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let why = `must be a date written yyyy-MM-dd (e.g. 2025-01-31), not "${value}"`;
  if (written !== null) {
    const [year, month, day] = [Number(written[1]), Number(written[2]), Number(written[3])];
    if (month < 1 || month > 12) why = `${value}: there is no month ${month} (months are 01 to 12)`;
    else if (day === 0) why = `${value}: that day does not exist (days start at 01)`;
    else {
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      why = `${value}: that day does not exist (${MONTH_NAMES[month - 1]!} ${year} has ${days} days)`;
    }
  }
  throw new ConfigError(`${name} ${why}.`, { context: { setting: name } });
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
  const written = /^\d{4}-(\d{2})$/.exec(value);
  if (written !== null && !isLocalMonth(value)) {
    throw new ConfigError(
      `--month ${value}: there is no month ${Number(written[1])} (months are 01 to 12).`,
      {
        context: { setting: '--month' },
      },
    );
  }
  if (!isLocalMonth(value)) {
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
      { context: { setting: '--preset' } },
    );
  }
  // A date that is wrong in itself is named first: it is wrong whatever the other option says.
  if (options.from !== undefined) parseLocalDate('--from', options.from);
  if (options.to !== undefined) parseLocalDate('--to', options.to);
  if ((options.from === undefined) !== (options.to === undefined)) {
    throw new ConfigError('--from and --to go together.', {
      context: { setting: options.from === undefined ? '--from' : '--to' },
    });
  }
  if (options.from !== undefined && options.to !== undefined) {
    if (options.to <= options.from) {
      throw new ConfigError(
        `--to (${options.to}) must be after --from (${options.from}); the range is [from, to).`,
        {
          context: { setting: '--to' },
        },
      );
    }
  }
}

/**
 * Validates the report period options without knowing the zone (before the warehouse is opened):
 * one of `month`, `from`+`to` or `preset`, each well-formed. Throws a ConfigError (exit 2).
 */
export function checkReportPeriodOptions(options: PeriodOptions): void {
  const ranged = options.from !== undefined || options.to !== undefined;
  if (options.month !== undefined && (ranged || options.preset !== undefined)) {
    throw new ConfigError('--month cannot be combined with --from/--to or --preset: give one period.', {
      context: { setting: '--month' },
    });
  }
  checkPeriodOptions(options);
  if (options.month !== undefined) parseMonth(options.month);
  if (options.preset !== undefined) parsePreset(options.preset);
}

/**
 * The report period the options choose, checked and typed, not yet in a zone: one of `month`,
 * `from`+`to` or `preset` (Default: PreviousMonth). Invalid or conflicting options are a ConfigError
 * (exit 2).
 */
export function periodChoiceOf(options: PeriodOptions): PeriodChoice {
  checkReportPeriodOptions(options);
  if (options.month !== undefined) return { month: options.month };
  if (options.from !== undefined && options.to !== undefined) return { from: options.from, to: options.to };
  return { preset: options.preset === undefined ? DEFAULT_REPORT_PRESET : parsePreset(options.preset) };
}

/** The report period for `options` at `now` in the account zone (see periodChoiceOf). */
export function resolveReportPeriod(options: PeriodOptions, now: Date, zone: IanaZone): ReportPeriod {
  return reportPeriodOf(periodChoiceOf(options), now, zone);
}

/** Checks `--as-of` text; throws a ConfigError naming the accepted forms. */
export function parseAsOf(value: string): AsOfOption {
  const parsed = parseLocalFields(value);
  if (
    parsed === undefined ||
    localToUtc(value, 'UTC') === undefined ||
    !isLocalDate(value.trim().slice(0, 10))
  ) {
    throw new ConfigError(
      `--as-of must be a local date or time such as 2025-10-24 or 2025-10-24T06:00 (account time zone), or an instant with Z or an offset, not "${value}".`,
      { context: { setting: '--as-of' } },
    );
  }
  return parsed.offsetMinutes === undefined ? { local: value.trim() } : localToUtc(value, 'UTC')!;
}
