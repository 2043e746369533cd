/**
 * How often and how long the monitors of a profile fail (simulator-limits.ts, SIMULATOR_PROFILES):
 * the incident rates drawn per monitor, the duration of a random incident, and the incidents forced
 * around awkward instants (ongoing at `now`, across local midnight, a month start, a DST change).
 *
 * `failure-heavy` is the simulator's original process, kept draw for draw so that every seed's
 * dataset stays what it was. `realistic` draws from the same process with rates and durations of a
 * healthy account (monthly uptimes of about 99.95 % to 99.99 %), forces its awkward incidents only
 * on monitors checked at least every 10 minutes and for minutes rather than hours, and leaves the
 * ongoing incident and the monitors that miss to its stories (profile-realistic.ts).
 */
import type { SimMonitor } from '../dataset.ts';
import type { Random } from '../seeded-random.ts';
import type { SimulatorProfile } from '../simulator-limits.ts';

/** A forced incident: which monitors get it, and how far it reaches before and after its anchor. */
export interface ForcedIncident {
  readonly applies: (m: SimMonitor) => boolean;
  /** How far before the anchor the incident starts, in `unit`s drawn from [min, max]. */
  readonly before: readonly [number, number];
  /** How far after the anchor it ends, in `unit`s drawn from [min, max]. */
  readonly after: readonly [number, number];
  /** Seconds per unit: 1 or 60. */
  readonly unit: number;
}

/** The incident process of one profile. */
export interface IncidentProfile {
  /** Incidents per monitor per day; each monitor draws one. */
  readonly rates: readonly number[];
  /** A random incident's length in seconds (before snapping to the check grid). */
  readonly duration: (rng: Random) => number;
  /** Scales a monitor's drawn rate (a long check interval stretches every incident to it). */
  readonly rateScale: (m: SimMonitor) => number;
  readonly ongoing: ForcedIncident;
  readonly midnight: ForcedIncident;
  readonly monthStart: ForcedIncident;
  readonly dstChange: ForcedIncident;
}

const MIN = 60;

const FAILURE_HEAVY: IncidentProfile = {
  rates: [0.1, 0.2, 0.35, 0.55, 0.7, 1, 1.2, 1.5, 1.9, 2.4, 3.6, 5.5],
  duration: (rng) => {
    const r = rng.next();
    if (r < 0.75) return rng.int(1, 10) * MIN;
    if (r < 0.98) return Math.round(Math.exp(Math.log(600) + rng.next() * Math.log(6))); // 10 min - 1 h
    return Math.round(Math.exp(Math.log(2 * 3600) + rng.next() * Math.log(6))); // 2 h - 12 h
  },
  rateScale: () => 1,
  ongoing: { applies: (m) => m.index % 9 === 4, before: [1200, 6 * 3600], after: [3600, 10 * 3600], unit: 1 },
  midnight: { applies: (m) => m.index % 6 === 1, before: [5, 50], after: [20, 150], unit: MIN },
  monthStart: {
    applies: (m) => m.index % 11 === 2,
    before: [10, 60],
    after: [30, 180],
    unit: MIN,
  },
  dstChange: { applies: (m) => m.index % 7 === 3, before: [30, 90], after: [60, 180], unit: MIN },
};

/** Checked at least every 10 minutes: a forced incident stays minutes long. */
const shortInterval = (m: SimMonitor): boolean => m.intervalSec <= 600;

const REALISTIC: IncidentProfile = {
  rates: [0.01, 0.02, 0.03, 0.05, 0.08],
  duration: (rng) => (rng.next() < 0.85 ? rng.int(1, 6) * MIN : rng.int(8, 20) * MIN),
  // An incident lasts at least one check interval: monitors checked every 30 or 60 minutes fail
  // less often, so their downtime stays in the same range.
  rateScale: (m) => Math.min(1, (5 * MIN) / m.intervalSec),
  ongoing: { applies: () => false, before: [0, 0], after: [0, 0], unit: 1 },
  midnight: {
    applies: (m) => m.index % 6 === 1 && shortInterval(m),
    before: [2, 6],
    after: [3, 10],
    unit: MIN,
  },
  monthStart: {
    applies: (m) => m.index % 11 === 2 && shortInterval(m),
    before: [2, 6],
    after: [3, 10],
    unit: MIN,
  },
  dstChange: {
    applies: (m) => m.index % 7 === 3 && shortInterval(m),
    before: [2, 8],
    after: [3, 10],
    unit: MIN,
  },
};

/** The incident process of `profile`. */
export function incidentProfile(profile: SimulatorProfile | undefined): IncidentProfile {
  return profile === 'realistic' ? REALISTIC : FAILURE_HEAVY;
}
