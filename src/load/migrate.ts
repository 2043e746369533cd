/**
 * Applies the numbered SQL files of sql/migrations in order, each in its own transaction, and
 * records them in uptrends.schema_migration with a checksum. A file edited after it was applied is
 * refused (migrations are never edited once landed). An advisory lock serialises two processes
 * migrating at once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { DatabaseError } from '../errors.ts';
import type { Database } from './database.ts';

/** Folder of the migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../sql/migrations/', import.meta.url));

/** Advisory lock key for migrations ("uptrends" in ASCII hex, truncated). */
const MIGRATION_LOCK_KEY = 0x7570_7472;

/** One migration file. */
export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** Result of a migrate call. */
export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

/** Reads and orders the migration files (six-digit prefix, underscore, name, `.sql`). */
export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => /^\d{6}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(`${dir}/${file}`, 'utf8');
      return {
        version: file.slice(0, 6),
        name: file.slice(7, -4),
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
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

/** Applies every pending migration; running it again is a no-op. */
export async function migrate(db: Kysely<Database>, dir?: string): Promise<MigrateResult> {
  const files = readMigrations(dir);
  try {
    return await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
      try {
        await bootstrap(conn);
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
        return { applied: done, alreadyApplied: files.length - done.length };
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
      }
    });
  } catch (cause) {
    if (cause instanceof DatabaseError) throw cause;
    throw new DatabaseError(`Migration failed: ${(cause as Error).message}`, { cause });
  }
}
