/**
 * The jobs of the commands that resolve no options of their own (check, status, migrate, query,
 * serve, worker), and the configuration file's loader, as a program calls them from the package
 * (src/index.ts). Each loads its modules
 * on its first call, as the command does, so importing the package stays cheap; the commands
 * import the same functions from their modules (check-job.ts, status-job.ts, ...).
 */
import type { ConfigFile, ConfigFileSource } from '../config-file/load-config-file.ts';
import type { Config } from '../config.ts';
import type { CheckResult } from './check-job.ts';
import type { QueryResult, ReadOnlyQueryOptions } from './query-job.ts';
import type { RunningWireServer, WireServerOptions } from './serve-job.ts';
import type { RunDetail, WarehouseStatus } from './status-job.ts';
import type { MigrateResult, Warehouse, WarehouseTarget } from './warehouse-access.ts';

/**
 * Reads the configuration file (`--config`, else $UPTRENDS_ETL_CONFIG, else ./uptrends-etl.yaml
 * when it exists), checked against its schema: what `RunNightlyOptions.file` and
 * `SubscriptionJobOptions.file` take. Undefined when there is none.
 */
export async function loadConfigFile(source?: ConfigFileSource): Promise<ConfigFile | undefined> {
  return (await import('../config-file/load-config-file.ts')).loadConfigFile(source);
}

/** Checks the warehouse and the API credentials, as `uptrends-etl check`. */
export async function runCheck(config: Config): Promise<CheckResult[]> {
  return (await import('./check-job.ts')).runCheck(config);
}

/** Opens the warehouse (Postgres or embedded PGlite); the caller closes it. */
export async function openWarehouse(target: WarehouseTarget): Promise<Warehouse> {
  return (await import('./warehouse-access.ts')).openWarehouse(target);
}

/** Creates or upgrades the warehouse schema, as `uptrends-etl migrate`. */
export async function migrate(warehouse: Pick<Warehouse, 'db'>): Promise<MigrateResult> {
  return (await import('./warehouse-access.ts')).migrate(warehouse.db);
}

/** Recent runs, watermarks, row counts and deliveries, as `uptrends-etl status`. */
export async function getStatus(warehouse: Warehouse, runLimit?: number): Promise<WarehouseStatus> {
  return (await import('./status-job.ts')).getStatus(warehouse, runLimit);
}

/** One run with its jobs, as `uptrends-etl status --run N`. */
export async function getRun(warehouse: Pick<Warehouse, 'db'>, runId: number): Promise<RunDetail> {
  return (await import('./status-job.ts')).getRun(warehouse.db, runId);
}

/** One read-only statement, its rows at once, as `uptrends-etl query`. */
export async function runReadOnlyQuery(
  warehouse: Pick<Warehouse, 'db'>,
  sql: string,
  timeoutMs: number,
): Promise<QueryResult> {
  return (await import('./query-job.ts')).runReadOnlyQuery(warehouse.db, sql, timeoutMs);
}

/** One read-only statement, its rows in batches (`options.onBatch`), as `uptrends-etl query`. */
export async function streamReadOnlyQuery(
  warehouse: Pick<Warehouse, 'db'>,
  sql: string,
  options: ReadOnlyQueryOptions,
): Promise<number> {
  return (await import('./query-job.ts')).streamReadOnlyQuery(warehouse.db, sql, options);
}

/** Serves an embedded warehouse's data directory over the Postgres protocol, as `uptrends-etl serve`. */
export async function startWireServer(options: WireServerOptions): Promise<RunningWireServer> {
  return (await import('./serve-job.ts')).startWireServer(options);
}

export { runWorker } from './worker-job.ts';
