/**
 * The programmatic `worker`: runs stream jobs from the queue until stopped (graphile-worker's
 * runner, `concurrency` jobs at once). Each job is one `runSync` of one stream of one account, under
 * the account's lock, recorded in the ledger with the job it does.
 *
 * Errors: a job whose error is retriable (API or database trouble that outlived the client's own
 * retries, another run holding the account's lock, this worker being stopped) fails its attempt and
 * graphile-worker runs it again later with backoff; any other error (credentials refused, bad
 * configuration, bad data) is final at once: the run is in the ledger as failed and the job is done.
 *
 * Stopping: the signal (SIGTERM, SIGINT) aborts the running syncs at their next request, which
 * hands each job back to the queue for another worker, and stops taking jobs.
 *
 * Liveness: the worker registers in `uptrends.etl_worker` and beats every few seconds. Every worker
 * (and a waiting nightly) sweeps the registry: a worker silent for longer than its `staleAfterSeconds`
 * is dead, and its locked jobs go back to the queue at once (docs/scaling.md). A worker that finds
 * itself swept (its beats stalled) stops its jobs: they may already run elsewhere.
 */
import { EventEmitter } from 'node:events';
import { run, type JobHelpers, type Runner, type WorkerEvents } from 'graphile-worker';
import type { Logger } from 'pino';
import type { AccountSetting } from '../../config-file/resolve-accounts.ts';
import { ConfigError, EtlError, InterruptedError } from '../../errors.ts';
import { openWarehouse, type Warehouse } from '../../load/connection/db.ts';
import { migrate } from '../../load/migrate.ts';
import {
  beat,
  registerWorker,
  sweepDeadWorkers,
  unregisterWorker,
} from '../../load/ledgers/worker-registry.ts';
import { runSync, type OpenedRun } from '../run-sync.ts';
import { accountSyncOptions } from '../sync-accounts.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../sync-options.ts';
import { parsePayload, QUEUE_SCHEMA, queueLogger, SYNC_STREAM_TASK } from './job-queue.ts';
import type { WorkerRunOptions } from './worker-options.ts';

/**
 * How often an idle worker asks the queue for a job, besides LISTEN/NOTIFY. The accounts' named
 * queues make graphile-worker lock every free queue while one worker looks for a job, so of the
 * workers a batch's NOTIFY wakes at once, those that look at the same moment find nothing and wait
 * for their next poll: at 1,000 ms, two of four workers started a nightly's 160 jobs 1 and 2 s late,
 * and a job's end raced the same way (bench `queue-workers`: speed-ups 1.77 and 2.88 against 1.97
 * and 3.45 at 250 ms, two runs minutes apart on a quiet machine). An idle worker's poll is one
 * indexed query.
 */
export const QUEUE_POLL_MS = 250;

/** How often the registry is swept for dead workers, ms. */
export const SWEEP_INTERVAL_MS = 5_000;

/** What a stopped worker did. */
export interface WorkerSummary {
  readonly workerId: string;
  readonly completed: number;
  readonly failed: number;
}

/**
 * The jobs' warehouse: one pool shared by every job of this worker, opened again once a connection
 * was lost (a lost warehouse's `lost` signal stays aborted, which would stop every later job).
 * Sized for `concurrency` jobs, each holding its lock's session plus its streams' transactions.
 */
