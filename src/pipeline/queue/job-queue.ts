/**
 * The job queue of `nightly --queue` and `worker`: graphile-worker on the warehouse's own Postgres,
 * in its own schema (`uptrends_queue`), so workers on any number of machines share the work and no
 * other service is needed. This module holds what the enqueuing side and the workers agree on: the
 * schema, the task, the job payload, job keys and queues, and the logger bridge.
 *
 * One job per (account, stream). Its job key (`sync:<account>:<stream>`) means a job is never
 * queued twice: enqueuing again replaces a job that has not started (graphile-worker's `replace`
 * mode). Its queue (`account:<account>`) runs an account's jobs one at a time, in stream order
 * (priority), which is what the account's lock would force anyway; different accounts run at once.
 */
import { Logger as GraphileLogger, makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../load/schema.ts';
import { ConfigError } from '../../errors.ts';
import { STREAMS } from '../streams/index.ts';
import type { SyncOptions } from '../sync-options.ts';

/** The schema graphile-worker keeps its tables and functions in (created on first use). */
export const QUEUE_SCHEMA = 'uptrends_queue';

/** The task of a stream job. */
export const SYNC_STREAM_TASK = 'sync_stream';

/**
 * Attempts of a job before it fails for good; graphile-worker waits exp(attempt) seconds between
 * them (about 3 s, 7 s, 20 s). Only errors marked retriable are tried again.
 */
export const MAX_JOB_ATTEMPTS = 4;

/** The sync options a job carries (what the enqueuing nightly was told), JSON-safe. */
export type JobSyncOptions = Pick<
  SyncOptions,
  | 'lookbackDays'
  | 'initialDays'
  | 'maxRps'
  | 'from'
  | 'to'
  | 'preset'
  | 'windowDays'
  | 'monitorGroups'
  | 'monitors'
  | 'maxPagesPerWindow'
> & {
  /** Requests at once per API; undefined: the account's own, else the default. */
  readonly concurrency?: number | undefined;
};

/** The payload of a stream job. */
export interface SyncStreamPayload {
  /** The nightly run that enqueued it (a random id). */
  readonly batch: string;
  /** Account name of the configuration file (every worker reads the same `accounts:` section). */
  readonly account: string;
  readonly stream: string;
  readonly options: JobSyncOptions;
}

/** The job key of (account, stream): one queued job at most for each. */
export function jobKeyOf(account: string, stream: string): string {
  return `sync:${account.toLowerCase()}:${stream}`;
}

/** The named queue of an account: its jobs run one at a time. */
export function queueNameOf(account: string): string {
  return `account:${account.toLowerCase()}`;
}

/** Stream order as priority: an account's configuration streams before its alerts and statistics. */
export function priorityOf(stream: string): number {
  const index = STREAMS.findIndex((s) => s.name === stream);
  return index < 0 ? STREAMS.length : index;
}

/** Reads and checks a job's payload (a payload from an older or foreign enqueuer is refused). */
export function parsePayload(payload: unknown): SyncStreamPayload {
  const p = payload as Partial<SyncStreamPayload> | null;
  if (
    p === null ||
    typeof p !== 'object' ||
    typeof p.batch !== 'string' ||
    typeof p.account !== 'string' ||
    typeof p.stream !== 'string' ||
    typeof p.options !== 'object'
  ) {
    throw new ConfigError('a queue job without a valid payload (batch, account, stream, options)', {
      context: { task: SYNC_STREAM_TASK },
    });
  }
  return p as SyncStreamPayload;
}

/** graphile-worker's logger writing into ours (its debug lines at debug level). */
export function queueLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { queue: scope.label ?? 'worker', ...(meta ?? {}) };
    // LogLevel is a const enum of these strings.
    const name = String(level);
    if (name === 'error') logger.error(fields, message);
    else if (name === 'warning') logger.warn(fields, message);
    else if (name === 'info') logger.debug(fields, message);
    else logger.trace(fields, message);
  });
}

/** Opens the queue's utilities on the warehouse (migrating the queue schema on first use). */
export async function openQueue(databaseUrl: string, logger: Logger): Promise<WorkerUtils> {
  const utils = await makeWorkerUtils({
    connectionString: databaseUrl,
    schema: QUEUE_SCHEMA,
    logger: queueLogger(logger),
  });
  await utils.migrate();
  return utils;
}

/**
 * Jobs waiting in the queue (not running, attempts left): the worker's `jobs queued` gauge. Zero
 * before the queue's schema exists (no nightly --queue ran yet).
 */
export async function queuedJobCount(db: Kysely<Database>): Promise<number> {
  const present = await sql<{ present: boolean }>`
    select to_regclass(${`${QUEUE_SCHEMA}.jobs`}) is not null as present`.execute(db);
  if (present.rows[0]?.present !== true) return 0;
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.raw(QUEUE_SCHEMA)}.jobs
    where locked_at is null and attempts < max_attempts`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}
