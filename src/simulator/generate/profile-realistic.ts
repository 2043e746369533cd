/**
 * The `realistic` profile's stories (simulator-limits.ts, SIMULATOR_PROFILES): the few things that go
 * wrong in an otherwise healthy account, placed on purpose so that every report has something to
 * show on any day the demo runs. Every other monitor fails now and then (incident-profiles.ts) and
 * meets its SLA. The story monitors are the first Production monitors that live through the whole
 * history and are checked at least every 5 minutes; each is held to the SLA "Gold customers"
 * (99.9 %: about 43 minutes of budget in a 30-day month), and its incidents are these only:
 *
 * | story                  | incidents                                                                 |
 * | ---------------------- | ------------------------------------------------------------------------- |
 * | maintenance            | none; one planned release (OneTime, DisableMonitoring, 2 h) last month    |
 * | breached last month    | 130 min on the 12th and 15 min on the 20th of last month                  |
 * | breached this month    | 20 min last month; 75 min a quarter of the way into this month           |
 * | at risk (fast)         | 10 min each about 2.6, 1.6 and 0.3 days before the clock                  |
 * | at risk (slower)       | 5, 10 and 10 min about 2.4, 1.3 and 0.5 days before the clock             |
 * | watch                  | 85 % of the month's budget in three outages 6.5 to 4.5 days before it      |
 * | ongoing                | 5 min last month; down since 25 minutes before the clock, for 2 hours     |
 *
 * "Last month" and "this month" are the calendar months in the account's zone before and holding the
 * clock. Lengths are whole multiples of 5 minutes, so the check grid keeps them exact. On the first days of a month the stories that count back from the clock reach into the
 * month before: the early warning then shows fewer services at risk.
 */
import { addMonths, localDateOf, localMidnight, localToUtc, utcToLocal } from '../sim-calendar.ts';
import type { IanaZone } from '../../terms.ts';
import type { SimMonitor } from '../dataset.ts';

/** Index into the dataset's SLA list of "Gold customers" (99.9 %). */
const GOLD_SLA_INDEX = 1;
const MIN = 60;
const DAY = 86_400;

/** What the profile changed: the scripted incidents by monitor index. */
export interface RealisticStories {
  readonly incidents: ReadonlyMap<number, readonly (readonly [number, number])[]>;
  /** Monitor index of each story, for tests and docs. */
  readonly monitors: Readonly<Record<StoryName, number>>;
}

export type StoryName =
  | 'maintenance'
  | 'breachedLastMonth'
  | 'breachedThisMonth'
  | 'atRiskFast'
  | 'atRiskSlow'
  | 'watch'
  | 'ongoing';

const STORY_ORDER: readonly StoryName[] = [
  'maintenance',
  'breachedLastMonth',
  'breachedThisMonth',
  'atRiskFast',
  'atRiskSlow',
  'watch',
  'ongoing',
];

/**
 * Gives the stories to the first eligible monitors (changed in place: SLA, maintenance) and returns
 * their incidents; `reserved` monitors (a scenario's) are left alone. With too few eligible monitors
 * the later stories are left out.
 */
export function applyRealisticStories(
  monitors: SimMonitor[],
  window: { readonly historyStartSec: number; readonly nowSec: number; readonly zone: IanaZone },
  reserved: ReadonlySet<number> = new Set(),
): RealisticStories {
  const { nowSec, zone } = window;
  const eligible = monitors.filter(
    (m) =>
      !reserved.has(m.index) &&
      m.mode === 'Production' &&
      m.isActive &&
      m.lifeStartSec <= window.historyStartSec &&
      m.lifeEndSec === Number.POSITIVE_INFINITY &&
      m.intervalSec <= 5 * MIN,
  );
  const thisMonth = localDateOf(new Date(nowSec * 1000), zone).slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  const at = (month: string, day: number, time: string): number =>
    localToUtc(`${month}-${String(day).padStart(2, '0')}T${time}:00`, zone)!.getTime() / 1000;
  const monthStart = localMidnight(`${thisMonth}-01`, zone).getTime() / 1000;
  const intoMonth = monthStart + Math.floor((nowSec - monthStart) / 4);
  const beforeNow = (days: number): number => nowSec - Math.round(days * DAY);
  // Watch: the 7-day rate spends the rest of the budget before the month ends, nothing in the last
  // 3 days (so not at risk), and less than the budget (so not breached).
  const nextMonthStart = localMidnight(`${addMonths(thisMonth, 1)}-01`, zone).getTime() / 1000;
  const budgetMin = ((nextMonthStart - monthStart) * 0.001) / MIN;
  const watchMin = 5 * Math.floor((0.85 * budgetMin) / 5);
  const watchPart = 5 * Math.floor(watchMin / 15);
  const plans: Record<StoryName, readonly (readonly [number, number])[]> = {
    maintenance: [],
    breachedLastMonth: [
      [at(lastMonth, 12, '14:00'), 130],
      [at(lastMonth, 20, '09:00'), 15],
    ],
    breachedThisMonth: [
      [at(lastMonth, 8, '11:00'), 20],
      [intoMonth, 75],
    ],
    atRiskFast: [
      [beforeNow(2.6), 10],
      [beforeNow(1.6), 10],
      [beforeNow(0.3), 10],
    ],
    atRiskSlow: [
      [beforeNow(2.4), 5],
      [beforeNow(1.3), 10],
      [beforeNow(0.5), 10],
    ],
    watch: [
      [beforeNow(6.5), watchMin - 2 * watchPart],
      [beforeNow(5.5), watchPart],
      [beforeNow(4.5), watchPart],
    ],
    ongoing: [
      [at(lastMonth, 17, '03:00'), 5],
      [nowSec - 25 * MIN, 120],
    ],
  };
  const incidents = new Map<number, (readonly [number, number])[]>();
  const chosen: Partial<Record<StoryName, number>> = {};
  STORY_ORDER.forEach((story, i) => {
    const m = eligible[i];
    if (m === undefined) return;
    chosen[story] = m.index;
    m.slaIndex = GOLD_SLA_INDEX;
    const step = m.intervalSec;
    const snap = (t: number): number => m.phaseSec + Math.ceil((t - m.phaseSec) / step) * step;
    incidents.set(
      m.index,
      plans[story]
        .map(([start, minutes]): readonly [number, number] => {
          const s = snap(start);
          return [s, Math.max(snap(s + minutes * MIN), s + step)];
        })
        .sort((a, b) => a[0] - b[0]),
    );
    if (story === 'maintenance') plannedRelease(m, at(lastMonth, 14, '22:00'), zone);
  });
  return { incidents, monitors: chosen as Record<StoryName, number> };
}

/** The profile's one maintenance window: a planned release that pauses monitoring for 2 hours. */
function plannedRelease(m: SimMonitor, startSec: number, zone: IanaZone): void {
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), zone);
  m.maintenance = [
    {
      Id: 1001,
      ScheduleMode: 'OneTime',
      MaintenanceType: 'DisableMonitoring',
      StartDateTime: local(startSec),
      EndDateTime: local(startSec + 2 * 3600),
      Description: 'Planned release',
    },
  ];
  m.pause = Float64Array.from([startSec, startSec + 2 * 3600]);
  m.quiet = new Float64Array(0);
}
