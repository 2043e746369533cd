/**
 * The programmatic `sync`: one run over the selected streams. Order of work: identify the account
 * and its zone (the credentials checked before any warehouse is created or migrated), open the
 * warehouse, apply pending migrations, take the account's write lock, open the run in the ledger,
 * then run the streams (run-streams.ts: the list streams one after another, each
 * windowed one as soon as the list streams it reads are done). A stream that fails is recorded and
 * the others go on (the run ends `partial`); credentials refused, the database gone or an
 * interrupt stop the run at once. The ledger is closed in every case but SIGKILL.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ConfigError, EtlError, InterruptedError, PartialRunError, RunFailedError } from '../errors.ts';
import { ApiClient } from '../extract/http/api-client.ts';
import { RecordValidator } from '../extract/record-validator.ts';
import { resolveAccount } from './resolve-account.ts';
import { describeUnknownStreams, selectStreams } from './streams/index.ts';
import { NO_PROGRESS, type ProgressSink, type SyncContext } from './sync-context.ts';
import { runStreams, StreamsStopped } from './run-streams.ts';
import type { SyncOptions } from './sync-options.ts';
import { watchHeapSlack } from '../heap-collection.ts';
import { openWarehouse, targetBackend, type Warehouse } from '../load/connection/db.ts';
import { mergeRows } from '../load/write/merge-rows.ts';
import { migrate } from '../load/migrate.ts';
import {
  closeRun,
  openRun,
  setRunAccount,
  type RunStatus,
  type StreamCounts,
} from '../load/ledgers/run-ledger.ts';
import { saveRejects } from '../load/write/save-rejects.ts';
import { accountLockKey, acquireWarehouseLock } from '../load/locks/warehouse-lock.ts';
import { releaseAccountName } from '../load/account-names.ts';
import { DEFAULT_ACCOUNT } from '../config-file/accounts-section.ts';
import { analyzeTables } from '../load/write/analyze-tables.ts';
import { accountRow } from '../transform/rows/account-row.ts';
import { systemClock, type Clock } from '../terms.ts';
import { VERSION } from '../package-root.ts';
import { type ApiClientOptions } from '../extract/http/client-settings.ts';

/** Collaborators of a run, injectable for tests. */
export interface RunSyncDeps {
  logger: Logger;
  clock?: Clock;
  signal?: AbortSignal;
  progress?: ProgressSink;
  /** Ledger label. (Default: sync) */
  command?: string;
  /** Overrides of the HTTP clients' settings (timeouts, retry policy); tests shorten the waits. */
  clientOptions?: Partial<Pick<ApiClientOptions, 'timeouts' | 'retry' | 'sleep' | 'random'>>;
  /**
   * An open, migrated warehouse to run on, which the caller keeps (a worker runs every job on its
   * own pool: opening a pool, its connections and their staging tables per job cost more CPU
   * than a small job's sync). Without it the run opens, migrates and closes its own.
   */
  warehouse?: Warehouse;
  /**
   * Told each run this sync opens in the ledger, as soon as it is open (with the account's
   * configuration name): the telemetry reads what the run did from the ledger afterwards.
   */
  onRun?: (run: OpenedRun) => void;
}

/** A run opened in the ledger, as `onRun` is told of it. */
export interface OpenedRun {
  readonly runId: number;
  /** The account's configuration name; undefined for a queued nightly (its job runs name theirs). */
  readonly account: string | undefined;
  readonly command: string;
}

/** What a finished run reports. */
export interface SyncSummary {
  runId: number;
  accountId: string | undefined;
  status: RunStatus;
  streams: Record<string, StreamCounts>;
  requests: number;
}

function clientsFor(
  config: Config,
  options: SyncOptions,
  deps: RunSyncDeps,
): { api: ApiClient; infra: ApiClient | undefined } {
  const common = {
    concurrency: options.concurrency,
    maxRps: options.maxRps,
    signal: deps.signal,
    logger: deps.logger,
    ...(config.http.maxBodyBytes === undefined ? {} : { maxBodyBytes: config.http.maxBodyBytes }),
    ...deps.clientOptions,
    timeouts: {
      ...(config.http.deadlineMs === undefined ? {} : { deadlineMs: config.http.deadlineMs }),
      ...deps.clientOptions?.timeouts,
    },
  };
  const api = new ApiClient({
    ...common,
    name: 'api',
    baseUrl: config.apiUrl,
    username: config.username ?? '',
    password: config.password ?? '',
  });
  const infra =
    config.infraUsername !== undefined && config.infraPassword !== undefined
      ? new ApiClient({
          ...common,
          name: 'infra',
          baseUrl: config.infraUrl,
          username: config.infraUsername,
          password: config.infraPassword,
        })
      : undefined;
  return { api, infra };
}

