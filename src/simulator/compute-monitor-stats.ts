/**
 * Counts one monitor's checks, errors, uptime and downtime in an interval, arithmetically from the
 * timeline (checks are never materialised). The same function feeds `/Statistics` and the ground
 * truth, so they cannot disagree. Rules (docs/simulator.md, "Statistics"):
 *
 * - Checks run on the grid phase + k * interval during the monitor's life, except inside
 *   DisableMonitoring maintenance; each error adds its immediate re-check.
 * - An incident's first grid check is an unconfirmed error; its re-check and the grid checks until
 *   the OK check are confirmed errors. A blip is one unconfirmed error plus an OK re-check.
 * - Downtime is [FirstError, Ok) clipped to the interval and the clock; it is exactly what the
 *   Error/Ok alerts of the incident imply. Uptime is the rest of the monitored time (life minus
 *   DisableMonitoring maintenance); time before creation, after deactivation or in DisableMonitoring
 *   maintenance is neither up nor down.
 */
import type { Dataset, SimMonitor } from './dataset.ts';

/** Counters of one interval. */
export interface MonitorStats {
  checks: number;
  confirmedErrors: number;
  unconfirmedErrors: number;
  uptimeSeconds: number;
  downtimeSeconds: number;
  /** Error alerts raised in the interval. */
  alerts: number;
}

function gridCount(m: SimMonitor, from: number, to: number): number {
  if (to <= from) return 0;
  const step = m.intervalSec;
  return Math.ceil((to - m.phaseSec) / step) - Math.ceil((from - m.phaseSec) / step);
}

function firstWindow(windows: Float64Array, from: number): number {
  let lo = 0;
  let hi = windows.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid * 2 + 1]! <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function firstAtOrAfter(times: Float64Array, lo: number, hi: number, t: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The counters of monitor `m` in [fromSec, toSec) as seen at clock `nowSec`. */
export function computeMonitorStats(
  ds: Dataset,
  m: SimMonitor,
  fromSec: number,
  toSec: number,
  nowSec: number,
): MonitorStats {
  const out: MonitorStats = {
    checks: 0,
    confirmedErrors: 0,
    unconfirmedErrors: 0,
    uptimeSeconds: 0,
    downtimeSeconds: 0,
    alerts: 0,
  };
  const a = Math.max(fromSec, m.lifeStartSec);
  // Point events (checks) count when they happened at or before the clock; durations end at it.
  const pointEnd = Math.min(toSec, nowSec + 1, m.lifeEndSec);
  const spanEnd = Math.min(toSec, nowSec, m.lifeEndSec);
  if (pointEnd <= a) return out;

  out.checks = gridCount(m, a, pointEnd);
  let paused = 0;
  for (let w = firstWindow(m.pause, a); w < m.pause.length / 2; w++) {
    const ws = m.pause[w * 2]!;
    const we = m.pause[w * 2 + 1]!;
    if (ws >= pointEnd) break;
    out.checks -= gridCount(m, Math.max(ws, a), Math.min(we, pointEnd));
    paused += Math.max(0, Math.min(we, spanEnd) - Math.max(ws, a));
  }

  const t = ds.timeline;
  const incLo = t.monIncOffset[m.index]!;
  const incHi = t.monIncOffset[m.index + 1]!;
  // Incidents do not overlap, so their ends are sorted too: search the first that ends after `a`.
  let i = firstAtOrAfter(t.incEnd, incLo, incHi, a + 1);
  for (; i < incHi; i++) {
    const s = t.incStart[i]!;
    const e = t.incEnd[i]!;
    if (s >= pointEnd) break;
    const confirm = s + m.recheckSec;
    if (s >= a) out.unconfirmedErrors++;
    if (confirm >= a && confirm < pointEnd) {
      out.confirmedErrors++;
      out.checks++;
      out.alerts++;
    }
    out.confirmedErrors += gridCount(m, Math.max(s + 1, a), Math.min(e, pointEnd));
    out.downtimeSeconds += Math.max(0, Math.min(e, spanEnd) - Math.max(s, a));
  }

  const bLo = t.monBlipOffset[m.index]!;
  const bHi = t.monBlipOffset[m.index + 1]!;
  out.unconfirmedErrors +=
    firstAtOrAfter(t.blipTime, bLo, bHi, pointEnd) - firstAtOrAfter(t.blipTime, bLo, bHi, a);
  out.checks +=
    firstAtOrAfter(t.blipTime, bLo, bHi, pointEnd - m.recheckSec) -
    firstAtOrAfter(t.blipTime, bLo, bHi, a - m.recheckSec);

  out.uptimeSeconds = Math.max(0, spanEnd - a - paused - out.downtimeSeconds);
  return out;
}
