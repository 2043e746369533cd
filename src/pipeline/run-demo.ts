/**
 * The programmatic `demo`: everything a new user needs to see the tool work, with no account and
 * no configuration. Starts the simulator on a free local port, backfills its whole history into
 * the demo's warehouse, and writes both workbooks and the CSVs for the previous month, and the
 * early warning (the at-risk workbook and PDF) of the month running on the simulator's clock, so a
 * new user sees every report the tool sends.
 *
 * The demo never writes into a warehouse it did not fill itself: a simulated account of 50
 * monitors in the production warehouse would sit beside the real one in every report (issue 32).
 * Its warehouse is the embedded one in the data directory (`DATABASE_URL` is not used), or a
 * Postgres server only when named explicitly (`demo --database-url`); either is used only when it
 * holds no account yet or nothing but what earlier demos loaded. Anything else is refused (exit 2)
 * before the simulator starts.
 */
import type { Logger } from 'pino';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../errors.ts';
import { DEFAULT_SYNC_OPTIONS } from './sync-options.ts';
import type { ProgressSink } from './sync-context.ts';
import { openWarehouse, type Warehouse } from '../load/connection/db.ts';
import { migrate } from '../load/migrate.ts';
import { warehouseLoaders } from '../load/ledgers/run-ledger.ts';
import type { Clock } from '../terms.ts';
import { startSimulator } from '../simulator/start-simulator.ts';
import type { SimulatorProfile } from '../simulator/simulator-limits.ts';
import { findDemoSimulator, recordDemoSimulator } from '../load/ledgers/demo-simulator.ts';
import { runSync, type SyncSummary } from './run-sync.ts';
import { addLocalDays, localDateOf } from '../time/calendar.ts';

/** Where the demo's warehouse is. */
export interface DemoWarehouse {
  /** A Postgres server given explicitly (`demo --database-url`); never `DATABASE_URL`. */
  readonly databaseUrl?: string | undefined;
  /** The embedded warehouse's data directory (used without `databaseUrl`). */
  readonly dataDir: string;
}

export interface DemoOptions {
  /** Folder of the report files. */
  outDir: string;
  monitors: number;
  days: number;
  seed: number;
  /** How the simulated account behaves (the demo's default: realistic). */
  profile: SimulatorProfile;
}

/** What the demo did: the sync, and what `report` made of it. */
export interface DemoRun<R> {
  sync: SyncSummary;
  reports: R;
  warehouse: string;
  /** The simulator clock the account was generated at (an earlier demo's, when one ran here). */
  simulatorClock: Date;
  /** True when an earlier demo into this warehouse had generated the account. */
  simulatorRemembered: boolean;
}

/**
 * Writes the demo's reports from the warehouse it filled, on the simulator's clock. `release`
 * closes the warehouse once the last report's reads are done (the demo's own close at the end is
 * then a no-op): its engine's memory is not held while the last files are drawn.
 */
export type DemoReports<R> = (
  warehouse: Warehouse,
  sync: SyncSummary,
  clock: Clock,
  release: () => Promise<void>,
) => Promise<R>;

/**
 * Refuses (ConfigError, exit 2) a warehouse holding an account no demo run loaded (one only sync,
 * nightly or a worker loaded, or one loaded by hand). An account a demo loaded stays the demo's
 * after `nightly` or `sync` ran on it too (the README's mail section does that).
 */
export async function checkDemoWarehouse(warehouse: Warehouse): Promise<void> {
  const loaders = await warehouseLoaders(warehouse.db);
  if (loaders.accounts === 0 || loaders.notByDemo === 0) return;
  const by = loaders.otherCommands.length > 0 ? ` (loaded by ${loaders.otherCommands.join(', ')})` : '';
  throw new ConfigError(
    `the demo writes only into a warehouse it created: ${warehouse.location} holds ${loaders.accounts} account(s)${by} that no demo loaded, so nothing was written. Run the demo with --data-dir set to a new folder${warehouse.backend === 'postgres' ? ', or --database-url of an empty database' : ''}.`,
    {
      context: {
        setting: warehouse.backend === 'postgres' ? '--database-url' : '--data-dir',
        location: warehouse.location,
      },
    },
  );
}

/**
 * Runs the demo into `target`'s warehouse (the API settings are the simulator's), then `report`
 * while the simulator still runs (src/api/demo-job.ts resolves and writes the reports).
 */
export async function runDemo<R>(
  target: DemoWarehouse,
  options: Omit<DemoOptions, 'outDir'>,
  deps: { logger: Logger; signal?: AbortSignal; progress?: ProgressSink },
  report: DemoReports<R>,
): Promise<DemoRun<R>> {
  const warehouse = await openWarehouse({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    for (const notice of warehouse.notices) deps.logger.warn(notice);
    await checkDemoWarehouse(warehouse);
    deps.logger.info(`demo: preparing the warehouse in ${warehouse.location}`);
    await migrate(warehouse.db);
    const runAt = new Date();
    const wanted = {
      seed: options.seed,
      monitors: options.monitors,
      days: options.days,
      profile: options.profile,
    };
    // The simulator an earlier demo used here, at its clock: the same history, no month changed.
    const remembered = await findDemoSimulator(warehouse.db, wanted);
    const now = remembered?.generatedAt ?? new Date(Math.floor(runAt.getTime() / 60_000) * 60_000);
    deps.logger.info(
      remembered === undefined
        ? `demo: generating a ${options.profile} account of ${options.monitors} monitors and ${options.days} days of history (seed ${options.seed})`
        : `demo: the simulator of the earlier demo in this warehouse (seed ${options.seed}, ${options.profile}, clock ${now.toISOString()})`,
    );
    const sim = await startSimulator({ ...wanted, now });
    try {
      deps.logger.info(`demo: simulator at ${sim.apiUrl}, loading into ${warehouse.location}`);
      const config = loadConfig({
        ...(target.databaseUrl === undefined ? {} : { DATABASE_URL: target.databaseUrl }),
        UPTRENDS_ETL_DATA_DIR: target.dataDir,
        UPTRENDS_API_URL: sim.apiUrl,
        UPTRENDS_USERNAME: sim.credentials.username,
        UPTRENDS_PASSWORD: sim.credentials.password,
        UPTRENDS_INFRA_URL: sim.infraUrl,
        UPTRENDS_INFRA_USERNAME: sim.credentials.infraUsername,
        UPTRENDS_INFRA_PASSWORD: sim.credentials.infraPassword,
      });
      const today = localDateOf(now, sim.timeZone);
      const from = addLocalDays(today, -options.days);
      const to = addLocalDays(today, 1);
      const sync = await runSync(
        config,
        { ...DEFAULT_SYNC_OPTIONS, from, to, windowDays: 7, concurrency: 8 },
        {
          logger: deps.logger,
          signal: deps.signal,
          progress: deps.progress,
          command: 'demo',
          clock: () => sim.truth.now(),
          warehouse,
        },
      );
      if (sync.accountId !== undefined)
        await recordDemoSimulator(warehouse.db, sync.accountId, { ...wanted, generatedAt: now }, runAt);
      const reports = await report(
        warehouse,
        sync,
        () => sim.truth.now(),
        () => warehouse.close(),
      );
      return {
        sync,
        reports,
        warehouse: warehouse.location,
        simulatorClock: now,
        simulatorRemembered: remembered !== undefined,
      };
    } finally {
      await sim.close();
    }
  } finally {
    await warehouse.close();
  }
}
