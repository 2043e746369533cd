/**
 * Plans the windows a windowed stream (alerts, statistics, infra uptime) reads in one run. Pure.
 *
 * - Backfill (`--from/--to` or `--preset`): the range, split into windows of `windowDays`
 *   account-local days (boundaries at local midnights, so DST days are 23 or 25 hours long).
 * - Nightly: from the watermark minus `lookbackDays` (aligned down to local midnight) to now; on the
 *   very first run from `initialDays` before today's midnight. The last window ends at now.
 * Windows are half-open [start, end) and never end after now: the service has nothing later.
 * The API takes whole seconds, so now is cut to its second first: a run in the first second of a
 * local day planned the slice [00:00:00.000, 00:00:00.641), asked for as Start = End and refused
 * with a 400 that failed the stream (seen in CI at 23:00 UTC).
 */
import { addLocalDays, localDateOf, localMidnight } from '../../time/calendar.ts';
import type { Interval } from '../../time/intervals.ts';
import { resolvePresetPeriod } from '../../time/calendar-periods.ts';
import { utcToLocal } from '../../time/zone-clock.ts';
import type { IanaZone, LocalDate, PresetPeriod } from '../../terms.ts';

/** One planned window. */
export interface PlannedWindow extends Interval {
  /** Account-local wall-clock bounds, as the API is asked for them. */
  readonly startLocal: string;
  readonly endLocal: string;
}

/** A run's plan for one stream partition. */
export interface WindowPlan {
  readonly mode: 'nightly' | 'backfill';
  readonly windows: readonly PlannedWindow[];
}

export interface PlanInput {
  zone: IanaZone;
  now: Date;
  watermark?: Date | undefined;
  lookbackDays: number;
  initialDays: number;
  windowDays: number;
  from?: LocalDate | undefined;
  to?: LocalDate | undefined;
  preset?: PresetPeriod | undefined;
  /** Only whole days that have ended (statistics, infra uptime). (Default: false) */
  completedDaysOnly?: boolean;
}

function split(startDate: LocalDate, end: Date, windowDays: number, zone: IanaZone): PlannedWindow[] {
  const windows: PlannedWindow[] = [];
  let day = startDate;
  let start = localMidnight(day, zone);
  while (start < end) {
    const nextDay = addLocalDays(day, windowDays);
    const next = localMidnight(nextDay, zone);
    const stop = next < end ? next : end;
    windows.push({ start, end: stop, startLocal: utcToLocal(start, zone), endLocal: utcToLocal(stop, zone) });
    day = nextDay;
    start = next;
  }
  return windows;
}

/**
 * The same span as `windows`, cut at every local midnight: one window per account-local day (the
 * last may end inside its day, at now). Windows sized for cursor chains re-cut a plan from days.
 */
export function splitDays(windows: readonly PlannedWindow[], zone: IanaZone): PlannedWindow[] {
  const first = windows[0];
  if (first === undefined) return [];
  const days = split(localDateOf(first.start, zone), windows[windows.length - 1]!.end, 1, zone);
  // Plans start at a local midnight; should one not, the first day starts where the plan does.
  if (days[0]!.start.getTime() !== first.start.getTime())
    days[0] = { ...days[0]!, start: first.start, startLocal: first.startLocal };
  return days;
}

/** The instant cut down to its second, the finest bound the API's Start and End can state. */
function wholeSecond(instant: Date): Date {
  const ms = instant.getTime();
  return ms % 1000 === 0 ? instant : new Date(ms - (((ms % 1000) + 1000) % 1000));
}

/** Plans the windows of one partition. */
export function planWindows(input: PlanInput): WindowPlan {
  const { zone } = input;
  const now = wholeSecond(input.now);
  const today = localDateOf(now, zone);
  const cap = input.completedDaysOnly === true ? localMidnight(today, zone) : now;
  if (input.preset !== undefined || input.from !== undefined) {
    let fromDate: LocalDate;
    let end: Date;
    if (input.preset !== undefined) {
      const period = resolvePresetPeriod(input.preset, now, zone);
      fromDate = localDateOf(period.start, zone);
      end = period.end;
      // Sub-day presets (Last2Hours...) start inside a day: read the whole first day, harmless.
    } else {
      fromDate = input.from!;
      end = localMidnight(input.to!, zone);
    }
    const stop = end < cap ? end : cap;
    return { mode: 'backfill', windows: split(fromDate, stop, input.windowDays, zone) };
  }
  const startDate =
    input.watermark === undefined
      ? addLocalDays(today, -input.initialDays)
      : addLocalDays(localDateOf(input.watermark, zone), -input.lookbackDays);
  return { mode: 'nightly', windows: split(startDate, cap, 1, zone) };
}

/**
 * The new watermark after some windows completed: the end of the longest run of completed windows
 * from the first one. A window completed out of order cannot move it past an unfinished one.
 */
export function contiguousEnd(
  windows: readonly Interval[],
  completed: ReadonlySet<number>,
): Date | undefined {
  let end: Date | undefined;
  for (let i = 0; i < windows.length; i++) {
    if (!completed.has(i)) break;
    end = windows[i]!.end;
  }
  return end;
}
