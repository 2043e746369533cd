/**
 * The one module that owns the warehouse connection. `DATABASE_URL` set: a node-postgres pool
 * behind Kysely's Postgres dialect. Not set: an embedded PGlite database in a data directory,
 * behind our own Kysely dialect. Both get the same type parsers, the session time zone UTC and
 * `search_path = uptrends, public`, so every query behaves the same on both.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ConfigError, DatabaseError, LockError } from '../../errors.ts';
import { lockDataDir } from '../locks/data-dir-lock.ts';
import { isCopyIn, pgCopy } from '../write/copy-in.ts';
import type { CopyRows } from '../write/copy-text.ts';
import { PGliteDialect, type EmbeddedEngine } from './pglite-dialect.ts';
import type { PGliteThread } from './pglite-thread.ts';
import { warehouseTemplate, writeWarehouseTemplate } from './pglite-template.ts';
import { makePrivateDir, tightenTree } from './private-dir.ts';
import { schemaBehindError, schemaLag } from '../migrate.ts';
import { markDeadRuns } from '../ledgers/run-ledger.ts';
import { TYPE_PARSERS } from './type-parsers.ts';
import {
  chooseEngineTiering,
  holdJavaScriptTier,
  holdYoungGeneration,
  type EngineTiering,
} from './engine-tier.ts';
import { engineStartParams } from './engine-settings.ts';
import { type Database } from '../schema.ts';
import { redactUrlPassword } from '../../redaction.ts';

/** Which engine holds the warehouse. */
export type Backend = 'postgres' | 'pglite';

/** An open warehouse: the query builder plus what is needed to describe and close it. */
export interface Warehouse {
  readonly db: Kysely<Database>;
  readonly backend: Backend;
  /** Where the warehouse is, safe to print (no password). */
  readonly location: string;
  /** Warnings from opening it (permissions fixed, dead runs closed), for the caller to log. */
  readonly notices: readonly string[];
  /**
   * Aborted (with a retriable DatabaseError) when a connection in use dies: the server was
   * restarted or the session terminated. The run's lock lives on such a connection, so a run
   * must stop when this fires. Never aborted on PGlite.
   */
  readonly lost: AbortSignal;
  /**
   * PGlite in a data directory only: closes the engine but keeps the directory's lock until
   * `close()`, and returns the directory's absolute path, for `serve`, which opens the engine in
   * a worker thread of its own. After it, `db` must not be used.
   */
  readonly handOver?: () => Promise<string>;
  /**
   * Cancels the statements running on this warehouse's connections (a report interrupted by
   * SIGINT/SIGTERM abandons its queries; without this, `close()` would wait for them): on
   * Postgres each is cancelled; on PGlite opened with `engineThread` the engine is stopped, and
   * nothing runs on `db` after it. Absent otherwise. Never throws.
   */
  readonly cancelRunning?: () => Promise<void>;
  /**
   * Closes the warehouse. A second call waits for the first and does nothing more, so a report
   * may close it once its reads are done (the embedded engine's memory is released before the
   * files are drawn) and its opener close it again at the end.
   */
  close(): Promise<void>;
}

/** `close` run once: later calls share the first call's promise. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
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
  /**
   * PGlite on disk: create the warehouse when the directory holds none (`migrate`, `sync`,
   * `nightly`, `demo`). Commands that only read it pass false, so a mistyped `--data-dir` is an
   * error instead of a new empty warehouse. (Default: true)
   */
  create?: boolean | undefined;
  /**
   * Check the schema against this version's SQL files after opening: `current` refuses a
   * warehouse with pending migrations or changed functions and views (commands that read
   * figures), `warn` adds a notice (query, serve). (Default: no check)
   */
  schema?: 'current' | 'warn' | undefined;
  /** PGlite on disk: what this process runs, written into the directory's lock (`serve` and its address). */
  holder?: { readonly command: string; readonly address?: string } | undefined;
  /**
   * PGlite on disk: run the engine in a worker thread (pglite-thread.ts), so that a signal is heard
   * while a statement runs and `cancelRunning` ends it at once; for commands that must stop within
   * a second (the reports). (Default: false, the engine in this thread)
   */
  engineThread?: boolean | undefined;
  /**
   * PGlite: how V8 compiles the engine's WebAssembly (engine-tier.ts). `baseline` for a command's
   * short life, `v8` (V8's tiering up to its optimizing compiler) for `serve`. (Default: baseline)
   */
  engineTiering?: EngineTiering | undefined;
}