/**
 * Records a run that could not identify its account (credentials refused, the API down) as
 * failed, in a warehouse that already holds a ledger: the run's own, or the one its settings name,
 * opened without creating or migrating it. Where there is none, nothing is recorded (and nothing
 * created). Never throws: the caller throws the run's error.
 */
async function recordUnidentified(
  config: Config,
  options: SyncOptions,
  deps: RunSyncDeps,
  ledgerOptions: SyncOptions,
  requests: number,
  error: unknown,
): Promise<void> {
  let opened: Warehouse | undefined;
  try {
    const warehouse =
      deps.warehouse ??
      (opened = await openWarehouse({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        waitMs: options.waitMs,
        create: false,
      }));
    const runId = await openRun(warehouse.db, deps.command ?? 'sync', ledgerOptions, VERSION);
    deps.onRun?.({ runId, account: options.account ?? DEFAULT_ACCOUNT, command: deps.command ?? 'sync' });
    const status: RunStatus = error instanceof InterruptedError ? 'interrupted' : 'failed';
    await closeRun(warehouse.db, runId, status, {}, requests, error);
  } catch {
    // No warehouse yet, or no ledger in it: the error says what went wrong all the same.
  } finally {
    await opened?.close().catch(() => undefined);
  }
}

/**
 * Garbage a sync on an embedded warehouse lets its heap gain before a full collection: a first sync
 * of the demo's account peaked 6 to 14 MB lower than with V8's own timing, in 5 to 10 collections.
 */
const EMBEDDED_HEAP_SLACK_BYTES = 8 * 2 ** 20;

