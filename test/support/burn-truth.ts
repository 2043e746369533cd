/**
 * The early warning computed independently of the project, for tests: from the simulator's ground
 * truth incidents (sim.truth.incidents()), with plain date arithmetic for Europe/Amsterdam in the
 * autumn of 2025 (CEST, UTC+2, until 2025-10-26T01:00Z; CET, UTC+1, after), never through src/time,
 * uptrends.figures or uptrends.sla_burn. The rules are the ones docs/reports.md states ("Early
 * warning"), written again here from the text.
 *
 * It holds for the scenario's services only: monitors that live the whole history with no
 * maintenance, whose monitored time is simply the length of a window.
 */
import type { TruthIncident } from '../../src/simulator/ground-truth.ts';

const HOUR = 3_600_000;
const DST_END_2025 = Date.parse('2025-10-26T01:00:00Z');

/** Local midnight in Amsterdam starting y-m-d (autumn 2025 only), as epoch ms. */
export function amsterdamMidnight(y: number, m: number, d: number): number {
  const utc = Date.UTC(y, m - 1, d);
  return utc - 2 * HOUR < DST_END_2025 ? utc - 2 * HOUR : utc - HOUR;
}

/** The local midnight `days` local days before the local midnight `at` (autumn 2025 only). */
function daysBefore(at: number, days: number): number {
  // Local midnight -> its calendar date -> that date minus `days` -> its local midnight.
  const local = new Date(at + (at < DST_END_2025 ? 2 : 1) * HOUR);
  return amsterdamMidnight(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() - days);
}

/** Seconds of [from, to) inside the union of the incidents (ongoing ones run to `now`). */
export function downSeconds(
  incidents: readonly TruthIncident[],
  from: number,
  to: number,
  now: number,
): number {
  const spans = incidents
    .map((i) => [Math.max(i.startUtc.getTime(), from), Math.min(i.endUtc?.getTime() ?? now, to)] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [s, e] of spans) {
    if (e <= reach) continue;
    total += e - Math.max(s, reach);
    reach = e;
  }
  return total / 1000;
}

/** One service: its members' incidents (one list per member) and its target in percent. */
export interface TruthService {
  readonly members: readonly (readonly TruthIncident[])[];
  readonly target: number;
}

/** What the test expects of a service as of an instant. */
export interface TruthBurn {
  readonly budget: number;
  readonly spent: number;
  readonly rate1: number;
  readonly rate3: number;
  readonly rate7: number;
  readonly state: 'ok' | 'watch' | 'at risk' | 'breached';
}

/**
 * The early warning of `service` for the month [monthStart, monthEnd) as of the local midnight
 * `asOf` (every window read in full): group figures add up their members' seconds.
 */
export function truthBurn(
  service: TruthService,
  monthStart: number,
  monthEnd: number,
  asOf: number,
  now: number,
  atRiskWithinDays = 3,
): TruthBurn {
  const n = service.members.length;
  const sum = (from: number, to: number): number =>
    service.members.reduce(
      (total, incidents) => total + downSeconds(incidents, from, to, Math.min(now, asOf)),
      0,
    );
  const e = 1 - service.target / 100;
  const elapsed = ((asOf - monthStart) / 1000) * n;
  const toCome = ((monthEnd - asOf) / 1000) * n;
  const budget = e * (elapsed + toCome);
  const spent = sum(monthStart, asOf);
  const rate = (days: number): number => {
    const from = daysBefore(asOf, days);
    return sum(from, asOf) / (((asOf - from) / 1000) * n) / e;
  };
  const [rate1, rate3, rate7] = [rate(1), rate(3), rate(7)];
  const remaining = budget - spent;
  const horizon = Math.min(atRiskWithinDays * 86_400, toCome / n) * n;
  let state: TruthBurn['state'] = 'ok';
  if (spent > budget + 1e-6) state = 'breached';
  else if (horizon > 0 && Math.min(rate1, rate3) > Math.max(remaining, 0) / (e * horizon)) state = 'at risk';
  else if (spent + rate7 * e * toCome > budget + 1e-6) state = 'watch';
  return { budget, spent, rate1, rate3, rate7, state };
}
