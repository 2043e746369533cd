/**
 * The one write path of the warehouse: a batch merge on the table's natural key.
 * Rows are deduplicated inside the batch (last wins) before `on conflict`, which Postgres requires,
 * then inserted in chunks; an existing row is updated only when a value other than the stamp
 * columns differs, so re-reading a lookback period rewrites nothing and `run_id` names the run that
 * last changed a row.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, TableName, TableRow } from './schema.ts';

/** Columns that record who wrote a row, not what it says: never a reason to rewrite it. */
export const STAMP_COLUMNS: readonly string[] = ['run_id', 'last_seen_at', 'captured_at', 'loaded_at'];

/** A row as column -> value (snake_case column names), whatever its table. */
type Row = Readonly<Record<string, unknown>>;

/** A column of table `T`. */
export type ColumnOf<T extends TableName> = keyof TableRow<T> & string;

/** How rows of table `T` merge. */
export interface MergeOptions<T extends TableName> {
  /** Schema-less table name in `uptrends`. */
  readonly table: T;
  /** Conflict target: the primary key columns. */
  readonly key: readonly ColumnOf<T>[];
  /** Columns never overwritten on conflict (e.g. first_seen_at). */
  readonly insertOnly?: readonly ColumnOf<T>[];
}

/** The same for code that handles rows of any table (snapshots of several tables). */
export interface AnyMerge {
  readonly table: string;
  readonly key: readonly string[];
  readonly insertOnly?: readonly string[];
}

/** What a merge did. */
export interface MergeResult {
  /** Rows offered after in-batch deduplication. */
  rows: number;
  /** Rows inserted or changed. */
  written: number;
}

/** Rows per statement: one JSON parameter each, so the bound is the parameter's size, not a count. */
const CHUNK_ROWS = 10_000;

// Half of a UTF-16 surrogate pair without its other half (JSON may escape one as "\ud800").
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Postgres text and jsonb cannot hold the NUL character, which monitored sites do put in error
 * texts, and jsonb refuses a lone surrogate escape (`\ud800`): either would fail the whole window,
 * on every re-run. Both are replaced by U+FFFD (the replacement character), so the row loads and
 * the reader still sees that something was there.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') {
    const text = value.includes('\u0000') ? value.split('\u0000').join('\uFFFD') : value;
    return text.replace(LONE_SURROGATE, '\uFFFD') as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => withoutNul(v)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)])) as T;
  }
  return value;
}

// In JSON.stringify's output, every backslash starts an escape, a NUL is always written "\u0000"
// and a surrogate is written as an escape only when it is lone (a pair is written as itself).
// Matching escapes left to right ("\\\\" as one) therefore finds exactly the ones to replace.
const MAYBE_UNSTORABLE = /\\u(?:0000|d[89a-f])/;
const JSON_UNSTORABLE = /\\(?:u0000|ud[89a-f][0-9a-f]{2}|\\)/g;

/**
 * The JSON text of a batch, with what Postgres cannot store replaced by U+FFFD as `withoutNul`
 * does, found in the serialised text rather than by walking every value of every raw object: one
 * scan of a string instead of a recursive copy of each record (the load path's largest CPU cost).
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  // Cheap test first: almost every batch has nothing to replace (a literal "\\u0000" text only
  // sends it down the exact path below, which leaves it alone).
  if (!MAYBE_UNSTORABLE.test(json)) return json;
  return json.replace(JSON_UNSTORABLE, (escape) => (escape === '\\\\' ? escape : '\\ufffd'));
}

function keyOf(row: Row, key: readonly string[]): string {
  if (key.length === 1) {
    const v = row[key[0]!];
    return v instanceof Date ? v.toISOString() : String(v);
  }
  return key.map((k) => String(row[k] instanceof Date ? row[k].toISOString() : row[k])).join('\u0000');
}

/** Deduplicates rows on `key`, the last occurrence winning, preserving first-seen order. */
export function dedupeRows<R extends Row>(rows: readonly R[], key: readonly string[]): R[] {
  const byKey = new Map<string, R>();
  for (const row of rows) byKey.set(keyOf(row, key), row);
  return [...byKey.values()];
}

/**
 * One set-based merge of a chunk: the rows travel as one JSON array parameter that
 * `json_populate_recordset` turns into rows of the target table's own type, so every value is cast
 * by the column it goes to (timestamptz, uuid[], jsonb...) and the statement has the same text
 * whatever the batch size. This replaces a VALUES list with one bind parameter per value, whose
 * statement building and parsing cost more than the rows themselves.
 */
function mergeStatement(options: AnyMerge, columns: readonly string[], json: string): RawBuilder<unknown> {
  const table = sql.table(`uptrends.${options.table}`);
  const updatable = columns.filter(
    (c) => !options.key.includes(c) && !(options.insertOnly ?? []).includes(c),
  );
  const compared = updatable.filter((c) => !STAMP_COLUMNS.includes(c));
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const source = sql`select ${list} from json_populate_recordset(null::${table}, ${json}::json)`;
  const conflict = sql.join(options.key.map((k) => sql.ref(k)));
  if (updatable.length === 0) {
    return sql`insert into ${table} (${list}) ${source} on conflict (${conflict}) do nothing`;
  }
  const set = sql.join(updatable.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  const changed =
    compared.length === 0
      ? sql`true`
      : sql`(${sql.join(compared.map((c) => sql`${sql.ref(`${options.table}.${c}`)}`))}) is distinct from (${sql.join(
          compared.map((c) => sql`excluded.${sql.ref(c)}`),
        )})`;
  return sql`insert into ${table} as ${sql.ref(options.table)} (${list})
    ${source}
    on conflict (${conflict}) do update set ${set} where ${changed}`;
}

/**
 * Merges `rows` into `uptrends.<table>`. Values must already be column-typed (Date for
 * timestamptz, text for date/timestamp); objects become JSON for jsonb columns. Run inside the
 * window's transaction.
 */
export function mergeRows<T extends TableName>(
  db: Kysely<Database>,
  options: MergeOptions<T>,
  rows: readonly TableRow<T>[],
): Promise<MergeResult> {
  return mergeAnyRows(db, options, rows);
}

/** `mergeRows` for callers that hold rows of several tables at once (typed by their declarations). */
export async function mergeAnyRows(
  db: Kysely<Database>,
  options: AnyMerge,
  rows: readonly object[],
): Promise<MergeResult> {
  const unique = dedupeRows(rows as readonly Row[], options.key);
  if (unique.length === 0) return { rows: 0, written: 0 };
  const columns = Object.keys(unique[0]!);
  let written = 0;
  for (let i = 0; i < unique.length; i += CHUNK_ROWS) {
    const json = storableJson(unique.slice(i, i + CHUNK_ROWS));
    const result = await mergeStatement(options, columns, json).execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return { rows: unique.length, written };
}
