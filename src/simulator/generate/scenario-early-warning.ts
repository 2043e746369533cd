/**
 * The opt-in `early-warning` scenario (`--scenario early-warning`): two monitors whose outages are
 * scripted over one calendar month, so the SLA early warning (docs/reports.md, "Early warning") has
 * something to find, and tests can replay the month day by day against a known story:
 *
 * - **Checkout API** (the one that burns): a 5-minute outage every other day up to the 14th, then
 *   15 minutes a day up to the 20th, 25 minutes a day up to the 23rd and 45 minutes a day from the
 *   24th to the month end. At its 99.5 % target (about 223 minutes of budget in a 31-day month) it
 *   goes from ok to watch around the 18th, at risk around the 22nd and breached on the 24th.
 * - **Search API** (the one that recovers): an hour down on each of the 3rd, 4th and 5th, then
 *   nothing: at risk on the 4th and 5th, watch while those days are in its 7-day window, ok from the
 *   12th, and the month met at about 99.6 %.
 *
 * The month is the last calendar month that ended before the clock's day; every outage starts at
 * 10:00 local time (on the check grid). The two monitors are the account's last two, made
 * Production, active, checked every 5 minutes, without maintenance, older than the history, held to
 * the SLA "Webshop peak season" (statistics SlaTarget 99.5), and moved out of every group but All
 * Monitors into a group of their own, "Checkout". Without the scenario nothing here runs, so the
 * datasets of every seed stay what they were.
 */
import { ConfigError } from '../../errors.ts';
import type { IanaZone } from '../../terms.ts';
import {
  addLocalDays,
  addMonths,
  daysBetween,
  localDateOf,
  localMidnight,
  localToUtc,
  utcToLocal,
} from '../sim-calendar.ts';
import type { SimGroup, SimMonitor } from '../dataset.ts';
import { deterministicGuid } from '../seeded-random.ts';
import { quotaOnDay } from './generate-groups.ts';

/** Names of the scenario's monitors and group. */
export const EARLY_WARNING_NAMES = {
  burning: 'Checkout API',
  recovering: 'Search API',
  group: 'Checkout',
} as const;

/** Index into the dataset's SLA list of the SLA the two monitors are held to (99.5 %). */
const SLA_INDEX = 3;

const INTERVAL_SEC = 300;

/** Minutes down on each day of the month (1-based), for the burning monitor. */
function burningMinutes(day: number): number {
  if (day <= 14) return day % 2 === 0 ? 5 : 0;
  if (day <= 20) return 15;
  if (day <= 23) return 25;
  return 45;
}

/** Minutes down on each day of the month, for the recovering monitor. */
function recoveringMinutes(day: number): number {
  return day >= 3 && day <= 5 ? 60 : 0;
}

/** What the scenario changed: the scripted incidents by monitor index, and its month. */
export interface EarlyWarningScript {
  /** Monitor index -> incidents [start, end) in Unix seconds, oldest first. */
  readonly incidents: ReadonlyMap<number, readonly (readonly [number, number])[]>;
  /** The scripted month, `yyyy-MM`. */
  readonly month: string;
}

/** The last calendar month that ended before the local day of `nowSec`. */
export function earlyWarningMonth(nowSec: number, zone: IanaZone): string {
  return addMonths(localDateOf(new Date(nowSec * 1000), zone).slice(0, 7), -1);
}

/**
 * Applies the scenario to a generated account (monitors and groups are changed in place) and
 * returns the incidents the timeline takes for its two monitors instead of random ones.
 */
export function applyEarlyWarningScenario(
  seed: number,
  monitors: SimMonitor[],
  groups: SimGroup[],
  window: { readonly historyStartSec: number; readonly nowSec: number; readonly zone: IanaZone },
): EarlyWarningScript {
  const { zone } = window;
  const month = earlyWarningMonth(window.nowSec, zone);
  const first = `${month}-01`;
  const next = `${addMonths(month, 1)}-01`;
  // The 7-day windows of the month's first days look a week back.
  if (localMidnight(addLocalDays(first, -7), zone).getTime() / 1000 < window.historyStartSec) {
    throw new ConfigError(
      `simulator: the early-warning scenario scripts ${month}; the history (days) must reach back to ${addLocalDays(first, -7)}.`,
      { context: { option: 'days' } },
    );
  }
  if (monitors.length < 2) {
    throw new ConfigError('simulator: the early-warning scenario needs at least 2 monitors.', {
      context: { option: 'monitors' },
    });
  }
  const burning = monitors[monitors.length - 2]!;
  const recovering = monitors[monitors.length - 1]!;
  const created = window.historyStartSec - 400 * 86_400;
  for (const [m, name] of [
    [burning, EARLY_WARNING_NAMES.burning],
    [recovering, EARLY_WARNING_NAMES.recovering],
  ] as const) {
    Object.assign(m, {
      name,
      mode: 'Production',
      isActive: true,
      intervalSec: INTERVAL_SEC,
      phaseSec: m.phaseSec % INTERVAL_SEC,
      lifeStartSec: window.historyStartSec,
      lifeEndSec: Number.POSITIVE_INFINITY,
      slaIndex: SLA_INDEX,
      maintenance: [],
      pause: new Float64Array(0),
      quiet: new Float64Array(0),
    });
    Object.assign(m.wire, {
      Name: name,
      MonitorMode: 'Production',
      IsActive: true,
      GenerateAlert: true,
      CheckInterval: INTERVAL_SEC / 60,
      CreatedDate: utcToLocal(new Date(created * 1000), zone),
    });
  }
  const moved = new Set([burning.index, recovering.index]);
  for (const g of groups) {
    if (!g.isAll) g.members = g.members.filter((i) => !moved.has(i));
  }
  const group: SimGroup = {
    index: groups.length,
    guid: deterministicGuid(seed, 'group', groups.length),
    description: EARLY_WARNING_NAMES.group,
    isAll: false,
    members: Uint32Array.from([burning.index, recovering.index].sort((a, b) => a - b)),
    slaIndex: -1,
    isQuotaUnlimited: false,
    quota: { basic: 0, browser: 0, transaction: 0, api: 0, classic: 0 },
  };
  const used = quotaOnDay(seed, group, monitors, 'quota');
  group.quota = {
    basic: used.basic + 10,
    browser: used.browser + 5,
    transaction: used.transaction + 5,
    api: used.api + 5,
    classic: used.classic + 20,
  };
  groups.push(group);

  const days = daysBetween(first, next);
  const script = (m: SimMonitor, minutes: (day: number) => number): (readonly [number, number])[] => {
    const out: (readonly [number, number])[] = [];
    for (let day = 1; day <= days; day++) {
      const down = minutes(day);
      if (down === 0) continue;
      const date = addLocalDays(first, day - 1);
      const at = localToUtc(`${date}T10:00:00`, zone)!.getTime() / 1000;
      // On the check grid: the first error is a grid check, the Ok the grid check `down` later.
      const start = m.phaseSec + Math.ceil((at - m.phaseSec) / INTERVAL_SEC) * INTERVAL_SEC;
      out.push([start, start + down * 60]);
    }
    return out;
  };
  return {
    month,
    incidents: new Map([
      [burning.index, script(burning, burningMinutes)],
      [recovering.index, script(recovering, recoveringMinutes)],
    ]),
  };
}
