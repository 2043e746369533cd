/**
 * Generates maintenance periods per monitor (all four ScheduleModes and both MaintenanceTypes across
 * the dataset) and expands them into the merged windows the timeline generator must respect:
 * DisableMonitoring windows have no checks; no incident is placed in any maintenance window.
 */
import type { MaintenancePeriodDefinition } from '../../transform/expand-maintenance-periods.ts';
import { addLocalDays, isoWeekday, localDateOf, localToUtc, utcToLocal } from '../sim-calendar.ts';
import type { IanaZone } from '../../terms.ts';
import type { SimMonitor } from '../dataset.ts';
import { seededRandom, type Random } from '../seeded-random.ts';
import { KNOWN_WEEK_DAYS } from '../../extract/schemas/maintenance-period.ts';

const COMBOS: readonly [
  MaintenancePeriodDefinition['ScheduleMode'],
  MaintenancePeriodDefinition['MaintenanceType'],
][] = [
  ['OneTime', 'DisableMonitoring'],
  ['Daily', 'DisableMonitoring'],
  ['Weekly', 'DisableNotifications'],
  ['Monthly', 'DisableMonitoring'],
  ['OneTime', 'DisableNotifications'],
  ['Daily', 'DisableNotifications'],
  ['Weekly', 'DisableMonitoring'],
  ['Monthly', 'DisableNotifications'],
];

function definition(
  id: number,
  combo: number,
  rng: Random,
  historyStartSec: number,
  nowSec: number,
  zone: IanaZone,
): MaintenancePeriodDefinition {
  const [mode, type] = COMBOS[combo % COMBOS.length]!;
  const base = { Id: id, ScheduleMode: mode, MaintenanceType: type };
  const hh = (h: number, m: number): string => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  switch (mode) {
    case 'OneTime': {
      // Some in the past of the history, some still to come after now.
      const startSec = rng.chance(0.7)
        ? historyStartSec + Math.floor(rng.next() * (nowSec - historyStartSec))
        : nowSec + rng.int(1, 10) * 86_400;
      const rounded = startSec - (startSec % 900);
      const local = (sec: number): string => utcToLocal(new Date(sec * 1000), zone);
      return {
        ...base,
        StartDateTime: local(rounded),
        EndDateTime: local(rounded + rng.int(1, 12) * 900),
        Description: 'Planned release',
      };
    }
    case 'Daily':
      // The first daily window runs over midnight (EndTime before StartTime), the rest within a day.
      return combo === 1
        ? { ...base, StartTime: '23:30', EndTime: '00:15', Description: 'Nightly backup' }
        : { ...base, StartTime: hh(rng.int(1, 5), 0), EndTime: hh(rng.int(5, 6), 30) };
    case 'Weekly':
      return {
        ...base,
        WeekDay: rng.pick(KNOWN_WEEK_DAYS),
        StartTime: hh(rng.int(20, 22), 0),
        EndTime: hh(23, rng.pick([0, 30])),
      };
    default:
      // MonthDay 31 exercises "months without that day have no occurrence".
      return { ...base, MonthDay: combo === 3 ? 31 : rng.int(1, 28), StartTime: '02:00', EndTime: '04:00' };
  }
}

const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * The windows of `periods` within `range`, clipped to it: the simulator's own reading of the
 * schedule modes (spec: MaintenancePeriod), in its own calendar (../sim-calendar.ts). A window whose
 * end time is not after its start time runs past midnight into the next day; Monthly on a day the
 * month does not have has no window that month.
 */
function maintenanceWindows(
  periods: readonly MaintenancePeriodDefinition[],
  range: { start: Date; end: Date },
  zone: IanaZone,
): { type: MaintenancePeriodDefinition['MaintenanceType']; start: Date; end: Date }[] {
  const out: { type: MaintenancePeriodDefinition['MaintenanceType']; start: Date; end: Date }[] = [];
  const clipped = (type: MaintenancePeriodDefinition['MaintenanceType'], start: Date, end: Date): void => {
    const s = Math.max(start.getTime(), range.start.getTime());
    const e = Math.min(end.getTime(), range.end.getTime());
    if (e > s) out.push({ type, start: new Date(s), end: new Date(e) });
  };
  const first = addLocalDays(localDateOf(range.start, zone), -1);
  const last = localDateOf(new Date(range.end.getTime() - 1), zone);
  for (const p of periods) {
    if (p.ScheduleMode === 'OneTime') {
      const start = localToUtc(p.StartDateTime ?? '', zone);
      const end = localToUtc(p.EndDateTime ?? '', zone);
      if (start !== undefined && end !== undefined) clipped(p.MaintenanceType, start, end);
      continue;
    }
    const from = p.StartTime ?? '';
    const to = p.EndTime ?? '';
    const overnight = to <= from;
    for (let day = first; day <= last; day = addLocalDays(day, 1)) {
      const due =
        p.ScheduleMode === 'Daily' ||
        (p.ScheduleMode === 'Weekly' && WEEKDAY_NAMES[isoWeekday(day) - 1] === p.WeekDay?.toLowerCase()) ||
        (p.ScheduleMode === 'Monthly' && Number(day.slice(8, 10)) === p.MonthDay);
      if (!due) continue;
      const start = localToUtc(`${day}T${from}`, zone);
      const end = localToUtc(`${overnight ? addLocalDays(day, 1) : day}T${to}`, zone);
      if (start !== undefined && end !== undefined) clipped(p.MaintenanceType, start, end);
    }
  }
  return out;
}

function mergedWindows(occ: { start: Date; end: Date }[]): Float64Array {
  const merged: number[] = [];
  for (const o of occ.sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const s = o.start.getTime() / 1000;
    const e = o.end.getTime() / 1000;
    const last = merged.length - 1;
    if (last > 0 && s <= merged[last]!) merged[last] = Math.max(merged[last]!, e);
    else merged.push(s, e);
  }
  return Float64Array.from(merged);
}

/**
 * Assigns maintenance periods: monitor i < 8 gets combination i (with fewer monitors, the combinations
 * are dealt round-robin so every kind still exists); about a quarter of the others get one or two.
 */
export function assignMaintenance(
  seed: number,
  monitors: SimMonitor[],
  historyStartSec: number,
  horizonEndSec: number,
  nowSec: number,
  zone: IanaZone,
): void {
  let nextId = 1001;
  const combosFor = (m: SimMonitor, rng: Random): number[] => {
    if (m.index < COMBOS.length) {
      const mine: number[] = [];
      for (let c = m.index; c < COMBOS.length; c += Math.min(monitors.length, COMBOS.length)) mine.push(c);
      return mine;
    }
    if (!rng.chance(0.25)) return [];
    return rng.chance(0.3) ? [rng.int(0, 7), rng.int(0, 7)] : [rng.int(0, 7)];
  };
  const range = { start: new Date(historyStartSec * 1000), end: new Date(horizonEndSec * 1000) };
  for (const m of monitors) {
    const rng = seededRandom(seed, 'maintenance', m.index);
    m.maintenance = combosFor(m, rng).map((combo) =>
      definition(nextId++, combo, rng, historyStartSec, nowSec, zone),
    );
    const occ = maintenanceWindows(m.maintenance, range, zone);
    m.pause = mergedWindows(occ.filter((o) => o.type === 'DisableMonitoring'));
    m.quiet = mergedWindows(occ.filter((o) => o.type === 'DisableNotifications'));
  }
}
