/**
 * The months of the Trend sheet: the `count` calendar months ending with the month in which the
 * period ends, so a monthly report's trend ends with that very month.
 */
import { localDateOf } from './local-days.ts';
import { monthPeriod, shiftMonth } from './month-period.ts';
import type { ReportPeriod } from './report-input.ts';

/** `count` consecutive local months, oldest first, the last containing the period's last instant. */
export function trendMonths(period: ReportPeriod, count = 12): ReportPeriod[] {
  const lastMonth = localDateOf(period.end.getTime() - 1, period.zone).slice(0, 7);
  const months: ReportPeriod[] = [];
  for (let delta = count - 1; delta >= 0; delta -= 1) {
    months.push(monthPeriod(shiftMonth(lastMonth, -delta), period.zone));
  }
  return months;
}
