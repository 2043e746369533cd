/**
 * The elapsed part of a report period. A report of a running period (CurrentMonth) must not count
 * the future as monitored, up time; ongoing incidents end at this window's end.
 */
import type { MsInterval } from './ms-interval.ts';
import type { ReportPeriod } from './report-input.ts';

/** [start, min(end, now)), empty when the period has not started yet. */
export function elapsedWindow(period: ReportPeriod, nowMs: number): MsInterval {
  const start = period.start.getTime();
  return { start, end: Math.max(start, Math.min(period.end.getTime(), nowMs)) };
}