/** Runs a sync; resolves with the summary, or rejects with the error that decides the exit code. */
export async function runSync(config: Config, options: SyncOptions, deps: RunSyncDeps): Promise<SyncSummary> {
  const { logger } = deps;
  const clock = deps.clock ?? systemClock;
  const given = deps.signal ?? new AbortController().signal;
  if (config.username === undefined || config.password === undefined) {
    throw new ConfigError(
      'UPTRENDS_USERNAME and UPTRENDS_PASSWORD are not set, so there is no API account to read. Set them (see README), or try the tool with `uptrends-etl demo`.',
      { context: { setting: 'UPTRENDS_USERNAME' } },
    );
  }
  const { selected, unknown } = selectStreams(options.streams);
  if (unknown.length > 0) {
    throw new ConfigError(
      `Unknown stream(s): ${describeUnknownStreams(unknown)}. Known: ${selectStreams(undefined)
        .selected.map((s) => s.name)
        .join(', ')}`,
      {
        context: { setting: '--streams' },
      },
    );
  }
  // The credentials first: a wrong password must not create or migrate a warehouse (issue 41,
  // item 11). The account is identified before the lock too: the lock is the account's own
  // (accountLockKey), so syncs of different accounts run at once and two of one account still
  // queue or refuse.
  const stop = new AbortController();
  const follow = (source: AbortSignal): void => {
    if (source.aborted) stop.abort(source.reason);
    else source.addEventListener('abort', () => stop.abort(source.reason), { once: true });
  };
  follow(given);
  // A lost warehouse connection stops the run like an interrupt (the lock may be gone with it).
  const signal = stop.signal;
  const clients = clientsFor(config, options, { ...deps, signal });
  const requests = (): number => clients.api.stats().requests + (clients.infra?.stats().requests ?? 0);
  const ledgerOptions = { ...options, streams: selected.map((s) => s.name) };
  const owned = deps.warehouse === undefined;
  let warehouse: Warehouse | undefined;
  let heapWatch: { stop(): void } | undefined;
  let lock;
  // The first line at once (issue 42): identifying the account and opening the warehouse (a new
  // embedded one is created and migrated) take seconds before the run's own first line.
  if (owned) logger.info('sync: checking the API credentials');
  try {
    let resolved;
    try {
      resolved = await resolveAccount(clients.api, config.timeZone, clock(), logger);
    } catch (error) {
      await recordUnidentified(config, options, deps, ledgerOptions, requests(), error);
      throw error;
    }
    if (owned) logger.info(`sync: opening the warehouse${config.databaseUrl ? '' : ` in ${config.dataDir}`}`);
    // The process will also hold an embedded warehouse's engine: the garbage V8 would let pile up
    // before its own collection (a new warehouse's template unpacked, then every batch) is kept to
    // a slack instead (docs/performance.md, "The embedded warehouse (PGlite)").
    const backend = deps.warehouse?.backend ?? targetBackend({ databaseUrl: config.databaseUrl });
    if (backend === 'pglite') heapWatch = watchHeapSlack(EMBEDDED_HEAP_SLACK_BYTES, 50);
    warehouse =
      deps.warehouse ??
      (await openWarehouse({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        waitMs: options.waitMs,
      }));
    follow(warehouse.lost);
    if (owned) {
      for (const notice of warehouse.notices) logger.warn(notice);
      const migrated = await migrate(warehouse.db);
      if (migrated.applied.length > 0)
        logger.info({ applied: migrated.applied }, `applied ${migrated.applied.length} migration(s)`);
    }
    const accountId = resolved.accountId;
    lock = await acquireWarehouseLock(warehouse, {
      waitMs: options.waitMs,
      signal,
      key: accountLockKey(accountId),
      what: `the warehouse lock of account ${accountId} (${options.account ?? DEFAULT_ACCOUNT})`,
    });
    const runId = await openRun(warehouse.db, deps.command ?? 'sync', ledgerOptions, VERSION, lock);
    deps.onRun?.({ runId, account: options.account ?? DEFAULT_ACCOUNT, command: deps.command ?? 'sync' });
    let counts: Record<string, StreamCounts> = {};
    let failures: EtlError[] = [];
    try {
      await setRunAccount(warehouse.db, runId, accountId);
      const validator = new RecordValidator(logger);
      const ctx: Omit<SyncContext, 'windowSlots'> = {
        api: clients.api,
        infra: clients.infra,
        db: warehouse.db,
        runId,
        accountId,
        zone: resolved.resolution.zone,
        clock,
        logger,
        options,
        signal,
        validator,
        progress: deps.progress ?? NO_PROGRESS,
      };
      const row = accountRow(resolved, {
        accountId,
        zone: ctx.zone,
        runId,
        stream: 'account',
      });
      await warehouse.db.transaction().execute(async (trx) => {
        const accountName = options.account ?? DEFAULT_ACCOUNT;
        await releaseAccountName(trx, accountName, accountId);
        await mergeRows(trx, { table: 'account', key: ['account_id'], insertOnly: ['first_seen_at'] }, [
          { ...row, account_name: accountName, first_seen_at: clock(), last_seen_at: clock() },
        ]);
        await saveRejects(trx, runId, ctx.accountId, validator.drain());
      });
      logger.info(
        { accountId, zone: ctx.zone, runId },
        `run ${runId}: account ${accountId}, time zone ${ctx.zone}`,
      );
      ({ counts, failures } = await runStreams(selected, ctx, logger));
    } catch (thrown) {
      const error = thrown instanceof StreamsStopped ? thrown.error : thrown;
      if (thrown instanceof StreamsStopped) counts = thrown.counts;
      const status: RunStatus = error instanceof InterruptedError ? 'interrupted' : 'failed';
      await closeRun(warehouse.db, runId, status, counts, requests(), error).catch(() => undefined);
      throw error;
    }
    // A queue job leaves statistics to Postgres's autovacuum: ANALYZE of one table does not run
    // twice at once, so every worker analyzing after every job made the workers queue on it.
    if (options.job === undefined && Object.values(counts).some((c) => c.written > 0))
      await analyzeTables(warehouse.db, logger);
    const succeeded = Object.values(counts).some((c) => c.status === 'succeeded');
    const status: RunStatus = failures.length === 0 ? 'succeeded' : succeeded ? 'partial' : 'failed';
    await closeRun(warehouse.db, runId, status, counts, requests(), failures[0]);
    const [first, ...rest] = failures;
    if (first !== undefined) {
      const message = `Run ${runId} ${status}: ${failures.length} stream(s) failed: ${Object.entries(counts)
        .filter(([, c]) => c.status === 'failed')
        .map(([n, c]) => `${n} (${c.error ?? '?'})`)
        .join('; ')}`;
      if (succeeded) throw new PartialRunError(message, failures);
      if (rest.length === 0) throw first;
      throw new RunFailedError(message, [first, ...rest]);
    }
    return { runId, accountId, status, streams: counts, requests: requests() };
  } finally {
    heapWatch?.stop();
    await clients.api.close().catch(() => undefined);
    await clients.infra?.close().catch(() => undefined);
    await lock?.release().catch(() => undefined);
    if (owned) await warehouse?.close().catch(() => undefined);
  }
}
