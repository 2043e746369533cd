/**
 * A fresh, migrated warehouse for one integration test file, on the backend the global set-up
 * chose. Usage:
 *   const tdb = await createTestDatabase();   // in beforeAll
 *   await tdb.drop();                          // in afterAll
 * `env` holds the variables a spawned CLI needs to reach the same database; `copy()` gives another
 * fresh database holding what this one holds (a test's common starting point, set up once).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openWarehouse, type Warehouse } from '../../src/load/connection/db.ts';
import { TYPE_PARSERS } from '../../src/load/connection/type-parsers.ts';
import { withDatabase } from './postgres-probe.ts';

export interface TestDatabase {
  warehouse: Warehouse;
  backend: 'postgres' | 'pglite';
  /** Environment for a child process using the same database (DATABASE_URL or UPTRENDS_ETL_DATA_DIR). */
  env: Record<string, string>;
  /** Closes the connection so a child process can open a file-based PGlite; `reopen` opens it again. */
  release(): Promise<void>;
  reopen(): Promise<Warehouse>;
  drop(): Promise<void>;
  /**
   * A new database with this one's contents (Postgres: CREATE DATABASE ... TEMPLATE; PGlite: a copy
   * of the data directory, so on disk only). Call it released: a template must have no connection.
   */
  copy(): Promise<TestDatabase>;
}

export interface TestDatabaseOptions {
  /** PGlite only: keep the database in a directory a child process can open. (Default: false) */
  onDisk?: boolean;
}

async function loadTemplate(dumpFile: string, dataDir?: string): Promise<PGlite> {
  const blob = new Blob([readFileSync(dumpFile)]);
  return PGlite.create(dataDir, { loadDataDir: blob, parsers: { ...TYPE_PARSERS } });
}

/** Creates a fresh migrated database for this test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const config = inject('testDb');
  if (config.backend === 'postgres') return postgresCopy(config.adminUrl, config.template);
  const dir = options.onDisk ? mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-db-')) : undefined;
  return pgliteDatabase(dir, await loadTemplate(config.dumpFile, dir));
}

/** A new Postgres database made from `template`, open. */
async function postgresCopy(adminUrl: string, template: string): Promise<TestDatabase> {
  const name = `uptrends_etl_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const state = { warehouse: await openWarehouse({ databaseUrl: url }) };
  return {
    backend: 'postgres',
    get warehouse() {
      return state.warehouse;
    },
    env: { DATABASE_URL: url },
    release: () => state.warehouse.close(),
    reopen: async () => (state.warehouse = await openWarehouse({ databaseUrl: url })),
    async drop() {
      await state.warehouse.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
    copy: () => postgresCopy(adminUrl, name),
  };
}

/** A PGlite database over `first` (in memory when `dir` is undefined), open. */
async function pgliteDatabase(dir: string | undefined, first: PGlite): Promise<TestDatabase> {
  // Re-opening only makes sense on disk: an in-memory database is gone once closed.
  const open = () => openWarehouse({ dataDir: dir ?? 'memory://' });
  const state = { warehouse: await openWarehouse({ pglite: first }), instance: first as PGlite | undefined };
  return {
    backend: 'pglite',
    get warehouse() {
      return state.warehouse;
    },
    env: dir !== undefined ? { UPTRENDS_ETL_DATA_DIR: dir } : {},
    async release() {
      await state.warehouse.close();
      await state.instance?.close();
      state.instance = undefined;
    },
    async reopen() {
      state.warehouse = await open();
      return state.warehouse;
    },
    async drop() {
      await state.warehouse.close().catch(() => undefined);
      if (state.instance && !state.instance.closed) await state.instance.close();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
    async copy() {
      if (dir === undefined) throw new Error('TestDatabase.copy: an in-memory PGlite cannot be copied');
      const target = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-db-'));
      cpSync(dir, target, { recursive: true });
      return pgliteDatabase(target, await PGlite.create(target, { parsers: { ...TYPE_PARSERS } }));
    },
  };
}
