/** Alert extraction options against the simulator: one monitor only (--monitor), and a preset backfill. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { resolvePresetPeriod } from '../../../src/time/calendar-periods.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 21, monitors: 10, days: 60, now: NOW });
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

function run(options: Partial<SyncOptions>) {
  const config = loadConfig({
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
  });
  return runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, ...options },
    { logger: silentLogger(), clock: () => sim.truth.now() },
  );
}

async function alertIds(): Promise<string[]> {
  const warehouse = await tdb.reopen();
  try {
    return (
      await sql<{ id: string }>`select alert_id::text as id from uptrends.alert order by 1`.execute(
        warehouse.db,
      )
    ).rows.map((r) => r.id);
  } finally {
    await tdb.release();
  }
}

describe('alert options', () => {
  it('--monitor reads that monitor alone, through /Alert/Monitor/{guid}', async () => {
    const monitor = sim.truth.incidents()[0]!.monitorGuid.toLowerCase();
    sim.resetCounts();
    await run({ streams: ['alerts'], monitors: [monitor], from: '2025-10-01', to: '2025-11-01' });
    const truth = sim.truth
      .alerts({
        includeReminders: true,
        monitorGuids: [monitor],
        start: new Date('2025-09-30T22:00:00Z'),
        end: new Date('2025-10-31T23:00:00Z'),
      })
      .map((a) => String(a.Id).toLowerCase())
      .sort();
    expect(truth.length).toBeGreaterThan(0);
    expect(await alertIds()).toEqual(truth);
    const routes = Object.keys(sim.requestCounts().byRoute);
    expect(JSON.stringify(routes)).toContain('/Alert/Monitor/');
    expect(JSON.stringify(routes)).not.toContain('/Alert/MonitorGroup/');
  });

  it('a monitor whose statistics answer 404 (deleted meanwhile) is skipped, the others load (bug: it failed the stream)', async () => {
    const monitors = [...new Set(sim.truth.incidents().map((i) => i.monitorGuid.toLowerCase()))].slice(0, 3);
    const gone = monitors[0]!;
    sim.inject({
      match: new RegExp(`/Statistics/Monitor/${gone}`, 'i'),
      times: 10,
      status: 404,
      body: '{"Message":"The monitor could not be found."}',
    });
    try {
      const summary = await run({ streams: ['statistics'], monitors, from: '2025-10-01', to: '2025-10-08' });
      expect(summary.streams.statistics?.status).toBe('succeeded');
    } finally {
      sim.clearInjections();
    }
    const warehouse = await tdb.reopen();
    try {
      const rows = await sql<{
        g: string;
        n: number;
      }>`select monitor_guid::text as g, count(*) as n from uptrends.monitor_statistics group by 1`.execute(
        warehouse.db,
      );
      const loaded = new Map(rows.rows.map((r) => [r.g, r.n]));
      expect(loaded.has(gone)).toBe(false);
      expect(loaded.get(monitors[1]!)).toBe(7);
      expect(loaded.get(monitors[2]!)).toBe(7);
    } finally {
      await tdb.release();
    }
  });

  it('--preset PreviousMonth backfills exactly the previous calendar month in the account zone', async () => {
    await run({ streams: ['timezones', 'monitors', 'monitor_groups', 'alerts'], preset: 'PreviousMonth' });
    const period = resolvePresetPeriod('PreviousMonth', sim.truth.now(), sim.timeZone);
    const truth = sim.truth
      .alerts({ includeReminders: true, start: period.start, end: period.end })
      .map((a) => String(a.Id).toLowerCase());
    // The month must hold alerts, or the loop below would pass without checking anything.
    expect(truth.length).toBeGreaterThan(0);
    const ids = new Set(await alertIds());
    expect(truth.filter((id) => !ids.has(id))).toEqual([]);
    const warehouse = await tdb.reopen();
    try {
      const outside = await sql<{ n: number }>`select count(*) as n from uptrends.alert
        where raised_at < ${period.start} or raised_at >= ${period.end}`.execute(warehouse.db);
      expect(outside.rows[0]?.n).toBe(0);
    } finally {
      await tdb.release();
    }
  });
});
