/**
 * Loads a full list (a snapshot) of configuration records: merge on the key, stamp what was seen,
 * and soft-delete what is missing within the snapshot's scope (the account, or one parent such as
 * the monitor group whose members were listed). Rows are never deleted: a monitor removed from
 * Uptrends keeps its history reportable.
 */
import { sql, type Kysely } from 'kysely';
import { mergeRows, type MergeResult, type Row } from './merge-rows.ts';

export interface SnapshotTable {
  table: string;
  key: readonly string[];
  rows: readonly Row[];
  /** Column -> value the snapshot covers; rows of the scope missing from `rows` are marked deleted. */
  scope: Readonly<Record<string, string>>;
  /** Keys (as in `key`, joined by '/') known to exist but not loaded (rejected records): never marked deleted. */
  keep?: readonly string[];
  /** Does the table carry first_seen_at / last_seen_at / deleted_at? (Default: true) */
  softDelete?: boolean;
}

/** What a snapshot load did. */
export interface SnapshotResult extends MergeResult {
  deleted: number;
}

/** Merges one snapshot and marks missing rows deleted, inside the caller's transaction. */
export async function loadSnapshot(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  snapshot: SnapshotTable,
  seenAt: Date,
): Promise<SnapshotResult> {
  const softDelete = snapshot.softDelete ?? true;
  const rows = softDelete
    ? snapshot.rows.map((row) => ({ ...row, first_seen_at: seenAt, last_seen_at: seenAt, deleted_at: null }))
    : snapshot.rows;
  const merged = await mergeRows(
    db,
    { table: snapshot.table, key: snapshot.key, insertOnly: ['first_seen_at'] },
    rows,
  );
  if (!softDelete) return { ...merged, deleted: 0 };
  const keyText = sql.join(
    snapshot.key.map((k) => sql`${sql.ref(k)}::text`),
    sql` || '/' || `,
  );
  const present = [
    ...snapshot.rows.map((row) => snapshot.key.map((k) => String(row[k])).join('/')),
    ...(snapshot.keep ?? []),
  ];
  const scope = Object.entries(snapshot.scope).map(
    ([column, value]) => sql`${sql.ref(column)}::text = ${value}`,
  );
  const result = await sql`
    update ${sql.table(`uptrends.${snapshot.table}`)} set deleted_at = ${seenAt}
    where ${sql.join(scope, sql` and `)} and deleted_at is null
      and not (${keyText} = any(${present}::text[]))`.execute(db);
  return { ...merged, deleted: Number(result.numAffectedRows ?? 0) };
}
