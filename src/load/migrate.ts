/**
 * Brings a warehouse to the current schema in two steps, under an advisory lock that serialises
 * two processes migrating at once:
 *
 * 1. Numbered migrations (`sql/migrations/000001_<what>.sql`): tables and indexes. Each is applied
 *    once, in order, in its own transaction, and recorded in `uptrends.schema_migration` with its
 *    checksum. A file edited after it was applied is refused: a landed migration is never edited.
 * 2. Repeatable SQL (`sql/functions/*.sql`, then `sql/views/*.sql`, each folder in file-name order,
 *    one object per file): re-applied, all of them in one transaction, whenever the set of files or
 *    any file's checksum differs from what `uptrends.schema_repeatable` recorded. A view whose
 *    columns changed cannot be `create or replace`d: it is dropped (with what depends on it, which
 *    the later files recreate) and created again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DatabaseError } from '../errors.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { type Database } from './schema.ts';

/** Folder of the SQL files (migrations, functions, views). */
export const SQL_DIR = `${path.join(PACKAGE_ROOT, 'sql')}/`;

/** Folder of the migration files. */
export const MIGRATIONS_DIR = `${SQL_DIR}migrations/`;

/** Advisory lock key for migrations ("uptrends" in ASCII hex, truncated). */
const MIGRATION_LOCK_KEY = 0x7570_7472;

// Postgres' invalid_table_definition: "cannot drop columns from view", "cannot change name of view
// column": what `create or replace view` refuses when a view's column list changed.
const VIEW_COLUMNS_CHANGED = '42P16';

// Postgres' invalid_function_definition: "cannot change return type of existing function" (and of
// its OUT columns): what `create or replace function` refuses when a function's result changed.
const FUNCTION_RESULT_CHANGED = '42P13';

/** One migration file. */
export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** One repeatable file (a function or a view). */
export interface RepeatableFile {
  /** Path under sql/, e.g. `views/10-v_incident.sql`. */
  file: string;
  kind: 'function' | 'view';
  sql: string;
  checksum: string;
}

/** Result of a migrate call. */
export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
  /** Repeatable files applied (all of them when anything changed, else none). */
  repeatables: string[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Reads and orders the migration files (six-digit prefix, underscore, name, `.sql`). */
export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => /^\d{6}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(`${dir}/${file}`, 'utf8');
      return { version: file.slice(0, 6), name: file.slice(7, -4), sql: text, checksum: sha256(text) };
    });
}

/** Reads the repeatable files: functions first (views use them), each folder in name order. */
export function readRepeatables(dir: string = SQL_DIR): RepeatableFile[] {
  const folders = [
    ['functions', 'function'],
    ['views', 'view'],
  ] as const;
  return folders.flatMap(([folder, kind]) =>
    readdirSync(`${dir}/${folder}`)
      .filter((file) => /^\d{2}-[a-z0-9_]+\.sql$/.test(file))
      .sort()
      .map((file) => {
        const text = readFileSync(`${dir}/${folder}/${file}`, 'utf8');
        return { file: `${folder}/${file}`, kind, sql: text, checksum: sha256(text) };
      }),
  );
}

async function bootstrap(db: Kysely<Database>): Promise<void> {
  await sql`create schema if not exists uptrends`.execute(db);
  await sql`create table if not exists uptrends.schema_migration (
    version text primary key,
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`.execute(db);
}

/** Versions applied so far, with their checksums. */
export async function appliedMigrations(db: Kysely<Database>): Promise<Map<string, string>> {
  const exists = await sql<{ present: boolean }>`
    select to_regclass('uptrends.schema_migration') is not null as present`.execute(db);
  if (exists.rows[0]?.present !== true) return new Map();
  const rows = await db.selectFrom('schema_migration').select(['version', 'checksum']).execute();
  return new Map(rows.map((row) => [row.version, row.checksum]));
}

/** Migrations present on disk but not yet applied. */
export async function pendingMigrations(db: Kysely<Database>, dir?: string): Promise<MigrationFile[]> {
  const applied = await appliedMigrations(db);
  return readMigrations(dir).filter((m) => !applied.has(m.version));
}

/** How far a warehouse's schema is from the one this version's SQL files describe. */
export interface SchemaLag {
  /** Migrations on disk not applied (`000018_name`). */
  pending: string[];
  /** Applied migrations this version does not know: a newer uptrends-etl migrated the warehouse. */
  unknown: string[];
  /** The SQL functions and views differ from this version's files (or were never applied). */
  repeatablesChanged: boolean;
}

/** Compares the warehouse's recorded schema with this version's SQL files; reads, never writes. */
export async function schemaLag(db: Kysely<Database>, dir: string = SQL_DIR): Promise<SchemaLag> {
  const files = readMigrations(`${dir}/migrations`);
  const applied = await appliedMigrations(db);
  const known = new Set(files.map((f) => f.version));
  const pending = files.filter((f) => !applied.has(f.version)).map((f) => `${f.version}_${f.name}`);
  const unknown = [...applied.keys()].filter((version) => !known.has(version)).sort();
  const present = await sql<{ present: boolean }>`
    select to_regclass('uptrends.schema_repeatable') is not null as present`.execute(db);
  let repeatablesChanged = true;
  if (present.rows[0]?.present === true) {
    const rows = await db.selectFrom('schema_repeatable').select(['file', 'checksum']).execute();
    repeatablesChanged = !sameSet(new Map(rows.map((r) => [r.file, r.checksum])), readRepeatables(dir));
  }
  return { pending, unknown, repeatablesChanged };
}