/** True when `dataDir` holds a PGlite (Postgres) data directory. */
export function holdsWarehouse(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The session settings of every connection, on both backends. */
export const SESSION_SETTINGS = `set time zone 'UTC'; set search_path to uptrends, public`;

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string): ((text: string) => unknown) =>
      TYPE_PARSERS[oid] ??
      (pg.types.getTypeParser(oid, format as 'text') as (
        text: string,
      ) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/**
 * The pool Kysely is given: node-postgres' own, whose clients send the load path's
 * `copy ... from stdin` statements (copy-in.ts) as COPY through pg-copy-streams, on the same
 * connection and so inside the caller's transaction. Everything else goes to the client unchanged.
 */
function copyAwarePool(pool: pg.Pool): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  const wrap = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query') {
          return (text: unknown, parameters?: unknown[]) =>
            typeof text === 'string' && isCopyIn(text, parameters)
              ? pgCopy(target, text, parameters![0] as CopyRows)
              : (target.query as (...args: unknown[]) => unknown)(text, parameters);
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

async function openPostgres(url: string, poolSize: number): Promise<Warehouse> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // jit off: the report figures are large plans whose row estimates are guesses (set-returning
    // functions, lateral calls per day), so LLVM compiles seconds of code for milliseconds of
    // work (4.2 s of JIT for a 20 ms query of one day's figures, measured on Postgres 15).
    options: '-c search_path=uptrends,public -c TimeZone=UTC -c jit=off',
    types: pgTypes(),
    connectionTimeoutMillis: 10_000,
  });
  const location = redactUrlPassword(url);
  // Every client gets an error listener: without one, a terminated session kills the process
  // with an unhandled 'error' event. An idle client's error is harmless (the pool drops it); a
  // client in use held a lock or ran a statement, so the run is told through `lost`.
  const lost = new AbortController();
  const inUse = new Set<pg.PoolClient>();
  pool.on('error', () => undefined);
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (cause) => {
      if (!inUse.has(client) || lost.signal.aborted) return;
      lost.abort(
        new DatabaseError(
          `The connection to the Postgres warehouse at ${location} was lost: ${cause.message}`,
          {
            cause,
            retriable: true,
            context: { backend: 'postgres', location },
          },
        ),
      );
    }),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: copyAwarePool(pool) }) });
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
  const notices = await closeDeadRuns(db, 'postgres');
  const cancelRunning = async (): Promise<void> => {
    // node-postgres keeps the server's process id (BackendKeyData) on the client; its types omit it.
    const running = [...inUse]
      .map((client): unknown => Reflect.get(client, 'processID'))
      .filter((pid): pid is number => typeof pid === 'number');
    if (running.length === 0) return;
    const canceller = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    canceller.on('error', () => undefined);
    try {
      await canceller.connect();
      await canceller.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [running]);
    } catch {
      // Best effort: the statements then end on their own before close() returns.
    } finally {
      await canceller.end().catch(() => undefined);
    }
  };
  return {
    db,
    backend: 'postgres',
    location,
    notices,
    lost: lost.signal,
    cancelRunning,
    close: once(() => db.destroy()),
  };
}

