/**
 * The embedded engine (PGlite) in a worker thread, behind the interface the Kysely dialect uses
 * (pglite-dialect.ts), for commands that must stop at once on SIGINT/SIGTERM while a statement
 * runs (the reports).
 *
 * PGlite runs Postgres as WebAssembly in the thread that calls it and cannot interrupt a
 * statement: in the main thread a signal's handler waits until the statement returns (minutes on a
 * large report), so a report there had to end by the signal's default action, without its exit
 * code (issue 40, item 8). In a worker the main thread stays free: the handler runs at once, the
 * report abandons its queries, and `terminate()` stops the WebAssembly mid-statement. The data
 * directory is then as after a crash, which Postgres recovers at the next open (serve does the
 * same: src/load/wire/engine-thread.ts).
 *
 * Values come back as the main-thread engine gives them: the types of TYPE_PARSERS (and arrays of
 * them) leave the worker as text and are parsed here by the same functions.
 *
 * The worker's code is a short CommonJS script given as text, so it runs the same from the
 * sources, the compiled package and the bundled command; PGlite is loaded by the path resolved here.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PG_ARRAY_ELEMENT_OIDS, TYPE_PARSERS } from './type-parsers.ts';
import type { EmbeddedEngine, EngineResults } from './pglite-dialect.ts';
import { ENGINE_START_SETTINGS } from './engine-settings.ts';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const keep = (text) => text;
const described = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });
(async () => {
  let db;
  try {
    db = await PGlite.create(workerData.dataDir, {
      startParams: [...PGlite.defaultStartParams, ...workerData.startSettings],
      parsers: Object.fromEntries(workerData.textOids.map((oid) => [oid, keep])),
    });
    parentPort.postMessage({ type: 'ready' });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String((error && error.message) || error) });
    return;
  }
  parentPort.on('message', async (m) => {
    if (m.type === 'close') {
      await db.close().catch(() => undefined);
      parentPort.postMessage({ type: 'closed' });
      return;
    }
    try {
      const results =
        m.params === undefined
          ? await db.exec(m.sql)
          : [await db.query(m.sql, m.params, m.blob === undefined ? undefined : { blob: new Blob([m.blob]) })];
      parentPort.postMessage({ type: 'results', results: results.map(described) });
    } catch (error) {
      const e = error || {};
      parentPort.postMessage({
        type: 'error',
        error: { message: String(e.message || error), code: e.code, detail: e.detail, hint: e.hint, where: e.where },
      });
    }
  });
})();
`;

interface Field {
  readonly name: string;
  readonly dataTypeID: number;
}

interface RawResults {
  rows: Record<string, unknown>[];
  fields: Field[];
  affectedRows?: number;
}

type WorkerMessage =
  | { type: 'ready' | 'closed' }
  | { type: 'failed'; message: string }
  | { type: 'results'; results: RawResults[] }
  | { type: 'error'; error: { message: string; code?: string; detail?: string; hint?: string } };

/** The OIDs whose values leave the worker as text: TYPE_PARSERS' types (arrays follow them). */
const TEXT_OIDS = Object.keys(TYPE_PARSERS).map(Number);

function parsed(value: unknown, parse: (text: string) => unknown): unknown {
  if (value === null || value === undefined) return value;
  return Array.isArray(value) ? value.map((v) => parsed(v, parse)) : parse(value as string);
}

/** A result's values as the main-thread engine gives them. */
function converted(result: RawResults): EngineResults {
  const parsers = result.fields.flatMap((f) => {
    const parse = TYPE_PARSERS[f.dataTypeID] ?? TYPE_PARSERS[PG_ARRAY_ELEMENT_OIDS[f.dataTypeID] ?? -1];
    return parse === undefined ? [] : [[f.name, parse] as const];
  });
  if (parsers.length > 0) {
    for (const row of result.rows) for (const [name, parse] of parsers) row[name] = parsed(row[name], parse);
  }
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

/** The embedded engine in a worker thread; one statement at a time, as the dialect sends them. */
export class PGliteThread implements EmbeddedEngine {
  readonly #worker: Worker;
  #pending: { resolve: (r: RawResults[]) => void; reject: (e: Error) => void } | undefined;
  #onClosed: (() => void) | undefined;
  #closed = false;
  readonly waitReady: Promise<void> = Promise.resolve();

  private constructor(dataDir: string) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
        dataDir,
        textOids: [...TEXT_OIDS, ...Object.keys(PG_ARRAY_ELEMENT_OIDS).map(Number)],
        startSettings: [...ENGINE_START_SETTINGS],
      },
    });
  }

  /** Opens the engine on `dataDir` (which the caller has locked); rejects when it cannot. */
  static async start(dataDir: string): Promise<PGliteThread> {
    const engine = new PGliteThread(dataDir);
    await new Promise<void>((resolve, reject) => {
      engine.#worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'failed') reject(new Error(m.message));
        else engine.#onMessage(m);
      });
      const stopped = (error: Error): void => {
        engine.#stop(error);
        reject(error);
      };
      engine.#worker.on('error', stopped);
      engine.#worker.on('exit', (code) => stopped(new Error(`the engine thread ended (exit code ${code})`)));
    });
    return engine;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async exec(sql: string): Promise<EngineResults[]> {
    return (await this.#post({ sql })).map(converted);
  }

  async query<R>(sql: string, params: unknown[] = [], options?: { blob?: Blob }): Promise<EngineResults<R>> {
    const blob = options?.blob === undefined ? undefined : new Uint8Array(await options.blob.arrayBuffer());
    const [result] = await this.#post({ sql, params, ...(blob === undefined ? {} : { blob }) });
    return converted(result!) as EngineResults<R>;
  }

  #post(message: { sql: string; params?: unknown[]; blob?: Uint8Array }): Promise<RawResults[]> {
    if (this.#closed) return Promise.reject(new Error('the embedded warehouse engine has stopped'));
    if (this.#pending !== undefined)
      return Promise.reject(new Error('PGliteThread: one statement at a time'));
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#worker.postMessage({ type: 'run', ...message });
    });
  }

  #onMessage(m: WorkerMessage): void {
    if (m.type === 'closed') {
      this.#onClosed?.();
      return;
    }
    const pending = this.#pending;
    this.#pending = undefined;
    if (m.type === 'results') pending?.resolve(m.results);
    else if (m.type === 'error') pending?.reject(Object.assign(new Error(m.error.message), m.error));
  }

  #stop(error: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(error);
    this.#onClosed?.();
  }

  /** Stops the engine at once, whatever it runs (the WebAssembly is interrupted). */
  async terminate(): Promise<void> {
    this.#stop(new Error('the embedded warehouse engine was stopped'));
    await this.#worker.terminate();
  }

  /** Closes the engine cleanly when it is idle (within `graceMs`), else terminates it. */
  async close(graceMs = 2_000): Promise<void> {
    if (!this.#closed && this.#pending === undefined) {
      const closed = new Promise<void>((resolve) => (this.#onClosed = resolve));
      this.#worker.postMessage({ type: 'close' });
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    }
    await this.terminate();
  }
}
