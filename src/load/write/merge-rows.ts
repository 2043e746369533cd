/**
 * The one write path of the warehouse: a batch merge on the table's natural key.
 * Rows are deduplicated inside the batch (last wins) before `on conflict`, which Postgres requires,
 * then inserted in chunks; an existing row is updated only when a value other than the stamp
 * columns differs, so re-reading a lookback period rewrites nothing and `run_id` names the run that
 * last changed a row.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { copyIn } from './copy-in.ts';
import { CopyRows, type Row } from './copy-text.ts';
import { storableText } from '../../storable-text.ts';
import type { Database, TableName, TableRow } from '../schema.ts';

/** Columns that record who wrote a row, not what it says: never a reason to rewrite it. */
export const STAMP_COLUMNS: readonly string[] = ['run_id', 'last_seen_at', 'captured_at', 'loaded_at'];

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
  /** Values every row of the batch takes (its load time), written once rather than into each row. */
  readonly constants?: Readonly<Partial<Record<ColumnOf<T>, unknown>>>;
  /**
   * Columns whose values before the merge the caller needs where the merge changes them (an
   * alert's incident key: the incident it left must be recomputed). See MergeResult.previous.
   */
  readonly previous?: readonly ColumnOf<T>[];
}

/** The same for code that handles rows of any table (snapshots of several tables). */
export interface AnyMerge {
  readonly table: string;
  readonly key: readonly string[];
  readonly insertOnly?: readonly string[];
  readonly constants?: Readonly<Record<string, unknown>>;
  readonly previous?: readonly string[];
}

/** What a merge did. */
export interface MergeResult {
  /** Rows offered after in-batch deduplication. */
  rows: number;
  /** Rows inserted or changed. */
  written: number;
  /**
   * With `previous`: for each existing row whose value in one of those columns the merge
   * changed, those columns as they were (values as the driver reads them). Otherwise empty.
   */
  previous: Row[];
}

/** Rows per COPY and merge: bounds the COPY text held at once (about 1 KB a row for alerts). */
const CHUNK_ROWS = 10_000;

