/**
 * The runs `status` lists. A `nightly --queue` is one run of the ledger and its queue jobs are
 * runs of their own (`command = worker`, the nightly's batch in their options): about sixty a night
 * for a few accounts. They are listed under their nightly, as a count by outcome, and one by one
 * with `status --run <id>`; a worker run whose nightly is not in the ledger (queued by an older
 * version) is listed on its own, as before.
 */
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../errors.ts';
import type { Database } from '../load/schema.ts';

/** One run of the ledger, as reported. */
export interface RunSummary {
  runId: number;
  command: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  accountId: string | null;
  /** The account's configuration name, when the run recorded one. */
  account: string | null;
  /** A queue job's stream (a worker run syncs one); null for other runs. */
  stream: string | null;
  requests: number;
  streamCounts: unknown;
  error: unknown;
  /** A queued nightly: its jobs by the outcome of their latest attempt; null for other runs. */
  jobs: JobCounts | null;
}

/** A queued nightly's jobs, each (account, stream) counted once by its latest attempt. */
export interface JobCounts {
  total: number;
  succeeded: number;
  failed: number;
  running: number;
  /** Interrupted, crashed or partial: tried again, or left for the next night. */
  other: number;
}

/** A run with the runs of its queue jobs (attempts included), for `status --run`. */
export interface RunDetail {
  run: RunSummary;
  jobs: RunSummary[];
}

interface RunRow {
  run_id: number;
  command: string;
  status: string;
  started_at: unknown;
  finished_at: unknown;
  account_id: string | null;
  options: unknown;
  requests: number;
  stream_counts: unknown;
  error: unknown;
}

const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;

/** What the ledger's options of a nightly or a queue job say about where it belongs. */
interface RunOptions {
  batch?: string;
  account?: string;
  streams?: string[];
  job?: { batch?: string };
}

function optionsOf(row: RunRow): RunOptions {
  const options = typeof row.options === 'string' ? (JSON.parse(row.options) as unknown) : row.options;
  return options !== null && typeof options === 'object' ? options : {};
}

function summaryOf(row: RunRow, jobs: JobCounts | null): RunSummary {
  return {
    runId: Number(row.run_id),
    command: row.command,
    status: row.status,
    startedAt: iso(row.started_at) ?? '',
    finishedAt: iso(row.finished_at),
    accountId: row.account_id,
    account: optionsOf(row).account ?? null,
    stream: row.command === 'worker' ? (optionsOf(row).streams?.[0] ?? null) : null,
    requests: row.requests,
    streamCounts: row.stream_counts,
    error: row.error,
    jobs,
  };
}

/** The job runs of the given nightly batches, oldest first. */
async function jobRuns(db: Kysely<Database>, batches: readonly string[]): Promise<RunRow[]> {
  if (batches.length === 0) return [];
  const rows = await sql<RunRow>`
    select * from uptrends.etl_run
    where command = 'worker' and options->'job'->>'batch' = any(${[...batches]}::text[])
    order by run_id`.execute(db);
  return rows.rows;
}

function countJobs(runs: readonly RunRow[]): JobCounts {
  // The latest attempt of each (account, stream) decides.
  const latest = new Map<string, string>();
  for (const run of runs) {
    const options = optionsOf(run);
    latest.set(`${options.account ?? ''}/${options.streams?.[0] ?? ''}`, run.status);
  }
  const counts: JobCounts = { total: latest.size, succeeded: 0, failed: 0, running: 0, other: 0 };
  for (const status of latest.values()) {
    if (status === 'succeeded' || status === 'failed' || status === 'running') counts[status]++;
    else counts.other++;
  }
  return counts;
}

/** The latest `limit` runs, a queued nightly's jobs folded into it. */
export async function listRuns(db: Kysely<Database>, limit: number): Promise<RunSummary[]> {
  const rows = await sql<RunRow>`
    select * from uptrends.etl_run r
    where not exists (
      select 1 from uptrends.etl_run n
      where r.command = 'worker' and n.command = 'nightly'
        and n.options->>'batch' = r.options->'job'->>'batch')
    order by run_id desc limit ${limit}`.execute(db);
  const batches = rows.rows
    .filter((r) => r.command === 'nightly')
    .map((r) => optionsOf(r).batch)
    .filter((b): b is string => typeof b === 'string');
  const jobs = await jobRuns(db, batches);
  return rows.rows.map((row) => {
    const batch = row.command === 'nightly' ? optionsOf(row).batch : undefined;
    return summaryOf(
      row,
      batch === undefined ? null : countJobs(jobs.filter((j) => optionsOf(j).job?.batch === batch)),
    );
  });
}

/** One run and, for a queued nightly, every run of its jobs; a ConfigError for an unknown id. */
export async function getRun(db: Kysely<Database>, runId: number): Promise<RunDetail> {
  const rows = await sql<RunRow>`select * from uptrends.etl_run where run_id = ${runId}`.execute(db);
  const row = rows.rows[0];
  if (row === undefined) {
    throw new ConfigError(
      `there is no run ${runId} in the ledger; uptrends-etl status lists the recent ones.`,
      {
        context: { setting: '--run' },
      },
    );
  }
  const batch = row.command === 'nightly' ? optionsOf(row).batch : undefined;
  const jobs = batch === undefined ? [] : await jobRuns(db, [batch]);
  return {
    run: summaryOf(row, batch === undefined ? null : countJobs(jobs)),
    jobs: jobs.map((j) => summaryOf(j, null)),
  };
}
