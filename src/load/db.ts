/**
 * The one module that owns the warehouse connection. `DATABASE_URL` set: a node-postgres pool
 * behind Kysely's Postgres dialect. Not set: an embedded PGlite database in a data directory,
 * behind our own Kysely dialect. Both get the same type parsers, the session time zone UTC and
 * `search_path = uptrends, public`, so every query behaves the same on both.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DatabaseError, LockError } from '../errors.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { makePrivateDir, tightenTree } from './private-dir.ts';
import { TYPE_PARSERS } from './type-parsers.ts';
import { type Database } from './schema.ts';
import { redactUrlPassword } from '../redaction.ts';

/** Which engine holds the warehouse. */
export type Backend = 'postgres' | 'pglite';

/** An open warehouse: the query builder plus what is needed to describe and close it. */
export interface Warehouse {
  readonly db: Kysely<Database>;
  readonly backend: Backend;
  /** Where the warehouse is, safe to print (no password). */
  readonly location: string;
  /** Warnings from opening it (permissions fixed), for the caller to log. */
  readonly notices: readonly string[];
  close(): Promise<void>;
}

/** How to reach the warehouse. */
export interface WarehouseTarget {
  /** postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (ignored with databaseUrl); `memory://` for a throw-away database. */
  dataDir?: string | undefined;
  /** An existing PGlite instance (tests); the caller keeps ownership. */
  pglite?: PGlite | undefined;
  /** Pool size for Postgres. (Default: 8) */
  poolSize?: number | undefined;
  /** PGlite on disk: how long to wait for another process to release the directory. (Default: 0) */
  waitMs?: number | undefined;
}

const SESSION_SETTINGS = `set time zone 'UTC'; set search_path to uptrends, public`;

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string): ((text: string) => unknown) =>
      TYPE_PARSERS[oid] ??
      (pg.types.getTypeParser(oid, format as 'text') as (
        text: string,
      ) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Warehouse> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c search_path=uptrends,public -c TimeZone=UTC',
    types: pgTypes(),
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that errors (server restart) must not crash the process; the next query fails.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const location = redactUrlPassword(url);
  try {
    await sql`select 1`.execute(db);
  } catch (cause) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseError(
      `Cannot connect to the Postgres warehouse at ${location}: ${(cause as Error).message}`,
      {
        cause,
        retriable: true,
        context: { backend: 'postgres', location },
      },
    );
  }
  return { db, backend: 'postgres', location, notices: [], close: () => db.destroy() };
}

async function openPglite(target: WarehouseTarget): Promise<Warehouse> {
  const dataDir = target.dataDir ?? './.uptrends-etl';
  const inMemory = dataDir.startsWith('memory://');
  const location = target.pglite ? 'pglite (provided instance)' : inMemory ? dataDir : path.resolve(dataDir);
  let instance = target.pglite;
  let unlock: () => void = () => undefined;
  const notices: string[] = [];
  const onDisk = instance === undefined && !inMemory;
  try {
    if (instance === undefined) {
      if (onDisk) {
        const existed = existsSync(dataDir);
        makePrivateDir(dataDir);
        unlock = await lockDataDir(dataDir, target.waitMs ?? 0);
        const found = tightenTree(dataDir);
        if (existed && found.loosened > 0) {
          notices.push(
            `The embedded warehouse ${location} was open to other users (${found.loosened} files or directories, e.g. ${found.examples.join(', ')}); made private to its owner (directories 0700, files 0600).`,
          );
        }
      }
      instance = await PGlite.create(inMemory ? undefined : dataDir, { parsers: { ...TYPE_PARSERS } });
      // PGlite creates its files 0666 whatever the umask.
      if (onDisk) tightenTree(dataDir);
    }
    await instance.exec(SESSION_SETTINGS);
  } catch (cause) {
    unlock();
    if (cause instanceof LockError) throw cause;
    throw new DatabaseError(
      `Cannot open the embedded PGlite warehouse at ${location}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
        context: { backend: 'pglite', location },
      },
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(instance, target.pglite === undefined) });
  return {
    db,
    backend: 'pglite',
    location,
    notices,
    close: async () => {
      try {
        await db.destroy();
        if (onDisk) tightenTree(dataDir);
      } finally {
        unlock();
      }
    },
  };
}

/** Opens the warehouse described by `target`. The caller must `close()` it. */
export function openWarehouse(target: WarehouseTarget): Promise<Warehouse> {
  if (target.databaseUrl !== undefined && target.databaseUrl !== '') {
    return openPostgres(target.databaseUrl, target.poolSize ?? 8);
  }
  return openPglite(target);
}
