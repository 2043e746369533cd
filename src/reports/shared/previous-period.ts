/**
 * The period the KPI tiles compare against: the previous calendar month for a monthly report, the
 * same number of local days just before for a day range, the same length before otherwise.
 */
import { addLocalDays, localMidnight } from './local-days.ts';
import { monthPeriod, shiftMonth } from './month-period.ts';
import { periodShape } from './period-shape.ts';
import type { ReportPeriod } from './report-input.ts';

/** The period immediately before `period`, of the same calendar shape. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const shape = periodShape(period);
  if (shape.kind === 'month') return monthPeriod(shiftMonth(shape.month, -1), period.zone);
  if (shape.kind === 'days') {
    const first = addLocalDays(shape.firstDay, -shape.dayCount);
    const last = addLocalDays(shape.firstDay, -1);
    return {
      start: new Date(localMidnight(first, period.zone)),
      end: period.start,
      zone: period.zone,
      label: first === last ? first : `${first} to ${last}`,
    };
  }
  const length = period.end.getTime() - period.start.getTime();
  return {
    start: new Date(period.start.getTime() - length),
    end: period.start,
    zone: period.zone,
    label: `previous ${Math.round(length / 60_000)} minutes`,
  };
}
