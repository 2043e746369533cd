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
import {
  addLocalDays,
  addMonths,
  isLocalDate,
  isLocalMonth,
  localDateOf,
  localMidnight,
} from './calendar.ts';
import type { Interval } from './intervals.ts';
import { daysLabel, monthPeriod, periodShape, resolvePresetPeriod, type ReportPeriod } from './periods.ts';
import { localToUtc, parseLocalFields, utcToLocal } from './zone-clock.ts';

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

/** The preset used when a report is given no period: last month, the usual management report. */
export const DEFAULT_REPORT_PRESET: PresetPeriod = 'PreviousMonth';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

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

/** Label of a resolved interval by its calendar shape; a period still running says so. */
function labelOf(period: Interval & { readonly zone: IanaZone }, now: Date): string {
  const shape = periodShape(period);
  const running = now >= period.start && now < period.end ? ' (to date)' : '';
  if (shape.kind === 'month') return `${monthPeriod(shape.month, period.zone).label}${running}`;
  if (shape.kind === 'days') return `${daysLabel(shape.firstDay, shape.lastDay)}${running}`;
  const wall = (d: Date): string => utcToLocal(d, period.zone).slice(0, 16).replace('T', ' ');
  return `${wall(period.start)} to ${wall(period.end)}`;
}

/**
 * A `Current*` preset ends "now" in the API. A report keeps the whole calendar unit instead: the
 * models already stop counting at generation time (elapsed window), and a calendar-shaped period
 * gets a calendar file name and a calendar previous period (last month, not "the 9 days and 7
 * hours before").
 */
function wholeCurrentUnit(preset: PresetPeriod, start: Date, zone: IanaZone): Date | undefined {
  const first = localDateOf(start, zone);
  switch (preset) {
    case 'CurrentDay':
      return localMidnight(addLocalDays(first, 1), zone);
    case 'CurrentWeek':
      return localMidnight(addLocalDays(first, 7), zone);
    case 'CurrentMonth':
      return monthPeriod(first.slice(0, 7), zone).end;
    case 'CurrentQuarter':
      return monthPeriod(addMonths(first.slice(0, 7), 3), zone).start;
    case 'CurrentYear':
      return monthPeriod(addMonths(`${first.slice(0, 4)}-01`, 12), zone).start;
    default:
      return undefined;
  }
}

/**
 * The report period for `options` at `now` in the account zone. One of `month`, `from`+`to` or
 * `preset` (Default: PreviousMonth). Invalid or conflicting options are a ConfigError (exit 2).
 */
export function resolveReportPeriod(options: PeriodOptions, now: Date, zone: IanaZone): ReportPeriod {
  checkReportPeriodOptions(options);
  if (options.month !== undefined) {
    const month = monthPeriod(options.month, zone);
    return { ...month, label: labelOf(month, now) };
  }
  if (options.from !== undefined && options.to !== undefined) {
    const period = { start: localMidnight(options.from, zone), end: localMidnight(options.to, zone), zone };
    return { ...period, label: labelOf(period, now) };
  }
  const preset = options.preset === undefined ? DEFAULT_REPORT_PRESET : parsePreset(options.preset);
  const resolved = resolvePresetPeriod(preset, now, zone);
  const end = wholeCurrentUnit(preset, resolved.start, zone) ?? resolved.end;
  const period = { start: resolved.start, end, zone };
  return { ...period, label: labelOf(period, now) };
}

/**
 * An as-of option (`report at-risk --as-of`): an absolute instant (text with `Z` or an offset), or
 * account-local wall-clock text (`2025-10-24`, `2025-10-24T06:00`) resolved in the account zone
 * once the account is known: a date alone is the local midnight that starts it.
 */
export type AsOfOption = Date | { readonly local: string };

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

/** The instant of an as-of option in the account's zone. */
export function resolveAsOf(option: AsOfOption, zone: IanaZone): Date {
  return option instanceof Date ? option : localToUtc(option.local, zone)!;
}
