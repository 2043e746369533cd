/**
 * The programmatic `demo`: everything a new user needs to see the tool work, with no account and
 * no configuration. Starts the simulator on a free local port, backfills its whole history into
 * the warehouse (embedded PGlite unless DATABASE_URL is set), and writes both workbooks and the
 * CSVs for the previous month.
 */
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { DEFAULT_SYNC_OPTIONS } from './sync-options.ts';
import type { ProgressSink } from './sync-context.ts';
import { openWarehouse } from '../load/db.ts';
import { runReports, type ReportsResult } from '../reports/run-reports.ts';
import { startSimulator } from '../simulator/start-simulator.ts';
import { runSync, type SyncSummary } from './run-sync.ts';
import { addLocalDays, localDateOf } from '../time/calendar.ts';

export interface DemoOptions {
  outDir: string;
  monitors: number;
  days: number;
  seed: number;
}

export interface DemoResult {
  sync: SyncSummary;
  reports: ReportsResult;
  warehouse: string;
}

/** Runs the demo against `base` settings (warehouse location); the API settings are the simulator's. */
export async function runDemo(
  base: Config,
  options: DemoOptions,
  deps: { logger: Logger; signal?: AbortSignal; progress?: ProgressSink },
): Promise<DemoResult> {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const sim = await startSimulator({
    seed: options.seed,
    monitors: options.monitors,
    days: options.days,
    now,
  });
  try {
    deps.logger.info(
      `demo: simulator with ${options.monitors} monitors and ${options.days} days of history at ${sim.apiUrl}`,
    );
    const config = loadConfig({
      ...(base.databaseUrl === undefined ? {} : { DATABASE_URL: base.databaseUrl }),
      UPTRENDS_ETL_DATA_DIR: base.dataDir,
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
      },
    );
    const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const reports = await runReports(
        config,
        warehouse,
        { outDir: options.outDir, period: { preset: 'PreviousMonth' } },
        {
          logger: deps.logger,
          clock: () => sim.truth.now(),
        },
      );
      return { sync, reports, warehouse: warehouse.location };
    } finally {
      await warehouse.close();
    }
  } finally {
    await sim.close();
  }
}
