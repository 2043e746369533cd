/** Stores rejected records (uptrends.etl_rejected_record) in the transaction of their window. */
import type { Kysely } from 'kysely';
import { storableJson, storableText } from '../../storable-text.ts';
import type { Database } from '../schema.ts';

/** A record the run could not load, with why and where. */
export interface RejectRow {
  readonly stream: string;
  readonly recordId: string | null;
  readonly error: string;
  readonly raw: unknown;
  readonly windowStart?: Date | undefined;
  readonly windowEnd?: Date | undefined;
}

/** Inserts the rejects; returns how many. */
export async function saveRejects(
  db: Kysely<Database>,
  runId: number,
  accountId: string,
  rejects: readonly RejectRow[],
): Promise<number> {
  if (rejects.length === 0) return 0;
  await db
    .insertInto('etl_rejected_record')
    .values(
      rejects.map((r) => ({
        run_id: runId,
        account_id: accountId,
        stream: r.stream,
        window_start: r.windowStart ?? null,
        window_end: r.windowEnd ?? null,
        // What Postgres cannot hold (NUL, a lone surrogate) becomes U+FFFD, as in every table.
        record_id: r.recordId === null ? null : storableText(r.recordId),
        error: storableText(r.error),
        raw: storableJson(r.raw ?? null),
      })),
    )
    .execute();
  return rejects.length;
}