/** One value of a row's key as its text: an instant as ISO text, anything else as String() gives it. */
function keyPart(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The row's key as one text, its values joined by NUL; without an array per row (a batch is thousands). */
function keyOf(row: Row, key: readonly string[]): string {
  let text = keyPart(row[key[0]!]);
  for (let i = 1; i < key.length; i++) text += `\u0000${keyPart(row[key[i]!])}`;
  return text;
}

/** Deduplicates rows on `key`, the last occurrence winning, preserving first-seen order. */
export function dedupeRows<R extends Row>(rows: readonly R[], key: readonly string[]): R[] {
  const byKey = new Map<string, R>();
  for (const row of rows) byKey.set(keyOf(row, key), row);
  return [...byKey.values()];
}

/** The session's staging table of `table`: a temporary copy of its columns, emptied at commit. */
async function stagingTable(db: Kysely<Database>, table: string): Promise<string> {
  const name = `uptrends_stage_${table}`;
  // No constraints or defaults (CREATE TABLE AS): a column the rows do not set stays NULL here and
  // is not selected by the merge, so the target's defaults apply. Created once per session.
  await sql`create temp table if not exists ${sql.table(name)} on commit delete rows
    as select * from ${sql.table(`uptrends.${table}`)} with no data`.execute(db);
  await sql`truncate ${sql.table(name)}`.execute(db);
  return name;
}

/**
 * The set-based merge of the staged rows into their table: inserted, or updated where a compared
 * column differs, as one statement.
 */
function mergeStatement(options: AnyMerge, columns: readonly string[], stage: string): RawBuilder<unknown> {
  const table = sql.table(`uptrends.${options.table}`);
  const updatable = columns.filter(
    (c) => !options.key.includes(c) && !(options.insertOnly ?? []).includes(c),
  );
  const compared = updatable.filter((c) => !STAMP_COLUMNS.includes(c));
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const source = sql`select ${list} from ${sql.table(stage)}`;
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
 * The `previous` columns of the table's rows that the staged rows will change in them: read
 * before the merge, in the same transaction.
 */
async function changedPrevious(db: Kysely<Database>, options: AnyMerge, stage: string): Promise<Row[]> {
  const columns = options.previous ?? [];
  if (columns.length === 0) return [];
  const on = sql.join(
    options.key.map((k) => sql`t.${sql.ref(k)} = s.${sql.ref(k)}`),
    sql` and `,
  );
  const list = (alias: string): RawBuilder<unknown> => sql.join(columns.map((c) => sql.ref(`${alias}.${c}`)));
  const result = await sql<Row>`select ${list('t')} from ${sql.table(`uptrends.${options.table}`)} t
    join ${sql.table(stage)} s on ${on}
    where (${list('t')}) is distinct from (${list('s')})`.execute(db);
  return result.rows;
}

/** Stages `rows` with one COPY and merges them with one statement, on `db`'s connection. */
async function mergeChunk(
  db: Kysely<Database>,
  options: AnyMerge,
  columns: readonly string[],
  rows: readonly Row[],
  previous: Row[],
): Promise<number> {
  const data = new CopyRows(rows, columns, options.constants);
  if (await probablyNew(db, options, rows)) {
    // Rows a backfill reads for the first time go straight into the table: one COPY, half the
    // database work of staging and merging. Should any of them exist after all, the COPY fails on
    // the key, is rolled back to the savepoint, and the rows are merged as below.
    await sql`savepoint uptrends_direct_copy`.execute(db);
    try {
      await copyIn(db, `uptrends.${options.table}`, columns, data);
      await sql`release savepoint uptrends_direct_copy`.execute(db);
      return rows.length;
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await sql`rollback to savepoint uptrends_direct_copy`.execute(db);
    }
  }
  const stage = await stagingTable(db, options.table);
  await copyIn(db, stage, columns, data);
  previous.push(...(await changedPrevious(db, options, stage)));
  const result = await mergeStatement(options, columns, stage).execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A key value as it is stored (a key holding NUL is stored with U+FFFD). */
const keyValue = (value: unknown): unknown => (typeof value === 'string' ? storableText(value) : value);

/** SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when none of the first, middle and last rows' keys is in the table: the batch is then
 * probably new (a backfill), and worth a direct COPY. Three index lookups.
 */
async function probablyNew(db: Kysely<Database>, options: AnyMerge, rows: readonly Row[]): Promise<boolean> {
  const sample = [...new Set([0, rows.length >> 1, rows.length - 1])].map((i) => rows[i]!);
  const keys = sql.join(options.key.map((k) => sql.ref(k)));
  const tuples = sql.join(
    sample.map((row) => sql`(${sql.join(options.key.map((k) => sql`${keyValue(row[k])}`))})`),
  );
  const found = await sql<{ found: boolean }>`select exists (
      select 1 from ${sql.table(`uptrends.${options.table}`)} where (${keys}) in (${tuples})
    ) as found`.execute(db);
  return found.rows[0]?.found === false;
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
  if (unique.length === 0) return { rows: 0, written: 0, previous: [] };
  const previous: Row[] = [];
  const columns = [...Object.keys(unique[0]!), ...Object.keys(options.constants ?? {})];
  // The staging table lives in one session and is emptied at commit: outside a transaction the
  // chunks get one of their own (a pool would otherwise give each statement another connection).
  const merge = async (trx: Kysely<Database>): Promise<number> => {
    // A transaction that merges rows commits without waiting for its WAL to reach the disk: one
    // flush per batch was a fifth of the load path's time (bench scenario 2: 0.63 -> 0.71 of a
    // raw COPY). What it risks: a crash of the Postgres server itself (not of this process) can
    // undo the batches committed in its last fraction of a second, each with the watermark and
    // coverage committed beside it, so the next run reads them again and the warehouse
    // converges. The run ledger and the delivery ledger do not merge rows: they commit durably.
    await sql`set local synchronous_commit = off`.execute(trx);
    let written = 0;
    for (let i = 0; i < unique.length; i += CHUNK_ROWS) {
      written += await mergeChunk(trx, options, columns, unique.slice(i, i + CHUNK_ROWS), previous);
    }
    return written;
  };
  const written = db.isTransaction ? await merge(db) : await db.transaction().execute(merge);
  return { rows: unique.length, written, previous };
}
