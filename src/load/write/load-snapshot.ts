/**
 * Loads a full list (a snapshot) of configuration records: merge on the key, stamp what was seen,
 * and soft-delete what is missing within the snapshot's scope (the account, or one parent such as
 * the monitor group whose members were listed). Rows are never deleted: a monitor removed from
 * Uptrends keeps its history reportable. After an incomplete read (a tree walk that missed part of
 * the tree) absence proves nothing, so the caller turns the soft delete off and only the seen
 * stamps move.
 */
import { sql, type Kysely } from 'kysely';
import { mergeAnyRows, type MergeResult } from './merge-rows.ts';
import type { Database, TableName } from '../schema.ts';

/** One table's part of a snapshot (rows typed by the stream declaration that built them). */
export interface SnapshotTable {
  readonly table: TableName;
  readonly key: readonly string[];
  readonly rows: readonly object[];
  /** Column -> value the snapshot covers; rows of the scope missing from `rows` are marked deleted. */
  readonly scope: Readonly<Record<string, string>>;
  /** Keys (as in `key`, joined by '/') known to exist but not loaded (rejected records): never marked deleted. */
  readonly keep?: readonly string[];
  /** Does the table carry first_seen_at / last_seen_at / deleted_at? (Default: true) */
  readonly softDelete?: boolean;
  /** Mark rows missing from the snapshot deleted; false after an incomplete read. (Default: true) */
  readonly markMissing?: boolean;
}

/** What a snapshot load did. */
export interface SnapshotResult extends MergeResult {
  deleted: number;
}

/** The text form of a row's key, as the soft-delete statement compares it. */
export function keyText(values: readonly unknown[]): string {
  return values.map((v) => String(v)).join('/');
}

/** Merges one snapshot and marks missing rows deleted, inside the caller's transaction. */
export async function loadSnapshot(
  db: Kysely<Database>,
  snapshot: SnapshotTable,
  seenAt: Date,
): Promise<SnapshotResult> {
  const softDelete = snapshot.softDelete ?? true;
  const rows = softDelete
    ? snapshot.rows.map((row) => ({ ...row, first_seen_at: seenAt, last_seen_at: seenAt, deleted_at: null }))
    : snapshot.rows;
  const merged = await mergeAnyRows(
    db,
    { table: snapshot.table, key: snapshot.key, insertOnly: softDelete ? ['first_seen_at'] : [] },
    rows,
  );
  if (!softDelete || snapshot.markMissing === false) return { ...merged, deleted: 0 };
  const keyExpression = sql.join(
    snapshot.key.map((k) => sql`${sql.ref(k)}::text`),
    sql` || '/' || `,
  );
  const present = [
    ...snapshot.rows.map((row) => keyText(snapshot.key.map((k) => (row as Record<string, unknown>)[k]))),
    ...(snapshot.keep ?? []),
  ];
  const scope = Object.entries(snapshot.scope).map(
    ([column, value]) => sql`${sql.ref(column)}::text = ${value}`,
  );
  const result = await sql`
    update ${sql.table(`uptrends.${snapshot.table}`)} set deleted_at = ${seenAt}
    where ${sql.join(scope, sql` and `)} and deleted_at is null
      and not (${keyExpression} = any(${present}::text[]))`.execute(db);
  return { ...merged, deleted: Number(result.numAffectedRows ?? 0) };
}