async function openPglite(target: WarehouseTarget): Promise<Warehouse> {
  const dataDir = target.dataDir ?? './.uptrends-etl';
  const inMemory = dataDir.startsWith('memory://');
  const location = target.pglite ? 'pglite (provided instance)' : inMemory ? dataDir : path.resolve(dataDir);
  let instance: EmbeddedEngine | undefined = target.pglite;
  let thread: PGliteThread | undefined;
  let unlock: () => void = () => undefined;
  const notices: string[] = [];
  const onDisk = instance === undefined && !inMemory;
  try {
    if (instance === undefined) {
      if (onDisk) {
        if (target.create === false && !holdsWarehouse(dataDir)) {
          throw new ConfigError(
            `${location} holds no warehouse: run uptrends-etl sync (or migrate) to create one there, or point --data-dir (UPTRENDS_ETL_DATA_DIR) at the folder of an existing one.`,
            { context: { setting: 'UPTRENDS_ETL_DATA_DIR', location } },
          );
        }
        const existed = existsSync(dataDir);
        makePrivateDir(dataDir);
        unlock = await lockDataDir(dataDir, target.waitMs ?? 0, undefined, target.holder);
        const found = tightenTree(dataDir);
        if (existed && found.loosened > 0) {
          notices.push(
            `The embedded warehouse ${location} was open to other users (${found.loosened} files or directories, e.g. ${found.examples.join(', ')}); made private to its owner (directories 0700, files 0600).`,
          );
        }
      }
      // Before the engine's module is compiled, here or in its thread, and before the template is
      // unpacked (its JavaScript runs hot).
      const tiering = target.engineTiering ?? 'baseline';
      chooseEngineTiering(tiering);
      // A command's short life (not serve's): its peak is what a user's machine must hold.
      if (tiering === 'baseline') {
        holdYoungGeneration();
        holdJavaScriptTier();
      }
      // A new warehouse starts from the package's template rather than PGlite's initdb (checked
      // under the directory's lock, so two processes never both create it): written into the
      // directory, it opens like any warehouse; in memory, PGlite unpacks it.
      if (onDisk && !holdsWarehouse(dataDir)) await writeWarehouseTemplate(dataDir);
      if (onDisk && target.engineThread === true) {
        instance = thread = await (await import('./pglite-thread.ts')).PGliteThread.start(dataDir);
      } else {
        const template = inMemory ? warehouseTemplate() : undefined;
        // Loaded here: a Postgres warehouse never needs the embedded engine (about 20 ms to load).
        const { PGlite } = await import('@electric-sql/pglite');
        instance = await PGlite.create(inMemory ? undefined : dataDir, {
          startParams: engineStartParams(PGlite.defaultStartParams),
          parsers: { ...TYPE_PARSERS },
          ...(template === undefined ? {} : { loadDataDir: template }),
        });
      }
      // PGlite creates its files 0666 whatever the umask.
      if (onDisk) tightenTree(dataDir);
    }
    await instance.exec(SESSION_SETTINGS);
  } catch (cause) {
    unlock();
    if (cause instanceof LockError || cause instanceof ConfigError) throw cause;
    throw new DatabaseError(
      `Cannot open the embedded PGlite warehouse at ${location}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
        context: { backend: 'pglite', location },
      },
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(instance, target.pglite === undefined) });
  notices.push(...(await closeDeadRuns(db, 'pglite')));
  let engineOpen = true;
  const closeEngine = async (): Promise<void> => {
    if (!engineOpen) return;
    engineOpen = false;
    await db.destroy();
    if (onDisk) tightenTree(dataDir);
  };
  return {
    db,
    backend: 'pglite',
    location,
    notices,
    lost: new AbortController().signal,
    ...(thread === undefined ? {} : { cancelRunning: () => thread.terminate().catch(() => undefined) }),
    ...(onDisk
      ? {
          handOver: async () => {
            await closeEngine();
            return path.resolve(dataDir);
          },
        }
      : {}),
    close: once(async () => {
      try {
        await closeEngine();
        if (onDisk) tightenTree(dataDir);
      } finally {
        unlock();
      }
    }),
  };
}

/**
 * Closes the runs of processes that are gone (run-ledger.ts, markDeadRuns) and says so. Skipped on
 * a warehouse without a ledger yet; a role that may not update the ledger (an analyst's) leaves
 * it to the next sync.
 */
async function closeDeadRuns(db: Kysely<Database>, backend: Backend): Promise<string[]> {
  try {
    const ledger = await sql<{
      name: string | null;
    }>`select to_regclass('uptrends.etl_run')::text as name`.execute(db);
    if (ledger.rows[0]?.name == null) return [];
    const dead = await markDeadRuns(db, backend);
    return dead.length === 0
      ? []
      : [
          `Run(s) ${dead.join(', ')} ended without closing (process killed or warehouse connection lost): marked crashed in the ledger.`,
        ];
  } catch {
    return [];
  }
}

/** The backend `target` opens: a Postgres server when it names one, else the embedded engine. */
export function targetBackend(target: Pick<WarehouseTarget, 'databaseUrl'>): Backend {
  return target.databaseUrl !== undefined && target.databaseUrl !== '' ? 'postgres' : 'pglite';
}

/** Opens the warehouse described by `target`. The caller must `close()` it. */
export async function openWarehouse(target: WarehouseTarget): Promise<Warehouse> {
  const warehouse =
    targetBackend(target) === 'postgres' && target.databaseUrl !== undefined
      ? await openPostgres(target.databaseUrl, target.poolSize ?? 8)
      : await openPglite(target);
  if (target.schema === undefined) return warehouse;
  try {
    return {
      ...warehouse,
      notices: [...warehouse.notices, ...(await schemaNotices(warehouse, target.schema))],
    };
  } catch (error) {
    await warehouse.close().catch(() => undefined);
    throw error;
  }
}

/** Checks the schema as `mode` asks: throws when it must be current, else describes any lag. */
async function schemaNotices(warehouse: Warehouse, mode: 'current' | 'warn'): Promise<string[]> {
  // A role that may not read the migration ledger (an analyst's) is not judged: what it reads
  // fails on its own if an object is missing.
  const lag = await schemaLag(warehouse.db).catch(() => undefined);
  if (lag === undefined) return [];
  const refusal = mode === 'current' ? schemaBehindError(lag, warehouse.location) : undefined;
  if (refusal !== undefined) throw refusal;
  const notices: string[] = [];
  if (lag.pending.length > 0 || lag.repeatablesChanged) {
    notices.push(
      `The warehouse's schema is behind this version (${lag.pending.length} migrations pending${lag.repeatablesChanged ? ', SQL functions and views differ' : ''}): views and functions may be missing or give an older definition's figures; run uptrends-etl migrate.`,
    );
  }
  if (lag.unknown.length > 0) {
    notices.push(
      `The warehouse was migrated by a newer uptrends-etl (migrations ${lag.unknown.join(', ')} are unknown to this version); its figures follow the newer definitions.`,
    );
  }
  return notices;
}
