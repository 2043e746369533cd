/**
 * The rig of the sync tests: a simulator, a fresh warehouse of the file's own (PGlite on disk, so
 * a child could open it too), and `runSync` between them in process, on the simulator's clock.
 * Registers its set-up and tear-down in the calling file:
 *   const rig = simulatedSyncRig({ seed: 7, monitors: 25, days: 10, now: NOW });
 *   const summary = await rig.sync({ streams: ['monitors'] });
 *   const rows = await rig.inspect((db) => sql`...`.execute(db));
 * With a `baseline`, every `it` starts from the same state without depending on another `it`: the
 * baseline runs once, then each test gets its own copy of the warehouse it left and a simulator
 * started afresh from the same options (a moved clock, a removed monitor or a fault does not leak).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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
import { simulatorEnv } from './reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** What a sync test file gets. */
export interface SimulatedSyncRig {
  readonly sim: RunningSimulator;
  readonly tdb: TestDatabase;
  /** The configuration that points the tool at the simulator and the warehouse (`env` added). */
  config(env?: Record<string, string>): Config;
  /** One in-process sync: the defaults, the rig's options, then `options`. */
  sync(options?: Partial<SyncOptions>, target?: SyncTarget): Promise<SyncSummary>;
  /** Opens the warehouse (or `tdb`), runs `fn`, and closes it again (so a child process can open it). */
  readonly inspect: <T>(
    fn: (db: TestDatabase['warehouse']['db']) => Promise<T>,
    tdb?: TestDatabase,
  ) => Promise<T>;
}

/** Where one sync goes, when not the rig's warehouse with the rig's credentials. */
export interface SyncTarget {
  /** Another warehouse (say, a clean one to compare with). */
  readonly tdb?: TestDatabase;
  /** Overrides the rig's `infra` for this sync (false: no Infra credentials). */
  readonly infra?: boolean;
}

/** How the rig's syncs run. */
export interface SimulatedSyncOptions {
  /** Options every sync of the file starts from (before each call's own). */
  readonly sync?: Partial<SyncOptions>;
  /** The HTTP client's retry and timeouts (short ones keep fault tests quick). */
  readonly clientOptions?: RunSyncDeps['clientOptions'];
  /** The configuration carries the Infra API's address and credentials. (Default: false) */
  readonly infra?: boolean;
  /** The state every test starts from; see the header. */
  readonly baseline?: (rig: SimulatedSyncRig) => Promise<void>;
  /** Each test gets its own empty warehouse and simulator (as with a baseline that does nothing). */
  readonly perTest?: boolean;
}

/** Registers the file's simulator and warehouse; see the header. */
export function simulatedSyncRig(
  simulator: SimulatorOptions,
  options: SimulatedSyncOptions = {},
): SimulatedSyncRig {
  let sim: RunningSimulator | undefined;
  let tdb: TestDatabase | undefined;
  let base: TestDatabase | undefined;
  const perTest = options.perTest === true || options.baseline !== undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
    sim = await startSimulator(simulator);
    if (!perTest) return;
    await options.baseline?.(rig);
    [base, tdb] = [tdb, undefined];
    await sim.close();
    sim = undefined;
    // A baseline may be long (a year's backfill, a hundred nights): the test time it saves.
  }, 600_000);
  if (perTest) {
    beforeEach(async () => {
      tdb = await base!.copy();
      await tdb.release();
      sim = await startSimulator(simulator);
    });
    afterEach(async () => {
      await sim?.close();
      await tdb?.drop();
      [sim, tdb] = [undefined, undefined];
    });
  }
  afterAll(async () => {
    await sim?.close();
    await tdb?.drop();
    await base?.drop();
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
      return loadConfig({ ...tdb.env, ...simulatorEnv(sim, options.infra ?? false), ...env });
    },
    sync(more = {}, target = {}) {
      const { sim } = ready();
      const infra = target.infra ?? options.infra ?? false;
      return runSync(
        loadConfig({ ...(target.tdb ?? ready().tdb).env, ...simulatorEnv(sim, infra) }),
        { ...DEFAULT_SYNC_OPTIONS, ...options.sync, ...more },
        {
          logger: silentLogger(),
          clock: () => sim.truth.now(),
          ...(options.clientOptions === undefined ? {} : { clientOptions: options.clientOptions }),
        },
      );
    },
    inspect: async (fn, other) => {
      const tdb = other ?? ready().tdb;
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
