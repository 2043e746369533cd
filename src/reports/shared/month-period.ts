/**
 * Calendar-month report periods in the account zone: the default report (`PreviousMonth`), the
 * Trend sheet's twelve months and the previous period of a monthly report are all months.
 */
import type { IanaZone } from '../../terms.ts';
import { localMidnight } from './local-days.ts';
import type { ReportPeriod } from './report-input.ts';

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
] as const;

/** The month `yyyy-MM` shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The whole local month `yyyy-MM` in `zone`, labelled like `October 2025`. */
export function monthPeriod(month: string, zone: IanaZone): ReportPeriod {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const monthNumber = Number(m?.[2]);
  if (m === null || monthNumber < 1 || monthNumber > 12) throw new RangeError(`not a month: ${month}`);
  return {
    start: new Date(localMidnight(`${month}-01`, zone)),
    end: new Date(localMidnight(`${shiftMonth(month, 1)}-01`, zone)),
    zone,
    label: `${MONTH_NAMES[monthNumber - 1]!} ${m[1]!}`,
  };
}
