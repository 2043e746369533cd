/**
 * The run ledger (uptrends.etl_run): a run is opened before any extraction and closed with its
 * status, per-stream counts and the error that stopped it. A run killed by SIGKILL stays
 * `running` with no finished_at; `status` shows it and the next run starts fresh.
 */
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { EtlError } from '../errors.ts';
import { type Database } from './schema.ts';

/** Per-stream figures recorded on the run. */
export interface StreamCounts {
  records: number;
  written: number;
  windows: number;
  /** Records rejected (kept in etl_rejected_record). */
  rejected?: number;
  requests: number;
  status: 'succeeded' | 'failed' | 'skipped';
  error?: string | undefined;
  notice?: string | undefined;
}

/** Final status of a run. */
export type RunStatus = 'succeeded' | 'failed' | 'partial' | 'interrupted';

/** Opens a run and returns its id. `options` must hold no secrets. */
export async function openRun(
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

/** Serialises an error for the ledger: code, message, context; never a stack or a secret. */
export function errorForLedger(error: unknown): object {
  if (error instanceof EtlError) return { code: error.code, message: error.message, context: error.context };
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
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
}
