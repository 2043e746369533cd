/**
 * How every reported figure is written, in one place for every channel: the workbook's typed cell
 * (value and number format), the CSV field, and the text of the PDF, the e-mail and its subject.
 * Each unit rounds once, here, to the precision it is shown at; every channel shows that rounded
 * value, so the same figure reads the same wherever it appears (docs/reports.md, "Rounding"):
 *
 * | unit     | model value            | shown as                    | CSV                  |
 * | -------- | ---------------------- | --------------------------- | -------------------- |
 * | percent  | 0-100                  | 3 decimals, `99.712%`       | `_pct`, 3 decimals   |
 * | points   | percentage points      | signed, `+0.120 pp`         | `_pp`, 3 decimals    |
 * | share    | 0-1 (budget used)      | 1 decimal, `12.3%`          | `_pct`, 1 decimal    |
 * | coverage | 0-1 (data coverage)    | 1 decimal rounded down      | `_pct`, same         |
 * | duration | seconds                | whole minutes, `h:mm`       | `_min`, whole        |
 * | count    | integer                | `1,510`                     | integer              |
 * | rate     | burn rate (1 = budget) | 2 decimals, `3.47×`; above  | 2 decimals           |
 * |          |                        | 100 `> 100×`                |                      |
 * | instant  | a UTC instant          | local `yyyy-MM-dd HH:mm`    | ISO UTC + local      |
 *
 * Durations round half up to the minute; percentages to the nearest thousandth (half away from
 * zero); coverage rounds down, so data that is 99.96 % read never shows as 100 %. The workbook cell
 * holds the rounded value, so a spreadsheet shows the same digits as the PDF.
 */
import type { IanaZone } from '../../terms.ts';
import type { CellValue, NumberFormat } from './cell-types.ts';
import { localText, localWallDate } from './cell-values.ts';

/** What a figure measures, which fixes how it is rounded and written. */
export type FigureUnit = 'percent' | 'points' | 'share' | 'coverage' | 'duration' | 'count' | 'rate' | 'text';

const round = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  // Half away from zero, as spreadsheets round for display; the epsilon absorbs binary noise
  // (99.9995 is 99.99949999... in binary).
  return (Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-7)) / scale;
};

/** The value a figure is shown with: rounded to its unit's precision; null stays null. */
export function shownValue(unit: FigureUnit, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  switch (unit) {
    case 'percent':
    case 'points':
      return round(value, 3);
    case 'share':
      return round(value, 3);
    case 'coverage':
      return Math.floor(value * 1000 + 1e-7) / 1000;
    case 'duration':
      return Math.round(value / 60 + 1e-9);
    case 'count':
      return Math.round(value);
    case 'rate':
      return round(value, 2);
    default:
      return value;
  }
}

/**
 * Burn rates above this read as "> 100×" (a budget spent within the month's first 7 hours): past it
 * the digits tell a manager nothing more, and they would not fit the column.
 */
export const RATE_CAP = 100;

/** Minutes as `h:mm` (30:15 is thirty hours and fifteen minutes). */
function hoursMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(minutes);
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A figure as text (PDF, e-mail, subject); `none` when there is no value. (Default: `n/a`) */
export function figureText(unit: FigureUnit, value: number | null, none = 'n/a'): string {
  const shown = shownValue(unit, value);
  if (shown === null) return none;
  switch (unit) {
    case 'percent':
      return `${shown.toFixed(3)}%`;
    case 'points':
      return `${shown > 0 ? '+' : shown < 0 ? '-' : ''}${Math.abs(shown).toFixed(3)} pp`;
    case 'share':
    case 'coverage':
      return `${(shown * 100).toFixed(1)}%`;
    case 'duration':
      return hoursMinutes(shown);
    case 'count':
      return shown.toLocaleString('en-US');
    case 'rate':
      return shown > RATE_CAP ? `> ${RATE_CAP}×` : `${shown.toFixed(2)}×`;
    default:
      return String(shown);
  }
}

/**
 * A budget left as text: `1:20 left`, or `2:05 over budget` once more than the budget is spent,
 * read from the warehouse's own figure of the downtime beyond the budget (`overSeconds`:
 * `sla_burn.period_over_budget_seconds`), never a negative duration (a spreadsheet shows `###`).
 */
export function budgetLeftText(
  remainingSeconds: number | null,
  overSeconds: number | null,
  none = 'n/a',
): string {
  if (overSeconds !== null && overSeconds > 0) return `${figureText('duration', overSeconds)} over budget`;
  const shown = shownValue('duration', remainingSeconds);
  if (shown === null) return none;
  return `${figureText('duration', Math.max(remainingSeconds ?? 0, 0))} left`;
}

/**
 * How much of an error budget is used, in a manager's unit: `18.1% of the error budget used`, and
 * past 100 % the hours over it (`3:25 over budget`), never `3076.6%` (issue 41). `overSeconds` is
 * the warehouse's figure of the downtime beyond the budget (`figures.over_budget_seconds`).
 */
export function budgetUseText(
  used: number | null,
  overSeconds: number | null,
  none = 'no error budget',
): string {
  if (used === null) return none;
  if (overSeconds === null || overSeconds <= 0)
    return `${figureText('share', used)} of the error budget used`;
  return `${figureText('duration', overSeconds)} over budget (the whole error budget spent)`;
}

/** The workbook number format of each unit. */
export const UNIT_FORMAT: Readonly<Record<FigureUnit, NumberFormat | undefined>> = {
  percent: 'percent',
  points: 'points',
  share: 'percent1',
  coverage: 'percent1',
  duration: 'duration',
  count: 'count',
  rate: 'rate',
  text: undefined,
};

