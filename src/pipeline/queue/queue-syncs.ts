/**
 * The sync part of `nightly --queue`: one job per (account, stream) into the queue, then wait until
 * the workers have done them all (or a job failed for good), then read what each run did from the
 * ledger. Each account's outcome is one summary, as an in-process sync gives, so nightly goes on
 * the same way whichever ran the syncs.
 *
 * While it waits, nightly also sweeps the worker registry, so a killed worker's jobs are handed
 * back even when no other worker is idle (docs/scaling.md).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { AccountSetting } from '../../config-file/resolve-accounts.ts';
import {
  ConfigError,
  errorFromRecord,
  EtlError,
  InterruptedError,
  StreamError,
  type ErrorRecord,
} from '../../errors.ts';
import { openWarehouse, type Warehouse } from '../../load/connection/db.ts';
import { migrate } from '../../load/migrate.ts';
import { closeRun, openRun, type RunStatus, type StreamCounts } from '../../load/ledgers/run-ledger.ts';
import { acquireWarehouseLock, nightlyLockKey } from '../../load/locks/warehouse-lock.ts';
import { VERSION } from '../../package-root.ts';
import { selectStreams } from '../streams/index.ts';
import {
  accountSyncOptions,
  checkAccountStreams,
  type AccountSyncOutcome,
  type ExplicitSyncFlags,
} from '../sync-accounts.ts';
import type { SyncOptions } from '../sync-options.ts';
import {
  jobKeyOf,
  MAX_JOB_ATTEMPTS,
  openQueue,
  priorityOf,
  QUEUE_SCHEMA,
  queueNameOf,
  SYNC_STREAM_TASK,
  type SyncStreamPayload,
} from './job-queue.ts';
import { reclaimDeadWorkers } from './run-worker.ts';
import type { OpenedRun } from '../run-sync.ts';

/** How often the queue is looked at while waiting, ms. */
const WAIT_POLL_MS = 200;

/** One job enqueued: its account, stream and key. */
interface Enqueued {
  readonly account: string;
  readonly stream: string;
  readonly key: string;
}

/**
 * The failure of a queued job as the same failure in this process: the error its run recorded,
 * rebuilt as its own class with its code, context, retriable flag and cause (errors.ts,
 * `errorFromRecord`), the message naming the account and stream. A job whose run recorded nothing
 * (a worker died before its ledger row) is a StreamError.
 */
export function jobFailure(
  recorded: ErrorRecord | null | undefined,
  account: string,
  stream: string,
  reason: string,
): EtlError {
  const message = `account ${account}, stream ${stream}: ${reason}`;
  if (recorded === null || recorded === undefined || typeof recorded.code !== 'string') {
    return new StreamError(message);
  }
  const error = errorFromRecord({ ...recorded, message });
  // A bug in the job (no EtlError) stays one: wrapped, it exits by its cause (1), as in-process.
  return error instanceof EtlError ? error : new StreamError(message, { cause: error });
}

/** Enqueues the jobs of a nightly batch; returns them. */
async function enqueue(
  databaseUrl: string,
  batch: string,
  accounts: readonly AccountSetting[],
  options: SyncOptions,
  explicit: ExplicitSyncFlags,
  logger: Logger,
): Promise<Enqueued[]> {
  const utils = await openQueue(databaseUrl, logger);
  try {
    const jobs: Enqueued[] = [];
    const specs = accounts.flatMap((account) => {
      const own = accountSyncOptions(options, account, explicit);
      return selectStreams(own.streams).selected.map((stream) => {
        const payload: SyncStreamPayload = {
          batch,
          account: account.name,
          stream: stream.name,
          options: {
            lookbackDays: own.lookbackDays,
            initialDays: own.initialDays,
            maxRps: own.maxRps,
            from: own.from,
            to: own.to,
            preset: own.preset,
            windowDays: own.windowDays,
            monitorGroups: own.monitorGroups,
            monitors: own.monitors,
            maxPagesPerWindow: own.maxPagesPerWindow,
            concurrency: explicit.concurrency === true ? own.concurrency : undefined,
          },
        };
        const key = jobKeyOf(account.name, stream.name);
        jobs.push({ account: account.name, stream: stream.name, key });
        return {
          identifier: SYNC_STREAM_TASK,
          payload,
          queueName: queueNameOf(account.name),
          jobKey: key,
          priority: priorityOf(stream.name),
          maxAttempts: MAX_JOB_ATTEMPTS,
        };
      });
    });
    await utils.addJobs(specs);
    logger.info(
      { batch, jobs: jobs.length, accounts: accounts.length },
      `nightly: ${jobs.length} job(s) of ${accounts.length} account(s) queued (batch ${batch}); waiting for the workers`,
    );
    return jobs;
  } finally {
    await utils.release();
  }
}

