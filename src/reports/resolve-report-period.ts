/**
 * Turns the period options of the report commands (`--month`, `--from/--to`, `--preset`) into the
 * models' ReportPeriod. Presets keep the API's meaning (src/transform/resolve-preset-period.ts), so
 * `report sla --preset PreviousMonth` covers exactly what `sync --preset PreviousMonth` loaded.
 */
import { checkPeriodOptions, parseMonth, parsePreset } from '../cli/options.ts';
import { ConfigError } from '../errors.ts';
import type { IanaZone, PresetPeriod } from '../terms.ts';
import { resolvePresetPeriod } from '../transform/resolve-preset-period.ts';
import { utcToLocal } from '../transform/local-time.ts';
import { addLocalDays, localDateOf, localMidnight } from './shared/local-days.ts';
import { monthPeriod, shiftMonth } from './shared/month-period.ts';
import { periodShape } from './shared/period-shape.ts';
import type { ReportPeriod } from './shared/report-input.ts';

/** The period options as the CLI (or `nightly`) hands them over, unvalidated. */
export interface ReportPeriodOptions {
  /** A calendar month `yyyy-MM`. */
  readonly month?: string | undefined;
  /** First account-local day, `yyyy-MM-dd` (inclusive). */
  readonly from?: string | undefined;
  /** Account-local day the period ends at, `yyyy-MM-dd` (exclusive, as for `sync`). */
  readonly to?: string | undefined;
  /** A PresetPeriod literal of API v4. */
  readonly preset?: string | undefined;
}

/** The preset used when no period option is given: last month, the usual management report. */
export const DEFAULT_REPORT_PRESET: PresetPeriod = 'PreviousMonth';

function daysLabel(first: string, last: string): string {
  return first === last ? first : `${first} to ${last}`;
}

/** Label of a resolved interval by its calendar shape; a period still running says so. */
function labelOf(period: Omit<ReportPeriod, 'label'>, now: Date): string {
  const shape = periodShape({ ...period, label: '' });
  const nowMs = now.getTime();
  const running = nowMs >= period.start.getTime() && nowMs < period.end.getTime() ? ' (to date)' : '';
  if (shape.kind === 'month') return `${monthPeriod(shape.month, period.zone).label}${running}`;
  if (shape.kind === 'days') return `${daysLabel(shape.firstDay, shape.lastDay)}${running}`;
  const wall = (d: Date): string => utcToLocal(d, period.zone).slice(0, 16).replace('T', ' ');
  return `${wall(period.start)} to ${wall(period.end)}`;
}

/**
 * A `Current*` preset ends "now" in the API. The report keeps the whole calendar unit instead:
 * the models already stop counting at generation time (elapsed window), and a calendar-shaped
 * period gets a calendar file name and a calendar previous period (last month, not "the 9 days
 * and 7 hours before").
 */
function wholeCurrentUnit(preset: PresetPeriod, start: Date, zone: IanaZone): Date | undefined {
  const first = localDateOf(start.getTime(), zone);
  switch (preset) {
    case 'CurrentDay':
      return new Date(localMidnight(addLocalDays(first, 1), zone));
    case 'CurrentWeek':
      return new Date(localMidnight(addLocalDays(first, 7), zone));
    case 'CurrentMonth':
      return monthPeriod(first.slice(0, 7), zone).end;
    case 'CurrentQuarter':
      return monthPeriod(shiftMonth(first.slice(0, 7), 3), zone).start;
    case 'CurrentYear':
      return monthPeriod(shiftMonth(`${first.slice(0, 4)}-01`, 12), zone).start;
    default:
      return undefined;
  }
}

/**
 * Validates the period options without knowing the zone (before the warehouse is opened): one of
 * `month`, `from`+`to` or `preset`, each well-formed. Throws a ConfigError (exit 2).
 */
export function checkReportPeriodOptions(options: ReportPeriodOptions): void {
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
 * The report period for `options` at `now` in the account zone. One of `month`, `from`+`to` or
 * `preset` (Default: PreviousMonth). Invalid or conflicting options are a ConfigError (exit 2).
 */
export function resolveReportPeriod(options: ReportPeriodOptions, now: Date, zone: IanaZone): ReportPeriod {
  checkReportPeriodOptions(options);
  if (options.month !== undefined) {
    const month = monthPeriod(options.month, zone);
    return { ...month, label: labelOf(month, now) };
  }
  if (options.from !== undefined && options.to !== undefined) {
    const period = {
      start: new Date(localMidnight(options.from, zone)),
      end: new Date(localMidnight(options.to, zone)),
      zone,
    };
    return { ...period, label: labelOf(period, now) };
  }
  const preset = options.preset === undefined ? DEFAULT_REPORT_PRESET : parsePreset(options.preset);
  const resolved = resolvePresetPeriod(preset, now, zone);
  const end = wholeCurrentUnit(preset, resolved.start, zone) ?? resolved.end;
  const period = { start: resolved.start, end, zone };
  return { ...period, label: labelOf(period, now) };
}