/** A figure as a typed workbook cell value (to be written with `UNIT_FORMAT[unit]`). */
export function figureCell(unit: FigureUnit, value: number | string | null): CellValue {
  if (value === null || typeof value === 'string') return value;
  const shown = shownValue(unit, value);
  if (shown === null) return null;
  switch (unit) {
    case 'percent':
      // In thousandths of a percent, divided once: 99.9 / 100 is 0.9990000000000001 in binary,
      // which a spreadsheet shows in its formula bar (issue 41).
      return Math.round(shown * 1000) / 100_000;
    case 'duration':
      // Whole minutes as a fraction of a day, the unit of an `[h]:mm` cell.
      return shown / 1440;
    default:
      return shown;
  }
}

/** A figure as a CSV field, in the unit its column name ends with (`_pct` 0-100, `_min`, `_pp`). */
export function figureCsv(unit: FigureUnit, value: number | string | null): number | string | null {
  if (value === null || typeof value === 'string') return value;
  const shown = shownValue(unit, value);
  if (shown === null) return null;
  if (unit === 'share' || unit === 'coverage') return round(shown * 100, 1);
  return shown;
}

/**
 * An instant as the account's wall clock to the minute (`2025-10-25 14:30`), as text; `none` when
 * there is none. Instants are cut to the minute, never rounded up: a budget that runs out at 14:30:59
 * has run out by 14:30.
 */
export function instantText(instant: Date | null, zone: IanaZone, none = 'n/a'): string {
  return instant === null ? none : localText(instant, zone).slice(0, 16);
}

/** An instant as a workbook cell: the local wall clock cut to the minute (format `datetimeMinutes`). */
export function instantCell(instant: Date | null, zone: IanaZone): Date | null {
  if (instant === null) return null;
  const wall = localWallDate(instant, zone).getTime();
  return new Date(wall - (wall % 60_000));
}

/** The SLA statuses of `uptrends.sla_status`: a word always, colour only beside it. */
export type SlaStatus = 'Met' | 'At risk' | 'Missed';

/** What the data behind a figure is, in words: `Complete`, `Incomplete (13.1% covered)`, `No data`. */
export function dataWord(state: string | null, coverage: number | null): string {
  if (state === 'no data' || state === null) return 'No data';
  if (state === 'incomplete') return `Incomplete (${figureText('coverage', coverage)} covered)`;
  return 'Complete';
}

/** A status cell: the SLA status, or why there is none (the data word). */
export function statusWord(status: string | null, state: string | null, coverage: number | null): string {
  if (state === 'complete' && status !== null) return status;
  return dataWord(state, coverage);
}

/** The Summary's and the PDF's opening line about the data behind the report. */
export function coverageLine(state: string | null, coverage: number | null): string {
  if (state === 'complete') return 'Complete: every monitored hour of the period was read.';
  if (state === 'incomplete')
    return `Incomplete: ${figureText('coverage', coverage)} of the monitored time was read from Uptrends. Figures marked Incomplete are not judged against the SLA; run a sync (backfill) of the missing days.`;
  return 'No data: nothing of this period was read from Uptrends. No figure here is judged against the SLA.';
}

/**
 * A figure of an earlier period beside this one: its value, and "(incomplete, 13.1% covered)"
 * when that period was read only in part, so nobody compares against it unawares.
 */
export function previousText(
  unit: FigureUnit,
  value: number | null,
  state: string | null,
  coverage: number | null,
): string {
  if (state === 'no data' || state === null) return 'no data';
  const text = figureText(unit, value);
  return state === 'incomplete' ? `${text} (incomplete, ${figureText('coverage', coverage)} covered)` : text;
}

/** Both sides of a comparison: a figure of this period and of the previous one, with their data. */
export interface Comparison {
  readonly unit: FigureUnit;
  readonly current: number | null;
  readonly previous: number | null;
  readonly currentState: string | null;
  readonly previousState: string | null;
  readonly previousCoverage: number | null;
  /** True when a higher value is better (uptime), false when lower is better (downtime). */
  readonly higherIsBetter: boolean;
  /** The change as the warehouse gives it (uptime's change_pp); else the difference as shown. */
  readonly change?: number | null;
}

/**
 * "▲ 0.120 pp, better": the direction, size and meaning of a change, of the values as shown (so
 * the change is the difference of the two numbers the reader sees). Drawn only between two
 * complete periods, as `uptrends.figures` draws change_pp: against a period read in part it says
 * so instead.
 */
export function comparisonText(c: Comparison): string {
  if (c.previousState !== 'complete') {
    return c.previousState === 'incomplete'
      ? `previous period incomplete (${figureText('coverage', c.previousCoverage)} covered): no comparison`
      : 'no data for the previous period';
  }
  if (c.currentState !== 'complete') return 'this period is not complete: no comparison';
  const current = shownValue(c.unit, c.current);
  const previous = shownValue(c.unit, c.previous);
  if (current === null || previous === null) return 'no previous figure';
  // Shown values are already in the unit's steps (whole minutes, counts, thousandths of a percent).
  const delta =
    c.unit === 'percent' || c.unit === 'points' || c.unit === 'share' || c.unit === 'coverage'
      ? round(c.change ?? current - previous, 3)
      : current - previous;
  if (delta === 0) return '= unchanged';
  const size =
    c.unit === 'percent'
      ? figureText('points', Math.abs(delta)).replace('+', '')
      : c.unit === 'duration'
        ? `${figureText('duration', Math.abs(delta) * 60)} (h:mm)`
        : figureText(c.unit, Math.abs(delta));
  const better = delta > 0 === c.higherIsBetter;
  return `${delta > 0 ? '▲' : '▼'} ${size}, ${better ? 'better' : 'worse'}`;
}