interface JobRow {
  key: string;
  attempts: number;
  max_attempts: number;
  locked: boolean;
  last_error: string | null;
}

/** Waits until no job of `keys` is left but those failed for good; returns the latter. */
async function waitForJobs(
  warehouse: Warehouse,
  keys: readonly string[],
  deps: { logger: Logger; signal?: AbortSignal | undefined },
): Promise<JobRow[]> {
  let lastReport = Date.now();
  for (;;) {
    if (deps.signal?.aborted === true) throw deps.signal.reason as Error;
    await reclaimDeadWorkers(warehouse, deps.logger);
    const rows = await sql<JobRow>`
      select key, attempts, max_attempts, locked_at is not null as locked, last_error
      from ${sql.raw(QUEUE_SCHEMA)}.jobs where key = any(${keys}::text[])`.execute(warehouse.db);
    const open = rows.rows.filter((r) => r.locked || r.attempts < r.max_attempts);
    if (open.length === 0) return rows.rows;
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      const running = open.filter((r) => r.locked).length;
      deps.logger.info(
        `nightly: ${open.length} job(s) left, ${running} running${running === 0 ? ' (is a worker running? uptrends-etl worker)' : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

interface RunRow {
  run_id: number;
  account_id: string | null;
  account: string;
  stream: string;
  status: RunStatus;
  stream_counts: Record<string, StreamCounts> | null;
  requests: number;
  error: ErrorRecord | null;
}

/** Each account's outcome from the ledger rows of the batch and the jobs that failed for good. */
function outcomesOf(
  jobs: readonly Enqueued[],
  runs: readonly RunRow[],
  dead: readonly JobRow[],
): AccountSyncOutcome[] {
  const accounts = [...new Set(jobs.map((j) => j.account))];
  return accounts.map((account): AccountSyncOutcome => {
    const mine = jobs.filter((j) => j.account === account);
    const streams: Record<string, StreamCounts> = {};
    const failures: EtlError[] = [];
    let runId = 0;
    let requests = 0;
    let accountId: string | undefined;
    for (const job of mine) {
      // The last run of the stream in this batch decides (earlier attempts were retried).
      const last = runs.filter((r) => r.account === account && r.stream === job.stream).at(-1);
      const failedForGood = dead.find((d) => d.key === job.key);
      if (last !== undefined) {
        runId = Math.max(runId, last.run_id);
        requests += last.requests;
        accountId ??= last.account_id ?? undefined;
        Object.assign(streams, last.stream_counts ?? {});
      }
      if (last?.status === 'succeeded' && failedForGood === undefined) continue;
      const reason =
        last?.error?.message ?? failedForGood?.last_error ?? 'no run recorded (see the worker logs)';
      failures.push(jobFailure(last?.error, account, job.stream, reason));
      streams[job.stream] ??= {
        records: 0,
        written: 0,
        windows: 0,
        requests: 0,
        status: 'failed',
        error: reason,
      };
    }
    const status: RunStatus =
      failures.length === 0 ? 'succeeded' : failures.length < mine.length ? 'partial' : 'failed';
    const summary = { runId, accountId, status, streams, requests };
    if (failures.length === 0) return { account, summary };
    const [first] = failures;
    return {
      account,
      error:
        failures.length === 1
          ? first!
          : new StreamError(
              `account ${account}: ${failures.length} stream(s) failed: ${failures.map((f) => f.message).join('; ')}`,
              { cause: first },
            ),
    };
  });
}

/**
 * Runs the syncs of `accounts` through the queue and resolves with each account's outcome (never
 * rejects for a failed account: the caller decides, as after an in-process sync).
 */
export async function queueSyncs(
  databaseUrl: string | undefined,
  accounts: readonly AccountSetting[],
  options: SyncOptions,
  deps: {
    logger: Logger;
    signal?: AbortSignal | undefined;
    explicit?: ExplicitSyncFlags;
    onRun?: ((run: OpenedRun) => void) | undefined;
  },
): Promise<AccountSyncOutcome[]> {
  if (databaseUrl === undefined) {
    throw new ConfigError(
      'nightly --queue needs the Postgres warehouse (DATABASE_URL); on the embedded PGlite warehouse nightly runs every account itself (leave out --queue).',
      { context: { setting: '--queue' } },
    );
  }
  checkAccountStreams(accounts);
  const warehouse = await openWarehouse({ databaseUrl });
  try {
    await migrate(warehouse.db);
    const batch = randomUUID();
    // The nightly is one run of the ledger; its jobs' runs carry its batch and are listed under it
    // (`status`, `status --run <id>`). Its liveness lock lives on the session of `lock`.
    const lock = await acquireWarehouseLock(warehouse, { key: nightlyLockKey(batch), what: 'the nightly' });
    const runId = await openRun(
      warehouse.db,
      'nightly',
      { queue: true, batch, accounts: accounts.map((a) => a.name), streams: options.streams ?? null },
      VERSION,
      lock,
    );
    deps.onRun?.({ runId, account: undefined, command: 'nightly' });
    try {
      const jobs = await enqueue(databaseUrl, batch, accounts, options, deps.explicit ?? {}, deps.logger);
      deps.logger.info({ runId, batch }, `nightly: run ${runId} waits for its ${jobs.length} queue job(s)`);
      const dead = await waitForJobs(
        warehouse,
        jobs.map((j) => j.key),
        deps,
      );
      const runs = await sql<RunRow>`
        select run_id, account_id, options->>'account' as account, options->'streams'->>0 as stream,
          status, stream_counts, requests, error
        from uptrends.etl_run where options->'job'->>'batch' = ${batch} order by run_id`.execute(
        warehouse.db,
      );
      const outcomes = outcomesOf(jobs, runs.rows, dead);
      await closeNightly(warehouse, runId, outcomes);
      return outcomes;
    } catch (error) {
      const status: RunStatus = error instanceof InterruptedError ? 'interrupted' : 'failed';
      await closeRun(warehouse.db, runId, status, {}, 0, error).catch(() => undefined);
      throw error;
    } finally {
      await lock.release();
    }
  } finally {
    await warehouse.close();
  }
}

/**
 * Closes the nightly's run with what its jobs did: each account's streams (keyed
 * `<account>/<stream>`), their requests, and the status over all accounts.
 */
async function closeNightly(
  warehouse: Warehouse,
  runId: number,
  outcomes: readonly AccountSyncOutcome[],
): Promise<void> {
  const counts: Record<string, StreamCounts> = {};
  let requests = 0;
  for (const outcome of outcomes) {
    for (const [stream, c] of Object.entries(outcome.summary?.streams ?? {}))
      counts[`${outcome.account}/${stream}`] = c;
    requests += outcome.summary?.requests ?? 0;
  }
  const failed = outcomes.filter((o) => o.summary === undefined);
  const status: RunStatus =
    failed.length === 0 ? 'succeeded' : failed.length < outcomes.length ? 'partial' : 'failed';
  await closeRun(warehouse.db, runId, status, counts, requests, failed[0]?.error);
}
