/**
 * What the runs of one job did, read back from the run ledger (uptrends.etl_run) and the watermarks
 * (uptrends.etl_state): the facts the job's metrics and pings are made of (src/api/telemetry/). The
 * ledger is the one record of a run, so the metrics say what `status` says: the last success of an
 * account here is the same query as `status`'s (get-status.ts, accountStatuses).
 *
 * A queued nightly's run stands for its job runs (one per account and stream, the latest attempt
 * of each decides); every other run is itself.
 */
import { sql, type Kysely } from 'kysely';
import { openWarehouse } from '../load/connection/db.ts';
import type { Database } from '../load/schema.ts';
import type { StreamCounts } from '../load/ledgers/run-ledger.ts';

/** One stream of one run. */
export interface StreamRunFacts {
  readonly account: string;
  readonly stream: string;
  readonly runId: number;
  readonly status: StreamCounts['status'];
  readonly startedAt: Date;
  readonly finishedAt: Date | null;
  readonly records: number;
  readonly written: number;
  readonly rejected: number;
  readonly requests: number;
  readonly retries: number;
}

/** One account of the job: its runs' streams, its last successes and its data's age. */
export interface AccountFacts {
  /** The configuration name. */
  readonly account: string;
  readonly accountId: string | null;
  /** The job's runs of this account, ended with this status (the worst of them). */
  readonly status: string;
  readonly streams: readonly StreamRunFacts[];
  /** When the latest succeeded run of the account finished, as `status` says (null: never). */
  readonly lastSuccess: Date | null;
  /** Per stream: when the latest succeeded run that read it finished. */
  readonly streamLastSuccess: ReadonlyMap<string, Date>;
  /** Per stream: its newest watermark (data complete up to). */
  readonly watermarks: ReadonlyMap<string, Date>;
}

interface LedgerRow {
  run_id: number;
  command: string;
  status: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  account_id: string | null;
  account: string | null;
  batch: string | null;
  job_batch: string | null;
  stream_counts: unknown;
}

const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

const SEVERITY = ['succeeded', 'partial', 'running', 'interrupted', 'crashed', 'failed'];

const countsOf = (value: unknown): Record<string, StreamCounts> => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, StreamCounts>) : {};
};

async function ledgerRows(db: Kysely<Database>, runIds: readonly number[]): Promise<LedgerRow[]> {
  if (runIds.length === 0) return [];
  const select = sql`select run_id, command, status, started_at, finished_at, account_id,
      options->>'account' as account, options->>'batch' as batch,
      options->'job'->>'batch' as job_batch, stream_counts
    from uptrends.etl_run`;
  const own = await sql<LedgerRow>`${select} where run_id = any(${[...runIds]}::int[])`.execute(db);
  const batches = own.rows
    .filter((r) => r.command === 'nightly' && r.batch !== null)
    .map((r) => r.batch as string);
  const jobs =
    batches.length === 0
      ? []
      : (
          await sql<LedgerRow>`${select}
            where command = 'worker' and options->'job'->>'batch' = any(${batches}::text[])`.execute(db)
        ).rows;
  // A queued nightly stands for its job runs; the latest attempt of each (account, stream) decides.
  const latest = new Map<string, LedgerRow>();
  for (const row of [...own.rows.filter((r) => !batches.includes(r.batch ?? '')), ...jobs]
    .filter((r) => r.account !== null)
    .sort((a, b) => a.run_id - b.run_id)) {
    const streams = Object.keys(countsOf(row.stream_counts));
    const key = row.command === 'worker' ? `${row.account}/${streams[0] ?? ''}` : `run ${row.run_id}`;
    latest.set(key, row);
  }
  return [...latest.values()];
}

/**
 * The facts of the runs `runIds` (as the pipeline's `onRun` told them), by account, with each
 * account's last successes and watermarks. `accounts` lists the names the job was about, so an
 * account whose run never opened (the warehouse down) is still there, without streams.
 */
export async function readRunFacts(
  db: Kysely<Database>,
  runIds: readonly number[],
  accounts: readonly string[],
): Promise<AccountFacts[]> {
  const rows = await ledgerRows(db, runIds);
  const names = [...new Set([...accounts, ...rows.map((r) => r.account as string)])];
  const facts: AccountFacts[] = [];
  for (const account of names) {
    const mine = rows.filter((r) => r.account?.toLowerCase() === account.toLowerCase());
    const streams = mine.flatMap((row) =>
      Object.entries(countsOf(row.stream_counts)).map(([stream, c]): StreamRunFacts => ({
        account,
        stream,
        runId: row.run_id,
        status: c.status,
        startedAt: date(row.started_at),
        finishedAt: row.finished_at === null ? null : date(row.finished_at),
        records: c.records,
        written: c.written,
        rejected: c.rejected ?? 0,
        requests: c.requests,
        retries: c.retries ?? 0,
      })),
    );
    const idRow = await sql<{ account_id: string }>`
      select account_id from uptrends.account where lower(account_name) = lower(${account})`.execute(db);
    const accountId =
      mine.find((r) => r.account_id !== null)?.account_id ?? idRow.rows[0]?.account_id ?? null;
    const status = mine
      .map((r) => r.status)
      .reduce((worst, s) => (SEVERITY.indexOf(s) > SEVERITY.indexOf(worst) ? s : worst), 'succeeded');
    facts.push({
      account,
      accountId,
      status: mine.length === 0 ? 'failed' : status,
      streams,
      ...(await successesAndWatermarks(db, accountId)),
    });
  }
  return facts;
}

async function successesAndWatermarks(
  db: Kysely<Database>,
  accountId: string | null,
): Promise<Pick<AccountFacts, 'lastSuccess' | 'streamLastSuccess' | 'watermarks'>> {
  if (accountId === null) return { lastSuccess: null, streamLastSuccess: new Map(), watermarks: new Map() };
  // The same definition as status's lastSucceededAt (get-status.ts).
  const last = await sql<{ at: Date | string | null }>`
    select max(finished_at) as at from uptrends.etl_run
    where account_id = ${accountId} and status = 'succeeded'`.execute(db);
  const byStream = await sql<{ stream: string; at: Date | string }>`
    select s.key as stream, max(r.finished_at) as at
    from uptrends.etl_run r, jsonb_each(r.stream_counts) s
    where r.account_id = ${accountId} and r.status = 'succeeded' and s.value->>'status' = 'succeeded'
    group by s.key`.execute(db);
  const marks = await sql<{ stream: string; at: Date | string }>`
    select stream, max(watermark) as at from uptrends.etl_state
    where account_id = ${accountId} and watermark is not null group by stream`.execute(db);
  const at = last.rows[0]?.at ?? null;
  return {
    lastSuccess: at === null ? null : date(at),
    streamLastSuccess: new Map(byStream.rows.map((r) => [r.stream, date(r.at)])),
    watermarks: new Map(marks.rows.map((r) => [r.stream, date(r.at)])),
  };
}

/**
 * `readRunFacts` on the warehouse of `target`, opened for the read and closed again (the job has
 * closed its own). An embedded warehouse that was never created is not created for it.
 */
export async function readJobFacts(
  target: { databaseUrl?: string | undefined; dataDir?: string | undefined },
  runIds: readonly number[],
  accounts: readonly string[],
): Promise<AccountFacts[]> {
  const warehouse = await openWarehouse({ ...target, create: false });
  try {
    return await readRunFacts(warehouse.db, runIds, accounts);
  } finally {
    await warehouse.close();
  }
}
