/**
 * Expands the API's maintenance period definitions (one-time and recurring schedules, in account-local
 * wall-clock time) into concrete UTC intervals within a range. The ETL needs concrete intervals to
 * exclude DisableMonitoring time from uptime; the simulator uses the same function so both agree.
 *
 * Rules (documented in docs/simulator.md):
 * - OneTime: [StartDateTime, EndDateTime) as given; an empty or inverted period yields nothing.
 * - Daily / Weekly / Monthly: one occurrence per matching account-local day, from StartTime to
 *   EndTime; an EndTime at or before StartTime means the occurrence ends on the next day.
 * - Monthly with a MonthDay the month does not have (31 in a 30-day month, 29-31 in February):
 *   that month has no occurrence (we do not move it to the last day; the service does not say).
 * - Occurrences are clipped to the range; overlapping periods are not merged.
 * - Wall-clock times inside a DST gap or overlap follow the policy of `src/time/zone-clock.ts`.
 */
import { type IanaZone, type LocalDate } from '../terms.ts';
import { localFieldsToUtc, localToUtc } from '../time/zone-clock.ts';
import { type Interval } from '../time/intervals.ts';
import { addLocalDays, isoWeekday, localDateOf } from '../time/calendar.ts';
import { weekDayName } from '../time/week-days.ts';

/** One MaintenancePeriod record as the API returns it (irrelevant fields left out). */
export interface MaintenancePeriodDefinition {
  readonly Id: number;
  readonly ScheduleMode: 'OneTime' | 'Daily' | 'Weekly' | 'Monthly' | (string & {});
  readonly MaintenanceType: 'DisableMonitoring' | 'DisableNotifications' | (string & {});
  readonly StartDateTime?: string;
  readonly EndDateTime?: string;
  readonly WeekDay?: string;
  readonly MonthDay?: number;
  readonly StartTime?: string;
  readonly EndTime?: string;
  readonly Description?: string;
}

/** One concrete maintenance interval, half-open [start, end). */
export interface MaintenanceOccurrence {
  id: number;
  maintenanceType: string;
  start: Date;
  end: Date;
}

// ISO weekday 1 (Monday) to 7 (Sunday), as calendar.isoWeekday counts them.

function parseClock(text: string | undefined): { hour: number; minute: number } | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text?.trim() ?? '');
  if (m === null) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : undefined;
}

function dayMatches(period: MaintenancePeriodDefinition, date: LocalDate): boolean {
  switch (period.ScheduleMode) {
    case 'Daily':
      return true;
    case 'Weekly':
      return weekDayName(isoWeekday(date))?.toLowerCase() === period.WeekDay?.toLowerCase();
    case 'Monthly':
      return Number(date.slice(8, 10)) === period.MonthDay;
    default:
      return false;
  }
}

function atLocal(date: LocalDate, clock: { hour: number; minute: number }, zone: IanaZone): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return localFieldsToUtc(
    { year, month, day, hour: clock.hour, minute: clock.minute, second: 0, millisecond: 0 },
    zone,
  );
}

/**
 * Concrete occurrences of `periods` that intersect `range`, clipped to it, sorted by start then id.
 * Definitions with unreadable fields are skipped (the ETL validates records before calling this).
 */
export function expandMaintenancePeriods(
  periods: readonly MaintenancePeriodDefinition[],
  range: Interval,
  zone: IanaZone,
): MaintenanceOccurrence[] {
  const out: MaintenanceOccurrence[] = [];
  const lo = range.start.getTime();
  const hi = range.end.getTime();
  if (!(hi > lo)) return out;
  const push = (period: MaintenancePeriodDefinition, start: number, end: number): void => {
    const s = Math.max(start, lo);
    const e = Math.min(end, hi);
    if (e > s)
      out.push({
        id: period.Id,
        maintenanceType: period.MaintenanceType,
        start: new Date(s),
        end: new Date(e),
      });
  };
  // One day of slack before the range catches an occurrence that started yesterday and runs past midnight.
  const firstDay = addLocalDays(localDateOf(range.start, zone), -1);
  const lastDay = localDateOf(new Date(hi - 1), zone);

  for (const period of periods) {
    if (period.ScheduleMode === 'OneTime') {
      const start = period.StartDateTime === undefined ? undefined : localToUtc(period.StartDateTime, zone);
      const end = period.EndDateTime === undefined ? undefined : localToUtc(period.EndDateTime, zone);
      if (start !== undefined && end !== undefined) push(period, start.getTime(), end.getTime());
      continue;
    }
    const from = parseClock(period.StartTime);
    const to = parseClock(period.EndTime);
    if (from === undefined || to === undefined) continue;
    const overnight = to.hour * 60 + to.minute <= from.hour * 60 + from.minute;
    for (let day = firstDay; day <= lastDay; day = addLocalDays(day, 1)) {
      if (!dayMatches(period, day)) continue;
      const start = atLocal(day, from, zone).getTime();
      const end = atLocal(overnight ? addLocalDays(day, 1) : day, to, zone).getTime();
      push(period, start, end);
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
}
