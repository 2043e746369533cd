/**
 * A window read again ends as the service shows it now (issue 40, item 1). Two simulators of the
 * same account whose clocks stand minutes apart serve the same days with alerts moved by minutes:
 * the alerts the second no longer serves go, and the warehouse's incidents of the range are then
 * exactly the second simulator's, none left ongoing that the service closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv } from '../../support/reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const FIRST_NOW = new Date('2026-11-20T10:00:00Z');
// The second clock stands 23 minutes later: the same account, its alerts moved by minutes.
const SECOND_NOW = new Date(FIRST_NOW.getTime() + 23 * 60_000);
const RANGE = { from: '2026-11-05', to: '2026-11-21' };
const OPTIONS = { seed: 7, monitors: 12, days: 30 };

let tdb: TestDatabase;
let first: RunningSimulator;
let second: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  // The syncs open the warehouse themselves (PGlite on disk: one opener at a time).
  await tdb.release();
  first = await startSimulator({ ...OPTIONS, now: FIRST_NOW });
  second = await startSimulator({ ...OPTIONS, now: SECOND_NOW });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await tdb?.drop();
});

async function syncFrom(sim: RunningSimulator, range: { from: string; to: string }): Promise<void> {
  const config = loadConfig({ ...tdb.env, ...simulatorEnv(sim) });
  const summary = await runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, streams: ['monitor_groups', 'monitors', 'alerts'], ...range },
    { logger: silentLogger(), clock: () => sim.truth.now() },
  );
  expect(summary.streams.alerts?.status).toBe('succeeded');
}

interface IncidentView {
  key: string;
  start: string;
  end: string | null;
}

/** The warehouse's incidents that started in [from, to), as `monitor|key`, start and end. */
async function warehouseIncidents(from: Date, to: Date): Promise<IncidentView[]> {
  const rows = await sql<{ monitor: string; key: string; started: Date; ended: Date | null }>`
    select monitor_guid::text as monitor, incident_key as key, started_at as started, ended_at as ended
    from uptrends.incident where started_at >= ${from} and started_at < ${to}
    order by 1, 2`.execute(tdb.warehouse.db);
  return rows.rows.map((r) => ({
    key: `${r.monitor}|${r.key}`,
    start: new Date(r.started).toISOString(),
    end: r.ended === null ? null : new Date(r.ended).toISOString(),
  }));
}

describe('a window read again', () => {
  it('holds exactly the alerts and incidents the service serves now', async () => {
    await syncFrom(first, RANGE);
    await syncFrom(second, RANGE);
    await tdb.reopen();
    // The range's bounds as instants: the simulator's zone is the account's (its truth says so).
    const alerts = second.truth.alerts({ includeReminders: true });
    expect(alerts.length).toBeGreaterThan(0);
    const zone = await sql<{ zone: string }>`select iana_zone as zone from uptrends.account`.execute(
      tdb.warehouse.db,
    );
    expect(zone.rows.length).toBe(1);
    const from = new Date(
      (
        await sql<{
          t: Date;
        }>`select (${RANGE.from}::timestamp at time zone ${zone.rows[0]!.zone}) as t`.execute(
          tdb.warehouse.db,
        )
      ).rows[0]!.t,
    );
    const to = new Date(
      (
        await sql<{
          t: Date;
        }>`select (${RANGE.to}::timestamp at time zone ${zone.rows[0]!.zone}) as t`.execute(tdb.warehouse.db)
      ).rows[0]!.t,
    );
    // Incidents wholly inside the range, as the second service has them at its clock.
    const expected = second.truth
      .incidents()
      .filter((i) => i.startUtc >= from && i.startUtc < to)
      .map((i) => ({
        key: `${i.monitorGuid.toLowerCase()}|${i.incidentKey}`,
        start: i.startUtc.toISOString(),
        end: i.endUtc === null ? null : i.endUtc.toISOString(),
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    expect(expected.length).toBeGreaterThan(0);
    const held = await warehouseIncidents(from, to);
    const ongoing = held.filter((i) => i.end === null);
    expect(ongoing).toEqual(expected.filter((i) => i.end === null));
    expect(held).toEqual(expected);
  });
});