/**
 * The refusal of a warehouse whose schema is behind this version, or undefined when it is
 * current. Commands that read figures refuse such a warehouse: its functions and views would give
 * an older definition's figures, or fail half-way through a report with "function does not exist".
 */
export function schemaBehindError(lag: SchemaLag, location: string): DatabaseError | undefined {
  if (lag.pending.length === 0 && !lag.repeatablesChanged) return undefined;
  const what =
    lag.pending.length > 0
      ? `${lag.pending.length} migration${lag.pending.length === 1 ? '' : 's'} not applied (${describeList(lag.pending)})`
      : 'its SQL functions and views are not those of this version';
  return new DatabaseError(
    `The warehouse at ${location} is behind this version of uptrends-etl: ${what}. Run uptrends-etl migrate (a sync or nightly also migrates first), then try again.`,
    { code: 'WAREHOUSE_SCHEMA_BEHIND', context: { location, pendingMigrations: lag.pending.length } },
  );
}

/** A few names, then how many more. */
function describeList(names: readonly string[], shown = 3): string {
  const head = names.slice(0, shown).join(', ');
  return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}

async function applyMigrations(conn: Kysely<Database>, files: readonly MigrationFile[]): Promise<string[]> {
  const applied = await appliedMigrations(conn);
  const done: string[] = [];
  for (const file of files) {
    const checksum = applied.get(file.version);
    if (checksum !== undefined) {
      if (checksum !== file.checksum) {
        throw new DatabaseError(
          `Migration ${file.version}_${file.name} was changed after it was applied; migrations are never edited once landed. Add a new migration instead.`,
          { context: { migration: file.version } },
        );
      }
      continue;
    }
    await conn.transaction().execute(async (trx) => {
      await sql.raw(file.sql).execute(trx);
      await trx
        .insertInto('schema_migration')
        .values({ version: file.version, name: file.name, checksum: file.checksum })
        .execute();
    });
    done.push(`${file.version}_${file.name}`);
  }
  return done;
}

function sameSet(recorded: ReadonlyMap<string, string>, files: readonly RepeatableFile[]): boolean {
  return recorded.size === files.length && files.every((f) => recorded.get(f.file) === f.checksum);
}

/**
 * Applies a view or function file; when Postgres refuses to replace the object because its columns
 * (or its result) changed, drops it with what depends on it (the later files recreate that) and
 * creates it again.
 */
async function applyReplacing(trx: Kysely<Database>, file: RepeatableFile): Promise<void> {
  const view = /create or replace view\s+([a-z0-9_.]+)/i.exec(file.sql)?.[1];
  const fn = /create or replace function\s+([a-z0-9_.]+)\s*\(/i.exec(file.sql)?.[1];
  await sql`savepoint repeatable_object`.execute(trx);
  try {
    await sql.raw(file.sql).execute(trx);
    await sql`release savepoint repeatable_object`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint repeatable_object`.execute(trx);
    const code = (error as { code?: string }).code;
    if (code === VIEW_COLUMNS_CHANGED && view !== undefined) {
      await sql.raw(`drop view if exists ${view} cascade`).execute(trx);
    } else if (code === FUNCTION_RESULT_CHANGED && fn !== undefined) {
      await dropFunction(trx, fn);
    } else {
      throw error;
    }
    await sql.raw(file.sql).execute(trx);
  }
  // A file holds one function: when its argument list changed, `create or replace` made a second
  // one beside the old, and calls with the old arguments would still reach the old code.
  if (fn !== undefined && (await overloads(trx, fn)).length > 1) {
    await dropFunction(trx, fn);
    await sql.raw(file.sql).execute(trx);
  }
}

/** The signatures of every function called `name` (schema-qualified). */
async function overloads(trx: Kysely<Database>, name: string): Promise<string[]> {
  const rows = await sql<{ signature: string }>`
    select quote_ident(n.nspname) || '.' || quote_ident(p.proname)
             || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname || '.' || p.proname = ${name.toLowerCase()}`.execute(trx);
  return rows.rows.map((r) => r.signature);
}

/** Drops every function called `name`, with what depends on it (the later files recreate that). */
async function dropFunction(trx: Kysely<Database>, name: string): Promise<void> {
  for (const signature of await overloads(trx, name)) {
    await sql.raw(`drop function if exists ${signature} cascade`).execute(trx);
  }
}

async function applyRepeatables(conn: Kysely<Database>, files: readonly RepeatableFile[]): Promise<string[]> {
  const rows = await conn.selectFrom('schema_repeatable').select(['file', 'checksum']).execute();
  if (sameSet(new Map(rows.map((r) => [r.file, r.checksum])), files)) return [];
  await conn.transaction().execute(async (trx) => {
    for (const file of files) await applyReplacing(trx, file);
    await trx.deleteFrom('schema_repeatable').execute();
    await trx
      .insertInto('schema_repeatable')
      .values(files.map((f) => ({ file: f.file, checksum: f.checksum })))
      .execute();
  });
  return files.map((f) => f.file);
}

/** Applies every pending migration, then the repeatable SQL if it changed; a second call is a no-op. */
export async function migrate(db: Kysely<Database>, dir: string = SQL_DIR): Promise<MigrateResult> {
  const files = readMigrations(`${dir}/migrations`);
  const repeatables = readRepeatables(dir);
  try {
    return await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
      try {
        await bootstrap(conn);
        const applied = await applyMigrations(conn, files);
        const reapplied = await applyRepeatables(conn, repeatables);
        return { applied, alreadyApplied: files.length - applied.length, repeatables: reapplied };
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
      }
    });
  } catch (cause) {
    if (cause instanceof DatabaseError) throw cause;
    throw new DatabaseError(`Migration failed: ${(cause as Error).message}`, { cause });
  }
}
