/**
 * Syncs of one stream of one monitor whose answer a test writes itself: the simulator serves the
 * test's body for that monitor's one request, and the sync runs in process on a database a child
 * could open too (PGlite on disk). For tests of what the load path does with a given response.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../src/pipeline/sync-options.ts';
import { runSync } from '../../src/pipeline/run-sync.ts';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.ts';
import { simulatorEnv } from './reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The monitor the served bodies are about (not one of the simulator's own). */
export const SERVED_MONITOR = '0b6d2a4e-53c4-4cf0-9d1e-6a1d5e7c0f11';

/** The simulator's clock: served bodies date their records before it. */
export const SERVED_NOW = new Date('2025-11-12T08:00:00Z');

/** One answer the simulator sends in place of its own: `status` (default 200) and the body as text. */
export interface ServedAnswer {
  readonly status?: number;
  readonly body: string;
}

/** What a test file gets: the test's database, and a sync that serves a body. */
export interface ServedSyncRig {
  readonly tdb: TestDatabase;
  /**
   * Syncs `stream` of SERVED_MONITOR over [from, to) while the simulator answers its one request
   * on `route` (e.g. `/Alert/Monitor/`) with `body` (or its requests, in order, with the answers
   * given); expects the stream to end with `expected` (default `succeeded`).
   */
  sync(
    stream: 'alerts' | 'statistics' | 'monitors',
    route: string,
    body: string | readonly ServedAnswer[],
    range: Pick<SyncOptions, 'from' | 'to'>,
    expected?: 'succeeded' | 'failed',
  ): Promise<void>;
}

/** Registers the file's set-up and tear-down (a small simulator; a fresh database per test). */
export function servedSyncRig(): ServedSyncRig {
  let tdb: TestDatabase | undefined;
  let sim: RunningSimulator | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 5, monitors: 2, days: 10, now: SERVED_NOW });
  });
  // Each test reads what its own syncs wrote: a database of its own.
  beforeEach(async () => {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
  });
  afterEach(async () => {
    await tdb?.drop();
    tdb = undefined;
  });
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get tdb(): TestDatabase {
      if (tdb === undefined) throw new Error('servedSyncRig: the database is made before each test');
      return tdb;
    },
    async sync(stream, route, body, range, expected = 'succeeded') {
      const simulator = sim!;
      const answers = typeof body === 'string' ? [{ body }] : body;
      const match = new RegExp(stream === 'monitors' ? route : `${route}${SERVED_MONITOR}`, 'i');
      for (const answer of answers)
        simulator.inject({ match, times: 1, status: answer.status ?? 200, body: answer.body });
      try {
        const config = loadConfig({ ...this.tdb.env, ...simulatorEnv(simulator) });
        const summary = await runSync(
          config,
          { ...DEFAULT_SYNC_OPTIONS, streams: [stream], monitors: [SERVED_MONITOR], ...range },
          { logger: silentLogger(), clock: () => simulator.truth.now() },
        ).catch((error: unknown) => {
          // A run whose only stream failed ends with that stream's error.
          if (expected === 'failed') return { streams: { [stream]: { status: 'failed' } } };
          throw error;
        });
        expect(summary.streams[stream]?.status).toBe(expected);
      } finally {
        simulator.clearInjections();
      }
    },
  };
}
