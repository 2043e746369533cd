/** Stores rejected records (uptrends.etl_rejected_record) in the transaction of their window. */
import { sql, type Kysely } from 'kysely';
import type { RejectedRecord } from '../extract/record-validator.ts';
import { withoutNul } from './merge-rows.ts';
import { type Database } from './schema.ts';

/** Inserts the rejects; returns how many. */
export async function saveRejects(
  db: Kysely<Database>,
  runId: number,
  accountId: string,
  rejects: readonly RejectedRecord[],
): Promise<number> {
  for (const r of rejects) {
    await sql`insert into uptrends.etl_rejected_record
      (run_id, account_id, stream, window_start, window_end, record_id, error, raw)
      values (${runId}, ${accountId}, ${r.stream}, ${r.windowStart ?? null}, ${r.windowEnd ?? null},
              ${withoutNul(r.recordId)}, ${withoutNul(r.error)}, ${JSON.stringify(withoutNul(r.raw ?? null))})`.execute(
      db,
    );
  }
  return rejects.length;
}
