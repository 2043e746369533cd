/**
 * Finds the instants where a zone's UTC offset changes (DST starts and ends). The simulator needs
 * them to place incidents across DST changes and to fill DaylightSavingStart/End of `/Timezone`.
 */
import type { IanaZone } from '../terms.ts';
import { zoneOffsetMs } from '../transform/local-time.ts';

/** One offset change: the first instant with the new offset. */
export interface ZoneTransition {
  atMs: number;
  offsetBeforeMs: number;
  offsetAfterMs: number;
}

const STEP_MS = 6 * 3_600_000;
const QUARTER_HOUR_MS = 900_000;

/** Every offset change of `zone` in [fromMs, toMs), in order. */
export function findZoneTransitions(zone: IanaZone, fromMs: number, toMs: number): ZoneTransition[] {
  const out: ZoneTransition[] = [];
  let prev = zoneOffsetMs(fromMs, zone);
  for (let t = fromMs; t < toMs; t += STEP_MS) {
    const next = Math.min(t + STEP_MS, toMs);
    const offset = zoneOffsetMs(next, zone);
    if (offset === prev) continue;
    // Transitions fall on quarter hours: bisect over quarter-hour slots.
    let lo = Math.floor(t / QUARTER_HOUR_MS);
    let hi = Math.ceil(next / QUARTER_HOUR_MS);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMs(mid * QUARTER_HOUR_MS, zone) === prev) lo = mid;
      else hi = mid;
    }
    const atMs = hi * QUARTER_HOUR_MS;
    if (atMs >= fromMs && atMs < toMs) out.push({ atMs, offsetBeforeMs: prev, offsetAfterMs: offset });
    prev = offset;
  }
  return out;
}
