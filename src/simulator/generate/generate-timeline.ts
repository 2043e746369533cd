/**
 * Generates the check timeline of every monitor, analytically: incidents (first error on the check
 * grid, confirmed by the immediate re-check, down until the next OK grid check), blips (unconfirmed
 * errors whose re-check was OK) and the alerts they raise. Individual checks are never materialised;
 * statistics count them arithmetically from the grid.
 *
 * Besides a random process, some incidents are placed on purpose: ongoing at `now`, across local
 * midnight, across a month end and across each DST change, so those cases always exist.
 */
import type { SimMonitor, Timeline } from '../dataset.ts';
import { seededRandom, type Random } from '../seeded-random.ts';
import {
  ALERT_DESCRIPTIONS,
  ALERT_ERROR_MESSAGES,
  FIRST_AWKWARD_DESCRIPTION,
  ordinaryDescription,
} from './alert-texts.ts';
import { incidentProfile, type ForcedIncident, type IncidentProfile } from './incident-profiles.ts';

/** Instants the forced incidents are placed around (Unix seconds). */
export interface TimelineAnchors {
  historyStartSec: number;
  horizonEndSec: number;
  nowSec: number;
  reminderIntervalSec: number;
  /** Local midnights inside the history. */
  midnights: number[];
  /** Local first-of-month midnights inside the history. */
  monthStarts: number[];
  /** DST changes between history start and horizon. */
  transitions: number[];
  /** Monitors whose incidents are scripted (a scenario) instead of drawn. (Default: none) */
  scripted?: ReadonlyMap<number, readonly (readonly [number, number])[]> | undefined;
  /** How often and how long monitors fail. (Default: the failure-heavy process) */
  incidents?: IncidentProfile | undefined;
}

const BLIP_RATES = [0.2, 0.5, 1, 1.5];
const DAY = 86_400;

function overlaps(windows: Float64Array, start: number, end: number): boolean {
  let lo = 0;
  let hi = windows.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid * 2 + 1]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < windows.length / 2 && windows[lo * 2]! < end;
}

function incidentsOf(m: SimMonitor, a: TimelineAnchors, rng: Random): [number, number][] {
  if (m.mode !== 'Production' || m.lifeStartSec >= m.lifeEndSec) return [];
  const step = m.intervalSec;
  const snap = (t: number): number => m.phaseSec + Math.ceil((t - m.phaseSec) / step) * step;
  const last = Math.min(m.lifeEndSec, a.horizonEndSec);
  const blocked = (s: number, e: number): boolean =>
    s < m.lifeStartSec ||
    e + step > m.lifeEndSec ||
    overlaps(m.pause, s - step, e + step) ||
    overlaps(m.quiet, s - step, e + step);
  const make = (s: number, e: number): [number, number] => {
    const start = snap(s);
    return [start, Math.max(snap(e), start + step)];
  };

  const p = a.incidents ?? incidentProfile(undefined);
  const forced: [number, number][] = [];
  const pickFrom = (list: number[]): number | undefined => (list.length === 0 ? undefined : rng.pick(list));
  const force = (f: ForcedIncident, at: number): void => {
    forced.push(
      make(at - rng.int(f.before[0], f.before[1]) * f.unit, at + rng.int(f.after[0], f.after[1]) * f.unit),
    );
  };
  if (p.ongoing.applies(m)) force(p.ongoing, a.nowSec);
  const midnight = p.midnight.applies(m) ? pickFrom(a.midnights) : undefined;
  if (midnight !== undefined) force(p.midnight, midnight);
  const monthStart = p.monthStart.applies(m) ? pickFrom(a.monthStarts) : undefined;
  if (monthStart !== undefined) force(p.monthStart, monthStart);
  if (p.dstChange.applies(m)) for (const t of a.transitions) force(p.dstChange, t);
  const kept = forced.filter(([s, e]) => !blocked(s, e)).sort((x, y) => x[0] - y[0]);

  const out: [number, number][] = [];
  const meanGap = DAY / (rng.pick(p.rates) * p.rateScale(m));
  let t = m.lifeStartSec;
  for (;;) {
    t += rng.exponential(meanGap);
    const [s, e] = make(t, t + p.duration(rng));
    if (s >= last) break;
    t = e + step;
    if (blocked(s, e)) continue;
    // Keep two check intervals of OK between a random incident and a forced one.
    if (kept.some(([fs, fe]) => s < fe + 2 * step && e > fs - 2 * step)) continue;
    out.push([s, e]);
  }
  return [...out, ...kept].sort((x, y) => x[0] - y[0]);
}

