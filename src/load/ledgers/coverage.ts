/**
 * Coverage (uptrends.etl_coverage): the time the warehouse has read, per stream partition. The
 * watermark says where the newest contiguous run of windows ends; coverage says whether a given
 * stretch was read at all, which is what separates "no incidents" from "no data". The window engine
 * records a window here in the same transaction as its last batch, so coverage never claims rows
 * that were not committed (sql/migrations/000010_coverage.sql).
 */
import { sql, type Kysely } from 'kysely';
import type { Interval } from '../../time/intervals.ts';
import type { Database } from '../schema.ts';

/** One coverage row: an account's stream partition. */
export interface CoverageKey {
  readonly accountId: string;
  readonly stream: string;
  /** As etl_state.partition. (Default: '-') */
  readonly partition?: string;
}

/** Adds `[window.start, window.end)` to the partition's coverage. Run inside the window's transaction. */
export async function recordCoverage(
  trx: Kysely<Database>,
  key: CoverageKey,
  window: Interval,
  runId: number,
): Promise<void> {
  if (window.end.getTime() <= window.start.getTime()) return;
  await sql`
    insert into uptrends.etl_coverage as c (account_id, stream, partition, covered, updated_at, updated_by_run_id)
    values (
      ${key.accountId}, ${key.stream}, ${key.partition ?? '-'},
      tstzmultirange(tstzrange(${window.start}::timestamptz, ${window.end}::timestamptz, '[)')),
      now(), ${runId}
    )
    on conflict (account_id, stream, partition) do update
    set covered = c.covered + excluded.covered,
        updated_at = excluded.updated_at,
        updated_by_run_id = excluded.updated_by_run_id`.execute(trx);
}
