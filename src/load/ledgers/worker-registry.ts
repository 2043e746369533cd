/**
 * The live workers of the job queue (`uptrends.etl_worker`, migration 000014): each worker process
 * registers, beats every few seconds and deletes its row when it stops. A row whose beat is older
 * than the worker's own `stale_after_seconds` belongs to a dead process (SIGKILL, a machine lost):
 * `sweepDeadWorkers` removes it and closes the runs the worker left open as interrupted; the caller
 * then hands the worker's locked jobs back to the queue.
 */
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { type Database } from '../schema.ts';

/** Registers this process as worker `workerId`. */
export async function registerWorker(
  db: Kysely<Database>,
  worker: { workerId: string; concurrency: number; staleAfterSeconds: number },
): Promise<void> {
  await sql`insert into uptrends.etl_worker (worker_id, host, pid, concurrency, stale_after_seconds)
    values (${worker.workerId}, ${hostname()}, ${process.pid}, ${worker.concurrency}, ${worker.staleAfterSeconds})
    on conflict (worker_id) do update set heartbeat_at = now()`.execute(db);
}

/**
 * Records a heartbeat; false when the row is gone, i.e. another process declared this worker dead
 * (its beats stalled past stale_after_seconds) and its jobs may already run elsewhere.
 */
export async function beat(db: Kysely<Database>, workerId: string): Promise<boolean> {
  const result = await sql`update uptrends.etl_worker set heartbeat_at = now()
    where worker_id = ${workerId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Removes this worker's row (a clean stop). */
export async function unregisterWorker(db: Kysely<Database>, workerId: string): Promise<void> {
  await sql`delete from uptrends.etl_worker where worker_id = ${workerId}`.execute(db);
}

/**
 * Deletes the rows of dead workers and marks the runs they left `running` as interrupted; returns
 * their ids, whose locked jobs the caller hands back to the queue.
 */
export async function sweepDeadWorkers(db: Kysely<Database>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const dead = await sql<{ worker_id: string; host: string; pid: number }>`
      delete from uptrends.etl_worker
      where heartbeat_at < now() - stale_after_seconds * interval '1 second'
      returning worker_id, host, pid`.execute(trx);
    const ids = dead.rows.map((r) => r.worker_id);
    if (ids.length > 0) {
      const error = JSON.stringify({
        code: 'INTERRUPTED',
        message:
          'the worker running this job stopped without a word (killed, or its machine lost); another worker runs the job again',
      });
      await sql`update uptrends.etl_run set status = 'interrupted', finished_at = now(), error = ${error}::jsonb
        where status = 'running' and options->'job'->>'worker' = any(${ids}::text[])`.execute(trx);
    }
    return ids;
  });
}