function blipsOf(m: SimMonitor, a: TimelineAnchors, incidents: [number, number][], rng: Random): number[] {
  const step = m.intervalSec;
  const last = Math.min(m.lifeEndSec, a.horizonEndSec);
  const out: number[] = [];
  const meanGap = DAY / rng.pick(BLIP_RATES);
  let k = 0;
  let t = m.lifeStartSec;
  for (;;) {
    t += rng.exponential(meanGap);
    const b = m.phaseSec + Math.ceil((t - m.phaseSec) / step) * step;
    if (b >= last) break;
    while (k < incidents.length && incidents[k]![1] + step <= b) k++;
    const inc = incidents[k];
    if (inc !== undefined && inc[0] - step <= b) continue;
    if (overlaps(m.pause, b - step, b + step)) continue;
    out.push(b);
    t = b;
  }
  return out;
}

/** Builds the columnar timeline of all monitors. */
export function generateTimeline(seed: number, monitors: SimMonitor[], anchors: TimelineAnchors): Timeline {
  const inc = {
    start: [] as number[],
    end: [] as number[],
    mon: [] as number[],
    desc: [] as number[],
    msg: [] as number[],
  };
  const blips: number[] = [];
  const al = { time: [] as number[], inc: [] as number[], kind: [] as number[] };
  const monIncOffset = new Uint32Array(monitors.length + 1);
  const monBlipOffset = new Uint32Array(monitors.length + 1);
  const monAlertOffset = new Uint32Array(monitors.length + 1);
  const ri = anchors.reminderIntervalSec;

  for (const m of monitors) {
    const rng = seededRandom(seed, 'timeline', m.index);
    const incidents =
      anchors.scripted?.get(m.index)?.map(([s, e]): [number, number] => [s, e]) ??
      incidentsOf(m, anchors, rng);
    for (const [s, e] of incidents) {
      const id = inc.start.length;
      inc.start.push(s);
      inc.end.push(e);
      inc.mon.push(m.index);
      inc.desc.push(
        rng.chance(0.04)
          ? rng.int(FIRST_AWKWARD_DESCRIPTION, ALERT_DESCRIPTIONS.length - 1)
          : ordinaryDescription(m.type, rng.int(0, FIRST_AWKWARD_DESCRIPTION - 1)),
      );
      inc.msg.push(rng.chance(0.3) ? rng.int(0, ALERT_ERROR_MESSAGES.length - 1) : -1);
      const confirm = s + m.recheckSec;
      al.time.push(confirm);
      al.inc.push(id);
      al.kind.push(0);
      for (let r = confirm + ri; r < e; r += ri) {
        al.time.push(r);
        al.inc.push(id);
        al.kind.push(1);
      }
      al.time.push(e);
      al.inc.push(id);
      al.kind.push(2);
    }
    for (const b of blipsOf(m, anchors, incidents, rng)) blips.push(b);
    monIncOffset[m.index + 1] = inc.start.length;
    monBlipOffset[m.index + 1] = blips.length;
    monAlertOffset[m.index + 1] = al.time.length;
  }
  return {
    incStart: Float64Array.from(inc.start),
    incEnd: Float64Array.from(inc.end),
    incMonitor: Uint32Array.from(inc.mon),
    incDesc: Uint16Array.from(inc.desc),
    incMsg: Int16Array.from(inc.msg),
    monIncOffset,
    blipTime: Float64Array.from(blips),
    monBlipOffset,
    alertTime: Float64Array.from(al.time),
    alertInc: Uint32Array.from(al.inc),
    alertKind: Uint8Array.from(al.kind),
    monAlertOffset,
  };
}
