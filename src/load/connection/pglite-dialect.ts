/**
 * A Kysely dialect for embedded PGlite. PGlite is one connection in one process, so the driver
 * hands that connection to one user at a time (a transaction keeps it until commit or rollback);
 * without the queue two concurrent windows would interleave their statements inside one
 * transaction. Written here rather than taken from kysely-pglite-dialect, which supports PGlite up
 * to 0.4 only.
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { isCopyIn, pgliteCopy } from '../write/copy-in.ts';
import type { CopyRows } from '../write/copy-text.ts';

/** What a statement gives back: its rows (values parsed) and the rows it changed. */
export interface EngineResults<R = Record<string, unknown>> {
  readonly rows: R[];
  readonly affectedRows?: number;
}

/**
 * The embedded engine as this dialect uses it: a PGlite instance in this thread, or one in a worker
 * thread (pglite-thread.ts).
 */
export interface EmbeddedEngine {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  /** Runs one or several statements without parameters; one result per statement. */
  exec(sql: string): Promise<readonly EngineResults[]>;
  query<R>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<EngineResults<R>>;
  close(): Promise<void>;
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: EmbeddedEngine) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0) {
      // exec runs several statements (migrations); the last result is the query's answer.
      const results = await this.pglite.exec(compiled.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: BigInt(last?.affectedRows ?? 0) };
    }
    if (isCopyIn(compiled.sql, compiled.parameters)) {
      const copied = await pgliteCopy(this.pglite, compiled.sql, compiled.parameters[0] as CopyRows);
      return { rows: [], numAffectedRows: BigInt(copied.affectedRows) };
    }
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite; page with keyset queries instead.');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(
    private readonly pglite: EmbeddedEngine,
    private readonly ownsInstance: boolean,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    if (this.ownsInstance && !this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely dialect over one embedded engine; `ownsInstance` closes it when Kysely is destroyed. */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: EmbeddedEngine,
    private readonly ownsInstance = true,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.ownsInstance);
  }

  // Kysely's Dialect interface declares this parameter as Kysely<any>: the dialect serves any schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
