/**
 * The run ledger (uptrends.etl_run): a run is opened before any extraction and closed with its
 * status, per-stream counts and the error that stopped it.
 *
 * A process killed by SIGKILL, or one whose warehouse connection died, cannot close its run. So a
 * live run proves it is alive: on Postgres its row is inserted, and a session-level advisory lock
 * (RUN_LOCK_CLASS, run_id) taken, in one transaction on the session that holds the warehouse lock;
 * the lock lasts exactly as long as that session. Whoever opens the warehouse next closes every
 * `running` row without its lock as `crashed` (markDeadRuns). On PGlite, where one process at a
 * time can open the directory, every `running` row not opened by this process is dead.
 */
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { errorRecord } from '../../errors.ts';
import { type Database } from '../schema.ts';
import type { HeldLock } from '../locks/warehouse-lock.ts';

/** Advisory lock class of live runs ("Urun"); the object is the run id. */
export const RUN_LOCK_CLASS = 0x5572_756e;

/** Runs this process opened and has not closed: never taken for dead. */
const openedHere = new Set<number>();

/** Per-stream figures recorded on the run. */
export interface StreamCounts {
  records: number;
  written: number;
  windows: number;
  /** Records rejected (kept in etl_rejected_record). */
  rejected?: number;
  requests: number;
  /** Of `requests`, those that were retries (absent in rows recorded before it was kept). */
  retries?: number;
  status: 'succeeded' | 'failed' | 'skipped';
  error?: string | undefined;
  notice?: string | undefined;
}

/** Final status of a run. */
export type RunStatus = 'succeeded' | 'failed' | 'partial' | 'interrupted';

/**
 * Opens a run and returns its id. `options` must hold no secrets. With `lock` (the held warehouse
 * lock), the run's liveness lock is taken on the lock's session in the same transaction as the
 * insert, so no other process ever sees the row without its lock.
 */
export async function openRun(
  db: Kysely<Database>,
  command: string,
  options: object,
  toolVersion: string,
  lock?: HeldLock,
): Promise<number> {
  const insert = (on: Kysely<Database>): Promise<number> =>
    on.transaction().execute(async (trx) => {
      const runId = await insertRun(trx, command, options, toolVersion);
      await sql`select pg_advisory_lock(${RUN_LOCK_CLASS}, ${runId}::int)`.execute(trx);
      return runId;
    });
  const runId =
    lock === undefined ? await insertRun(db, command, options, toolVersion) : await lock.onSession(insert);
  openedHere.add(runId);
  return runId;
}

async function insertRun(
  db: Kysely<Database>,
  command: string,
  options: object,
  toolVersion: string,
): Promise<number> {
  const row = await db
    .insertInto('etl_run')
    .values({
      command,
      started_at: new Date(),
      status: 'running',
      options: JSON.stringify(options),
      stream_counts: '{}',
      requests: 0,
      host: os.hostname(),
      tool_version: toolVersion,
      account_id: null,
      error: null,
      finished_at: null,
    })
    .returning('run_id')
    .executeTakeFirstOrThrow();
  return row.run_id;
}

/** Records the account a run reads, once known. */
export async function setRunAccount(db: Kysely<Database>, runId: number, accountId: string): Promise<void> {
  await db.updateTable('etl_run').set({ account_id: accountId }).where('run_id', '=', runId).execute();
}

/**
 * Serialises an error for the ledger (errors.ts, `errorRecord`): code, message, context, retriable
 * flag and cause; never a stack or a secret. A queued job's error is read back from it.
 */
export function errorForLedger(error: unknown): object {
  return errorRecord(error);
}

/** Closes a run. */
export async function closeRun(
  db: Kysely<Database>,
  runId: number,
  status: RunStatus,
  counts: Record<string, StreamCounts>,
  requests: number,
  error?: unknown,
): Promise<void> {
  await db
    .updateTable('etl_run')
    .set({
      status,
      finished_at: sql<Date>`now()`,
      stream_counts: JSON.stringify(counts),
      requests,
      error: error === undefined ? null : JSON.stringify(errorForLedger(error)),
    })
    .where('run_id', '=', runId)
    .execute();
  openedHere.delete(runId);
}

/**
 * Closes every `running` run whose process is gone as `crashed` (see the module comment) and
 * returns their ids. Safe to call from any process at any time; a live run is never touched.
 */
export async function markDeadRuns(db: Kysely<Database>, backend: 'postgres' | 'pglite'): Promise<number[]> {
  const mine = [...openedHere];
  const alive =
    backend === 'postgres'
      ? sql`exists (
          select 1 from pg_locks l
          where l.locktype = 'advisory' and l.granted and l.objsubid = 2
            and l.database = (select oid from pg_database where datname = current_database())
            and l.classid = ${RUN_LOCK_CLASS}::bigint::oid and l.objid = etl_run.run_id::oid)`
      : sql`false`;
  const error = {
    code: 'RUN_CRASHED',
    message:
      'The process ended without closing the run (killed, or its warehouse connection was lost); closed by the next process that opened the warehouse.',
  };
  const rows = await db
    .updateTable('etl_run')
    .set({ status: 'crashed', finished_at: sql<Date>`now()`, error: JSON.stringify(error) })
    .where('status', '=', 'running')
    .where(sql<boolean>`not ${alive}`)
    .$if(mine.length > 0, (q) => q.where('run_id', 'not in', mine))
    .returning('run_id')
    .execute();
  return rows.map((r) => r.run_id);
}

/** Who loaded the data of a warehouse: the demo's guard (pipeline/run-demo.ts). */
export interface WarehouseLoaders {
  /** Accounts the warehouse holds (0: empty or not migrated). */
  readonly accounts: number;
  /** Accounts no `demo` run loaded (loaded by another command, or by hand). */
  readonly notByDemo: number;
  /** Commands other than `demo` whose runs identified an account (loaded data), e.g. sync, nightly. */
  readonly otherCommands: readonly string[];
}

/** Which commands loaded the warehouse's data; an unmigrated warehouse holds none. */
export async function warehouseLoaders(db: Kysely<Database>): Promise<WarehouseLoaders> {
  const present = await sql<{ account: string | null; run: string | null }>`
    select to_regclass('uptrends.account')::text as account,
           to_regclass('uptrends.etl_run')::text as run`.execute(db);
  const tables = present.rows[0];
  if (tables?.account == null) return { accounts: 0, notByDemo: 0, otherCommands: [] };
  if (tables.run == null) {
    const n = await sql<{ n: number }>`select count(*)::int as n from uptrends.account`.execute(db);
    return { accounts: n.rows[0]?.n ?? 0, notByDemo: n.rows[0]?.n ?? 0, otherCommands: [] };
  }
  const counts = await sql<{ accounts: number; not_by_demo: number }>`
    select count(*)::int as accounts,
           (count(*) filter (where not exists (
             select 1 from uptrends.etl_run r
             where r.account_id = a.account_id and r.command = 'demo')))::int as not_by_demo
    from uptrends.account a`.execute(db);
  const commands = await sql<{ command: string }>`
    select distinct command from uptrends.etl_run
    where account_id is not null and command <> 'demo' order by command`.execute(db);
  return {
    accounts: counts.rows[0]?.accounts ?? 0,
    notByDemo: counts.rows[0]?.not_by_demo ?? 0,
    otherCommands: commands.rows.map((r) => r.command),
  };
}
