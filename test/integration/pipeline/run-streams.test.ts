/**
 * The streams of one run (src/pipeline/run-streams.ts): the windowed streams read at once, after
 * the list streams; each stream's request count is its own although they share one client; a
 * stream that fails leaves the others' work in place (partial run); a fatal error in one stops the
 * run with that error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { AuthError, PartialRunError } from '../../../src/errors.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv } from '../../support/reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-06-18T09:00:00Z');
const FAST = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50, maxAttempts: 2 },
  timeouts: { headersMs: 5000, bodyMs: 10000 },
};
// In registry order, as the summary lists them.
const STREAMS = ['monitor_groups', 'monitors', 'alerts', 'statistics'];

let sim: RunningSimulator;
const made: TestDatabase[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 17, monitors: 6, days: 40, now: NOW });
});
afterAll(async () => {
  await sim.close();
  for (const tdb of made) await tdb.drop();
});

async function sync(options: Partial<SyncOptions> = {}) {
  const tdb = await createTestDatabase();
  made.push(tdb);
  await tdb.release();
  const config = loadConfig({ ...tdb.env, ...simulatorEnv(sim) });
  return runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, concurrency: 4, initialDays: 30, streams: STREAMS, ...options },
    { logger: silentLogger(), clock: () => sim.truth.now(), clientOptions: FAST },
  );
}

/**
 * A sync of `streams` with the list route `held` answered after a second and a half: when it was
 * answered, and when each alert page was.
 */
async function syncHolding(held: RegExp, streams: string[]) {
  sim.clearInjections();
  const alertsAt: number[] = [];
  let heldAnsweredAt = Infinity;
  sim.inject({ match: held, delayMs: 1500, transform: (body) => ((heldAnsweredAt = Date.now()), body) });
  sim.inject({
    match: '/Alert/MonitorGroup/',
    times: 1000,
    transform: (body) => (alertsAt.push(Date.now()), body),
  });
  const summary = await sync({ streams });
  sim.clearInjections();
  return { summary, alertsAt, heldAnsweredAt };
}

describe('the streams of a run', () => {
  it('reads statistics while an alert window is still waiting for its answer, and counts each stream its own requests', async () => {
    sim.clearInjections();
    sim.resetCounts();
    let alertAnsweredAt = Infinity;
    const statisticsAt: number[] = [];
    // The first alert request is held for a second; statistics requests are timed as answered.
    sim.inject({
      match: '/Alert/MonitorGroup/',
      delayMs: 1000,
      transform: (body) => ((alertAnsweredAt = Date.now()), body),
    });
    sim.inject({
      match: '/Statistics/Monitor/',
      times: 1000,
      transform: (body) => (statisticsAt.push(Date.now()), body),
    });
    const summary = await sync();
    sim.clearInjections();
    expect(summary.status).toBe('succeeded');
    expect(statisticsAt.length).toBeGreaterThan(0);
    // One stream after another would have read every statistic after the last alert.
    expect(Math.min(...statisticsAt)).toBeLessThan(alertAnsweredAt);
    // Each stream's count is its own, though both went through one client at once.
    const counts = sim.requestCounts().byRoute;
    const served = (pattern: RegExp): number =>
      Object.entries(counts)
        .filter(([route]) => pattern.test(route))
        .reduce((sum, [, statuses]) => sum + Object.values(statuses).reduce((a, b) => a + b, 0), 0);
    expect(summary.streams.alerts!.requests).toBe(served(/Alert\/MonitorGroup/));
    expect(summary.streams.statistics!.requests).toBe(served(/Statistics\/Monitor/));
    expect(summary.requests).toBe(sim.requestCounts().total);
    // The summary lists the streams in registry order, whichever finished first.
    expect(Object.keys(summary.streams)).toEqual(STREAMS);
  });

  it('starts the alerts once the All Monitors group is loaded, while a later list stream is still waiting', async () => {
    // The operator list (after monitor_groups in the registry) is held for a second and a half.
    const streams = ['monitor_groups', 'monitors', 'operators', 'alerts'];
    const { summary, alertsAt, heldAnsweredAt } = await syncHolding(/\/Operator$/, streams);
    expect(summary.status).toBe('succeeded');
    expect(summary.streams.operators?.status).toBe('succeeded');
    expect(alertsAt.length).toBeGreaterThan(0);
    // Waiting for every list stream first, no alert would be answered before the operators.
    expect(Math.min(...alertsAt)).toBeLessThan(heldAnsweredAt);
    expect(Object.keys(summary.streams)).toEqual(streams);
  });

  it('reads the monitor groups first, so the alerts do not wait for the time zones or the monitors', async () => {
    const streams = ['monitor_groups', 'timezones', 'monitors', 'alerts'];
    const { summary, alertsAt, heldAnsweredAt } = await syncHolding(/\/Monitor$/, streams);
    expect(summary.status).toBe('succeeded');
    expect(summary.streams.monitors?.records).toBeGreaterThan(0);
    expect(alertsAt.length).toBeGreaterThan(0);
    // With the monitors before the groups, no alert would be answered before the monitor list.
    expect(Math.min(...alertsAt)).toBeLessThan(heldAnsweredAt);
    expect(Object.keys(summary.streams)).toEqual(streams);
  });

  it('stops the windowed streams already running when a later list stream meets a fatal error', async () => {
    sim.clearInjections();
    sim.inject({ match: /\/Operator$/, delayMs: 300, status: 401, body: '{"Message":"Unauthorized"}' });
    const failure = await sync({ streams: ['monitors', 'monitor_groups', 'operators', 'alerts'] }).catch(
      (error: unknown) => error,
    );
    sim.clearInjections();
    expect(failure).toBeInstanceOf(AuthError);
  });

  it('keeps the alerts when statistics fail (partial run)', async () => {
    sim.clearInjections();
    sim.inject({ match: '/Statistics/Monitor/', times: 1000, body: 'not json', status: 200 });
    const failure = await sync().catch((error: unknown) => error);
    sim.clearInjections();
    expect(failure).toBeInstanceOf(PartialRunError);
    const message = (failure as Error).message;
    expect(message).toMatch(/statistics/);
    expect(message).not.toMatch(/alerts \(/);
  });

  it('stops the run with the error when one windowed stream meets a fatal one (credentials refused)', async () => {
    sim.clearInjections();
    sim.inject({ match: '/Statistics/Monitor/', status: 401, body: '{"Message":"Unauthorized"}' });
    const failure = await sync().catch((error: unknown) => error);
    sim.clearInjections();
    expect(failure).toBeInstanceOf(AuthError);
  });
});
