/**
 * Merges entity rows with their seen stamps but without marking anything deleted: the load used
 * when a tree walk was incomplete, where a device missing from the walk may still exist. The same
 * stamps as `loadSnapshot` (first_seen_at kept, last_seen_at moved, deleted_at cleared for what
 * was seen), so both paths leave identical rows for what they load.
 */
import type { Kysely } from 'kysely';
import { mergeRows, type MergeResult, type Row } from '../../load/merge-rows.ts';
import { type Database } from '../../load/schema.ts';

/** Merges `rows` into `uptrends.<table>` stamped as seen at `seenAt`. */
export async function mergeSeen(
  db: Kysely<Database>,
  table: string,
  key: readonly string[],
  rows: readonly Row[],
  seenAt: Date,
): Promise<MergeResult> {
  const stamped = rows.map((row) => ({
    ...row,
    first_seen_at: seenAt,
    last_seen_at: seenAt,
    deleted_at: null,
  }));
  return mergeRows(db, { table, key, insertOnly: ['first_seen_at'] }, stamped);
}
