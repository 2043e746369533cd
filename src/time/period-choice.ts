/**
 * Report periods from a choice already checked at the edge (a month, a range of days or a preset),
 * resolved in the account zone at an instant: start, end, label. Pure period maths, apart from the
 * option texts (src/time/parse-period-options.ts parses those; only the entry points import it), so the
 * schedule, the subscriptions and the report jobs compute a period the same way.
 */
import type { IanaZone, LocalDate, PresetPeriod } from '../terms.ts';
import { addLocalDays, addMonths, localDateOf, localMidnight, type LocalMonth } from './calendar.ts';
import type { Interval } from './intervals.ts';
import {
  daysLabel,
  monthPeriod,
  periodShape,
  resolvePresetPeriod,
  type ReportPeriod,
} from './calendar-periods.ts';
import { localToUtc, utcToLocal } from './zone-clock.ts';

/** A report period as chosen, checked but not yet placed in a zone. */
export type PeriodChoice =
  | { readonly month: LocalMonth }
  | { readonly from: LocalDate; readonly to: LocalDate }
  | { readonly preset: PresetPeriod };

/** The preset used when a report is given no period: last month, the usual management report. */
export const DEFAULT_REPORT_PRESET: PresetPeriod = 'PreviousMonth';

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

/** The report period `choice` names at `now` in `zone`. */
export function reportPeriodOf(choice: PeriodChoice, now: Date, zone: IanaZone): ReportPeriod {
  if ('month' in choice) {
    const month = monthPeriod(choice.month, zone);
    return { ...month, label: labelOf(month, now) };
  }
  if ('from' in choice) {
    const period = { start: localMidnight(choice.from, zone), end: localMidnight(choice.to, zone), zone };
    return { ...period, label: labelOf(period, now) };
  }
  const resolved = resolvePresetPeriod(choice.preset, now, zone);
  const end = wholeCurrentUnit(choice.preset, resolved.start, zone) ?? resolved.end;
  const period = { start: resolved.start, end, zone };
  return { ...period, label: labelOf(period, now) };
}

/**
 * An as-of option (`report at-risk --as-of`): an absolute instant (text with `Z` or an offset), or
 * account-local wall-clock text (`2025-10-24`, `2025-10-24T06:00`) resolved in the account zone
 * once the account is known: a date alone is the local midnight that starts it.
 */
export type AsOfOption = Date | { readonly local: string };

/** The instant of an as-of option in the account's zone. */
export function resolveAsOf(option: AsOfOption, zone: IanaZone): Date {
  return option instanceof Date ? option : localToUtc(option.local, zone)!;
}
