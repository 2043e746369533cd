/**
 * The rig of the sync tests: a simulator, a fresh warehouse of the file's own (PGlite on disk, so
 * a child could open it too), and `runSync` between them in process, on the simulator's clock.
 * Registers its set-up and tear-down in the calling file:
 *   const rig = simulatedSyncRig({ seed: 7, monitors: 25, days: 10, now: NOW });
 *   const summary = await rig.sync({ streams: ['monitors'] });
 *   const rows = await rig.inspect((db) => sql`...`.execute(db));
 */
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { silentLogger } from '../../src/logger.ts';
import { runSync, type RunSyncDeps } from '../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../src/pipeline/sync-options.ts';
import type { SyncSummary } from '../../src/pipeline/run-sync.ts';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** What a sync test file gets. */
export interface SimulatedSyncRig {
  readonly sim: RunningSimulator;
  readonly tdb: TestDatabase;
  /** The configuration that points the tool at the simulator and the warehouse (`env` added). */
  config(env?: Record<string, string>): Config;
  /** One in-process sync: the defaults, the rig's options, then `options`. */
  sync(options?: Partial<SyncOptions>): Promise<SyncSummary>;
  /** Opens the warehouse, runs `fn`, and closes it again (so a child process can open it). */
  readonly inspect: <T>(fn: (db: TestDatabase['warehouse']['db']) => Promise<T>) => Promise<T>;
}

/** How the rig's syncs run. */
export interface SimulatedSyncOptions {
  /** Options every sync of the file starts from (before each call's own). */
  readonly sync?: Partial<SyncOptions>;
  /** The HTTP client's retry and timeouts (short ones keep fault tests quick). */
  readonly clientOptions?: RunSyncDeps['clientOptions'];
}

/** Registers the file's simulator and warehouse; see the header. */
export function simulatedSyncRig(
  simulator: SimulatorOptions,
  options: SimulatedSyncOptions = {},
): SimulatedSyncRig {
  let sim: RunningSimulator | undefined;
  let tdb: TestDatabase | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
    sim = await startSimulator(simulator);
  });
  afterAll(async () => {
    await sim?.close();
    await tdb?.drop();
  });
  const ready = (): { sim: RunningSimulator; tdb: TestDatabase } => {
    if (sim === undefined || tdb === undefined)
      throw new Error('simulatedSyncRig: used before beforeAll ran');
    return { sim, tdb };
  };
  const rig: SimulatedSyncRig = {
    get sim() {
      return ready().sim;
    },
    get tdb() {
      return ready().tdb;
    },
    config(env = {}) {
      const { sim, tdb } = ready();
      return loadConfig({
        ...tdb.env,
        UPTRENDS_API_URL: sim.apiUrl,
        UPTRENDS_USERNAME: sim.credentials.username,
        UPTRENDS_PASSWORD: sim.credentials.password,
        ...env,
      });
    },
    sync(more = {}) {
      const { sim } = ready();
      return runSync(
        rig.config(),
        { ...DEFAULT_SYNC_OPTIONS, ...options.sync, ...more },
        {
          logger: silentLogger(),
          clock: () => sim.truth.now(),
          ...(options.clientOptions === undefined ? {} : { clientOptions: options.clientOptions }),
        },
      );
    },
    inspect: async (fn) => {
      const { tdb } = ready();
      const warehouse = await tdb.reopen();
      try {
        return await fn(warehouse.db);
      } finally {
        await tdb.release();
      }
    },
  };
  return rig;
}
