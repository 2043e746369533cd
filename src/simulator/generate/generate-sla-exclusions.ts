/**
 * Exclusion periods that fall where they matter: inside the generated months, over an incident,
 * over DisableMonitoring maintenance, and across a DST change when the history holds one. Added
 * after the timeline is drawn (exclusions change no check, incident or statistics bucket: only the
 * SLA overview leaves their time out), with ids after the random ones of generateSlas, so every
 * other part of a seed's dataset stays as it was.
 *
 * Per SLA definition i: one exclusion over an incident of a Production monitor (from the hour
 * before its start to two hours after its start), one over a DisableMonitoring occurrence widened
 * by an hour on each side, so together they overlap incidents and maintenance; and the first
 * definition also excludes the six real hours around the first DST change in the history. From and
 * Until are account-local wall clocks on whole hours, as the service sends them.
 */
import { utcToLocal } from '../sim-calendar.ts';
import type { IanaZone } from '../../terms.ts';
import type { SimMonitor, SimSla, Timeline } from '../dataset.ts';
import { seededRandom } from '../seeded-random.ts';

const HOUR = 3600;

interface Bounds {
  readonly historyStartSec: number;
  readonly nowSec: number;
  readonly transitions: readonly number[];
  readonly zone: IanaZone;
}

/** Appends the exclusions to each SLA's list (ids from 601 on). */
export function addSlaExclusions(
  seed: number,
  slas: SimSla[],
  monitors: readonly SimMonitor[],
  timeline: Timeline,
  { historyStartSec, nowSec, transitions, zone }: Bounds,
): void {
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), zone);
  const floorHour = (sec: number): number => sec - (((sec % HOUR) + HOUR) % HOUR);
  // Whole exclusions only: ending at least a day before the clock, starting after history start.
  const fits = (from: number, until: number): boolean => from >= historyStartSec && until <= nowSec - 86_400;
  const incidents: [number, number][] = [];
  for (const m of monitors) {
    if (m.mode !== 'Production') continue;
    for (let k = timeline.monIncOffset[m.index]!; k < timeline.monIncOffset[m.index + 1]!; k++) {
      const from = floorHour(timeline.incStart[k]!) - HOUR;
      if (fits(from, from + 3 * HOUR)) incidents.push([from, from + 3 * HOUR]);
    }
  }
  const pauses: [number, number][] = [];
  for (const m of monitors) {
    for (let k = 0; k + 1 < m.pause.length; k += 2) {
      const from = floorHour(m.pause[k]!) - HOUR;
      const until = floorHour(m.pause[k + 1]! + HOUR - 1) + HOUR;
      if (until - from <= 12 * HOUR && fits(from, until)) pauses.push([from, until]);
    }
  }
  incidents.sort((a, b) => a[0] - b[0]);
  pauses.sort((a, b) => a[0] - b[0]);
  let id = 601;
  slas.forEach((sla, i) => {
    const rng = seededRandom(seed, 'sla-exclusion', i);
    const add = (from: number, until: number, description: string): void => {
      sla.exclusions.push({
        ExclusionPeriodId: id,
        Description: description,
        From: local(from),
        Until: local(until),
        Hash: sla.guid.slice(0, 8) + String(id++),
      });
    };
    const incident = incidents.length > 0 ? incidents[rng.int(0, incidents.length - 1)] : undefined;
    if (incident !== undefined) add(incident[0], incident[1], 'Provider outage (contractual exclusion)');
    const pause = pauses.length > 0 ? pauses[rng.int(0, pauses.length - 1)] : undefined;
    if (pause !== undefined) add(pause[0], pause[1], 'Planned maintenance window');
    const dst = transitions.find((t) => fits(floorHour(t) - 3 * HOUR, floorHour(t) + 3 * HOUR));
    if (i === 0 && dst !== undefined)
      add(floorHour(dst) - 3 * HOUR, floorHour(dst) + 3 * HOUR, 'Datacenter move');
  });
}
