/**
 * The SLA overview end to end: a warehouse synced from the simulator, whose exclusion periods lie
 * over incidents, maintenance and the autumn DST change. The statistics stream reads the days as
 * the service answers them (daily buckets here), so exclusion bounds cut buckets; sla_figures cuts
 * them to the second from the incidents, and every definition's SLA downtime of every monitor
 * equals the simulator's incidents outside that definition's exclusions, worked out here from the
 * ground truth and the exclusions as served (pro rata would miss by the incident time in a cut
 * day that is not spread evenly over it).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';
import { getJson } from '../simulator/sim-http.ts';
import type { ExclusionWire, SlaWire } from '../simulator/wire-types.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const ZONE = 'Europe/Amsterdam';
const OCTOBER: [number, number] = [Date.parse('2025-09-30T22:00:00Z'), Date.parse('2025-10-31T23:00:00Z')];

type Range = [number, number];
/** Length of the union of ranges, in seconds. */
function unionSeconds(ranges: readonly Range[]): number {
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (e <= Math.max(s, end)) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total / 1000;
}
const clip = (r: Range, to: Range): Range | undefined => {
  const c: Range = [Math.max(r[0], to[0]), Math.min(r[1], to[1])];
  return c[1] > c[0] ? c : undefined;
};
const clipAll = (ranges: readonly Range[], to: Range): Range[] =>
  ranges.map((r) => clip(r, to)).filter((r): r is Range => r !== undefined);
/** Seconds of `r` outside every range of `holes`. */
const outside = (r: Range, holes: readonly Range[]): number =>
  (r[1] - r[0]) / 1000 - unionSeconds(clipAll(holes, r));

let sim: RunningSimulator;
let tdb: TestDatabase;
const exclusions = new Map<string, Range[]>();

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, monitors: 10, days: 80, now: NOW });
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  for (const s of await getJson<SlaWire[]>(sim, '/Sla')) {
    const list = await getJson<ExclusionWire[]>(sim, `/Sla/${s.SlaGuid}/ExclusionPeriod`);
    exclusions.set(
      s.SlaGuid,
      list.map((e): Range => [
        localToUtc(String(e.From), ZONE)!.getTime(),
        localToUtc(String(e.Until), ZONE)!.getTime(),
      ]),
    );
  }
  const config = loadConfig({
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
  });
  const summary = await runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, concurrency: 3, from: '2025-09-01', to: '2025-11-19' },
    { logger: silentLogger(), clock: () => sim.truth.now() },
  );
  expect(summary.status).toBe('succeeded');
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

interface Row {
  sla_guid: string;
  monitor_guid: string;
  production: boolean;
  required_seconds: number;
  excluded_seconds: number;
  split_buckets: number;
  downtime_seconds: number;
  data_state: string;
}

describe('SLA overview from a synced warehouse', () => {
  it('leaves out exactly each definition’s exclusions: cut buckets to the second, downtime as the incidents outside them', async () => {
    const warehouse = await tdb.reopen();
    let rows: Row[];
    try {
      rows = (
        await sql<Row>`select f.* from uptrends.account a cross join lateral uptrends.sla_figures(a.account_id,
            array[tstzrange(${new Date(OCTOBER[0])}::timestamptz, ${new Date(OCTOBER[1])}::timestamptz)],
            ${NOW}::timestamptz) f where f.grain = 'monitor'`.execute(warehouse.db)
      ).rows;
    } finally {
      await tdb.release();
    }
    // The exclusions do cut daily buckets (their bounds are not at local midnight).
    expect(rows.some((r) => r.split_buckets > 0)).toBe(true);
    const incidents = sim.truth.incidents();
    let checked = 0;
    let excludedDowntime = 0;
    for (const r of rows) {
      if (!r.production || r.required_seconds !== (OCTOBER[1] - OCTOBER[0]) / 1000) continue;
      const excl = exclusions.get(r.sla_guid)!;
      expect(r.excluded_seconds).toBe(unionSeconds(clipAll(excl, OCTOBER)));
      const own = clipAll(
        incidents
          .filter((i) => i.monitorGuid === r.monitor_guid)
          .map((i): Range => [i.startUtc.getTime(), (i.endUtc ?? NOW).getTime()]),
        OCTOBER,
      );
      const expected = own.reduce((acc, i) => acc + outside(i, excl), 0);
      expect({ sla: r.sla_guid, monitor: r.monitor_guid, down: r.downtime_seconds }).toEqual({
        sla: r.sla_guid,
        monitor: r.monitor_guid,
        down: expected,
      });
      excludedDowntime += own.reduce((acc, i) => acc + (i[1] - i[0]) / 1000, 0) - expected;
      expect(r.data_state).toBe('complete');
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
    // The exclusions did take incident time out somewhere.
    expect(excludedDowntime).toBeGreaterThan(0);
  });
});
