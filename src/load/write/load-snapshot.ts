/**
 * Loads a full list (a snapshot) of configuration records: merge on the key, stamp what was seen,
 * and soft-delete what is missing within the snapshot's scope (the account, or one parent such as
 * the monitor group whose members were listed). Rows are never deleted: a monitor removed from
 * Uptrends keeps its history reportable. After an incomplete read (a tree walk that missed part of
 * the tree) absence proves nothing, so the caller turns the soft delete off and only the seen
 * stamps move. A record read with fewer fields (an operator without administrator rights sees six
 * fields of a monitor) writes only the columns it carries: what a fuller read stored stays.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Row } from './copy-text.ts';
import { mergeAnyRows, STAMP_COLUMNS, type MergeResult } from './merge-rows.ts';
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
  /**
   * Rows of records read with fewer fields: they write only `columns` (and the stamps); every other
   * column of a stored row stays, and is written only for a row not stored yet.
   */
  readonly partial?: { readonly rows: readonly object[]; readonly columns: readonly string[] };
  /**
   * Rows whose `columns` (joined as `keyText` joins them) are among `keys` are never marked deleted:
   * the record they belong to was read without them (a partial record).
   */
  readonly spare?: { readonly columns: readonly string[]; readonly keys: readonly string[] };
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
  const stamped = (rows: readonly object[]): readonly object[] =>
    softDelete
      ? rows.map((row) => ({ ...row, first_seen_at: seenAt, last_seen_at: seenAt, deleted_at: null }))
      : rows;
  const insertOnly = softDelete ? ['first_seen_at'] : [];
  const merged = await mergeAnyRows(
    db,
    { table: snapshot.table, key: snapshot.key, insertOnly },
    stamped(snapshot.rows),
  );
  const partialRows = stamped(snapshot.partial?.rows ?? []);
  if (partialRows.length > 0) {
    const writes = new Set([...snapshot.key, ...snapshot.partial!.columns, ...STAMP_COLUMNS, 'deleted_at']);
    const fewer = await mergeAnyRows(
      db,
      {
        table: snapshot.table,
        key: snapshot.key,
        insertOnly: Object.keys(partialRows[0]!).filter((c) => !writes.has(c)),
      },
      partialRows,
    );
    merged.rows += fewer.rows;
    merged.written += fewer.written;
    merged.previous.push(...fewer.previous);
  }
  if (!softDelete || snapshot.markMissing === false) return { ...merged, deleted: 0 };
  const present = [
    ...[...snapshot.rows, ...partialRows].map((row) => keyText(snapshot.key.map((k) => (row as Row)[k]))),
    ...(snapshot.keep ?? []),
  ];
  const scope = Object.entries(snapshot.scope).map(
    ([column, value]) => sql`${sql.ref(column)}::text = ${value}`,
  );
  const spared =
    snapshot.spare === undefined || snapshot.spare.keys.length === 0
      ? sql``
      : sql`and not (${keyExpression(snapshot.spare.columns)} = any(${snapshot.spare.keys}::text[]))`;
  const result = await sql`
    update ${sql.table(`uptrends.${snapshot.table}`)} set deleted_at = ${seenAt}
    where ${sql.join(scope, sql` and `)} and deleted_at is null
      and not (${keyExpression(snapshot.key)} = any(${present}::text[])) ${spared}`.execute(db);
  return { ...merged, deleted: Number(result.numAffectedRows ?? 0) };
}

/** The text form of `columns` of a stored row, as `keyText` writes it. */
function keyExpression(columns: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    columns.map((k) => sql`${sql.ref(k)}::text`),
    sql` || '/' || `,
  );
}
