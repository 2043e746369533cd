/**
 * A fresh, empty warehouse per scenario: a new database on the local Postgres server, or a new
 * PGlite data directory. Both are removed by the cleanup stack, also when the scenario fails.
 * The server is `BENCH_DATABASE_URL` (an admin connection), by default the machine's
 * postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openWarehouse, type Backend, type Warehouse } from '../src/load/connection/db.ts';
import { migrate } from '../src/load/migrate.ts';
import type { CleanupStack } from './cleanup-stack.ts';

/** The admin connection of the Postgres server the bench uses. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A scratch warehouse. */
export interface ScratchWarehouse {
  readonly backend: Backend;
  /** DATABASE_URL (Postgres) or UPTRENDS_ETL_DATA_DIR (PGlite), for a child process. */
  readonly env: Record<string, string>;
  /** Postgres: the database URL; PGlite: the data directory. */
  readonly location: string;
  /** Opens a connection; close it before a child process opens a PGlite directory. */
  open(): Promise<Warehouse>;
}

/** Runs one statement on the admin connection. */
export async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function create(
  backend: Backend,
  label: string,
  cleanup: CleanupStack,
  template?: ScratchWarehouse,
): Promise<ScratchWarehouse> | ScratchWarehouse {
  if (backend === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `uptrends-bench-${label}-`));
    cleanup.add(`pglite ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    // The lock file names a process that has ended: the next opener takes it over.
    if (template !== undefined) cpSync(template.location, dir, { recursive: true });
    return {
      backend,
      env: { UPTRENDS_ETL_DATA_DIR: dir },
      location: dir,
      open: () => openWarehouse({ dataDir: dir }),
    };
  }
  const name = `uptrends_bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  const from = template === undefined ? '' : ` template ${new URL(template.location).pathname.slice(1)}`;
  return adminQuery(`create database ${name}${from}`).then(() => {
    cleanup.add(
      `database ${name}`,
      async () => void (await adminQuery(`drop database if exists ${name} with (force)`)),
    );
    return {
      backend,
      env: { DATABASE_URL: url },
      location: url,
      open: () => openWarehouse({ databaseUrl: url }),
    };
  });
}

/**
 * A copy of `template` (Postgres: `create database ... template`, PGlite: a copy of the data
 * directory), so a measured run can be repeated on the same starting state. Nothing may be
 * connected to the template meanwhile.
 */
export function cloneWarehouse(
  template: ScratchWarehouse,
  label: string,
  cleanup: CleanupStack,
): Promise<ScratchWarehouse> | ScratchWarehouse {
  return create(template.backend, label, cleanup, template);
}

/**
 * Creates a warehouse of `backend` with the schema migrated, so a measured run times the work and
 * not the one-off migrations; `label` goes into its name for anyone looking.
 */
export async function createScratchWarehouse(
  backend: Backend,
  label: string,
  cleanup: CleanupStack,
): Promise<ScratchWarehouse> {
  const scratch = await create(backend, label, cleanup);
  const warehouse = await scratch.open();
  try {
    await migrate(warehouse.db);
  } finally {
    await warehouse.close();
  }
  return scratch;
}

/**
 * A new, empty Postgres database without the warehouse schema, for a client that creates its own
 * tables (the peer scenario's reference client). Dropped by the cleanup stack like a warehouse.
 */
export async function createScratchDatabase(label: string, cleanup: CleanupStack): Promise<ScratchWarehouse> {
  return create('postgres', label, cleanup);
}

/**
 * Brings a warehouse that was just bulk-written to the state it would have a day later: vacuumed
 * and analysed (autovacuum's work) and, on Postgres, checkpointed. A run measured right after a
 * backfill would otherwise share the machine with that background work.
 */
export async function settleWarehouse(scratch: ScratchWarehouse): Promise<void> {
  const warehouse = await scratch.open();
  try {
    await sql`vacuum analyze`.execute(warehouse.db);
  } finally {
    await warehouse.close();
  }
  if (scratch.backend === 'postgres') await adminQuery('checkpoint');
}