class JobWarehouse {
  #current: Promise<Warehouse> | undefined;
  #settled: Warehouse | undefined;
  readonly #retired: Warehouse[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly poolSize: number,
  ) {}

  get(): Promise<Warehouse> {
    if (this.#current !== undefined && (this.#settled === undefined || !this.#settled.lost.aborted))
      return this.#current;
    if (this.#settled !== undefined) this.#retired.push(this.#settled);
    this.#settled = undefined;
    const opening = openWarehouse({ databaseUrl: this.databaseUrl, poolSize: this.poolSize });
    this.#current = opening;
    opening.then(
      (w) => (this.#settled = w),
      () => (this.#current = undefined),
    );
    return opening;
  }

  async close(): Promise<void> {
    const current = await this.#current?.catch(() => undefined);
    const all = current === undefined ? this.#retired : [...this.#retired, current];
    await Promise.all(all.map((w) => w.close().catch(() => undefined)));
  }
}

function retriable(error: unknown): boolean {
  return error instanceof EtlError ? error.retriable : true;
}

/** Hands the locked jobs of dead workers back to the queue; returns their ids. */
export async function reclaimDeadWorkers(warehouse: Warehouse, logger: Logger): Promise<string[]> {
  const dead = await sweepDeadWorkers(warehouse.db);
  if (dead.length === 0) return dead;
  const { sql } = await import('kysely');
  await sql`select ${sql.raw(QUEUE_SCHEMA)}.force_unlock_workers(${dead}::text[])`.execute(warehouse.db);
  logger.warn(
    { workers: dead },
    `queue: ${dead.length} worker(s) stopped beating (killed or lost); their jobs are back in the queue`,
  );
  return dead;
}

/** One job this worker finished: done, failed for good, or handed back to be tried again. */
export interface WorkerJobOutcome {
  readonly account: string;
  readonly stream: string;
  /** The nightly batch the job belongs to. */
  readonly batch: string;
  readonly status: 'done' | 'failed' | 'retried';
  /** The error of a failed or retried job. */
  readonly error?: unknown;
}

/** Runs a worker until `signal` aborts; resolves with what it did. */
export async function runWorker(
  databaseUrl: string | undefined,
  accounts: readonly AccountSetting[],
  options: WorkerRunOptions,
  deps: {
    logger: Logger;
    signal: AbortSignal;
    /** Told of each job as it ends (the worker's metrics and pings). */
    onJob?: (outcome: WorkerJobOutcome) => void;
    /** Told of each run a job opens in the ledger. */
    onRun?: (run: OpenedRun) => void;
  },
): Promise<WorkerSummary> {
  const { logger, signal } = deps;
  if (databaseUrl === undefined) {
    throw new ConfigError(
      'worker needs the Postgres warehouse (DATABASE_URL): the embedded PGlite warehouse belongs to one process, where nightly runs every account itself.',
      { context: { setting: 'DATABASE_URL' } },
    );
  }
  const warehouse = await openWarehouse({ databaseUrl });
  // Each job holds one connection for its lock; eight more serve its streams' transactions.
  const jobWarehouse = new JobWarehouse(databaseUrl, options.concurrency + 8);
  let runner: Runner | undefined;
  const timers: NodeJS.Timeout[] = [];
  // Aborted when this worker stops or finds itself declared dead: its running syncs stop.
  const stopping = new AbortController();
  const counts = { completed: 0, failed: 0 };
  let workerId = '';
  try {
    await migrate(warehouse.db);
    const registered = new Promise<string>((resolve, reject) => {
      const events = new EventEmitter() as WorkerEvents;
      events.on('pool:create', ({ workerPool }) => resolve(workerPool.id));
      const task = async (payload: unknown, helpers: JobHelpers): Promise<void> => {
        const jobStart = Date.now();
        const job = parsePayload(payload);
        // Every line of the job names it, `"job":{"id":...,"stream":...}`; a top-level `stream`
        // would be printed twice on the sync's own lines, which carry `stream` themselves.
        const log = logger.child({ account: job.account, job: { id: helpers.job.id, stream: job.stream } });
        const account = accounts.find((a) => a.name.toLowerCase() === job.account.toLowerCase());
        const tell = (status: WorkerJobOutcome['status'], error?: unknown): void =>
          deps.onJob?.({
            account: job.account,
            stream: job.stream,
            batch: job.batch,
            status,
            error,
          });
        if (account === undefined) {
          counts.failed++;
          tell(
            'failed',
            new ConfigError(`account ${job.account} is not in this worker's configuration file`),
          );
          log.error(
            `queue job ${helpers.job.id}: account ${job.account} is not in this worker's configuration file; every worker needs the same accounts: section (the job is dropped)`,
          );
          return;
        }
        const jobSignal = AbortSignal.any([stopping.signal, helpers.abortSignal]);
        const sync: SyncOptions = {
          ...accountSyncOptions(
            {
              ...DEFAULT_SYNC_OPTIONS,
              ...job.options,
              concurrency: job.options.concurrency ?? DEFAULT_SYNC_OPTIONS.concurrency,
            },
            account,
            { concurrency: job.options.concurrency !== undefined },
          ),
          streams: [job.stream],
          // The account's queue already runs its jobs one at a time; a manual sync may hold the lock.
          waitMs: 60_000,
          job: { batch: job.batch, jobId: helpers.job.id, worker: workerId },
        };
        try {
          await runSync(account.config, sync, {
            logger: log,
            signal: jobSignal,
            command: 'worker',
            warehouse: await jobWarehouse.get(),
            onRun: deps.onRun,
          });
          counts.completed++;
          tell('done');
          // jobStart/jobEnd let the bench measure the queue's own time between jobs.
          log.info(
            { jobStart, jobEnd: Date.now() },
            `queue job ${helpers.job.id} done in ${Date.now() - jobStart} ms`,
          );
        } catch (error) {
          counts.failed++;
          tell(jobSignal.aborted || retriable(error) ? 'retried' : 'failed', error);
          if (jobSignal.aborted || retriable(error)) {
            log.warn(
              `queue job ${helpers.job.id} (attempt ${helpers.job.attempts}): ${(error as Error).message}; tried again later`,
            );
            throw error;
          }
          log.error(`queue job ${helpers.job.id}: ${(error as Error).message} (final: not tried again)`);
        }
      };
      void run({
        connectionString: databaseUrl,
        schema: QUEUE_SCHEMA,
        concurrency: options.concurrency,
        noHandleSignals: true,
        pollInterval: options.pollMs ?? QUEUE_POLL_MS,
        logger: queueLogger(logger),
        events,
        taskList: { [SYNC_STREAM_TASK]: task },
      }).then((r) => (runner = r), reject);
    });
    workerId = await registered;
    await registerWorker(warehouse.db, {
      workerId,
      concurrency: options.concurrency,
      staleAfterSeconds: options.staleAfterSeconds,
    });
    logger.info(
      { workerId, concurrency: options.concurrency, staleAfterSeconds: options.staleAfterSeconds },
      `worker ${workerId}: running up to ${options.concurrency} job(s) at once; stop with SIGTERM`,
    );
    const beatMs = Math.min(5_000, Math.floor((options.staleAfterSeconds * 1000) / 3));
    timers.push(
      setInterval(() => {
        beat(warehouse.db, workerId)
          .then((alive) => {
            if (alive || stopping.signal.aborted) return;
            logger.error(
              `worker ${workerId}: another process declared this worker dead (its heartbeats stalled longer than ${options.staleAfterSeconds} s); its jobs may run elsewhere, so it stops them and itself`,
            );
            stopping.abort(new InterruptedError('lost heartbeat'));
          })
          .catch((error: unknown) =>
            logger.warn(`worker ${workerId}: heartbeat failed: ${(error as Error).message}`),
          );
      }, beatMs),
      setInterval(() => {
        reclaimDeadWorkers(warehouse, logger).catch((error: unknown) =>
          logger.warn(`worker ${workerId}: sweeping dead workers failed: ${(error as Error).message}`),
        );
      }, SWEEP_INTERVAL_MS),
    );
    await reclaimDeadWorkers(warehouse, logger);
    await new Promise<void>((resolve) => {
      const done = (): void => resolve();
      if (signal.aborted || stopping.signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
      stopping.signal.addEventListener('abort', done, { once: true });
    });
    stopping.abort(signal.reason ?? new InterruptedError('stop'));
    logger.info(`worker ${workerId}: stopping; running jobs go back to the queue`);
    return { workerId, ...counts };
  } finally {
    for (const t of timers) clearInterval(t);
    await runner?.stop().catch(() => undefined);
    await runner?.promise.catch(() => undefined);
    if (workerId !== '') await unregisterWorker(warehouse.db, workerId).catch(() => undefined);
    await jobWarehouse.close();
    await warehouse.close().catch(() => undefined);
  }
}
