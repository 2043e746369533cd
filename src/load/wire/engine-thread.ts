/**
 * The embedded engine (PGlite) of `serve`, in a worker thread of its own.
 *
 * PGlite runs Postgres as WebAssembly in the thread that calls it, and cannot interrupt a
 * statement (its statement_timeout never fires). In the main thread, one long statement, or a
 * message that sent it into a loop, made the whole process deaf: no timer, no other client, no
 * SIGTERM (issue 32, finding 4). In a worker, the main thread stays free: it times every message,
 * and a statement past its time ends with `terminate()`, which stops the WebAssembly at once; the
 * server then starts a new engine on the same directory (only read-only statements ever ran, so
 * there is nothing to lose; Postgres recovers the directory as after a crash).
 *
 * Output is flow-controlled: the engine hands each chunk over and counts it in a shared counter
 * until the client's socket has taken it; past `highWaterBytes` it waits (Atomics.wait), so a
 * client that reads slowly, or not at all, holds the statement back instead of filling memory
 * (and the statement timeout ends it).
 *
 * The worker's code is a short CommonJS script given as text (not a module file), so it runs the
 * same from the sources, the compiled package and the bundled command; PGlite is loaded by the
 * path this module resolves.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ENGINE_START_SETTINGS } from '../connection/engine-settings.ts';

/** Options of EngineThread.start. */
export interface EngineThreadOptions {
  readonly dataDir: string;
  /** SQL run once on the engine's session before any client (read-only default, time zone). */
  readonly sessionSql: string;
  /** A StartupMessage; its answer (startupAnswer) holds the parameters every client is told. */
  readonly startupMessage: Buffer;
  /** Output bytes handed over but not yet written to a client, before the engine waits. (Default: 4 MiB) */
  readonly highWaterBytes?: number;
}

/** How the engine's session stands after a message. */
export interface ExecOutcome {
  /** In a transaction block (BEGIN ... COMMIT): the client that opened it keeps the engine. */
  readonly inTransaction: boolean;
}

/** The engine stopped, failed to start or threw: it must be replaced. */
export class EngineFailed extends Error {}

/** Receives one chunk of output; `written()` once the client's socket has taken it (or is gone). */
export type OutputSink = (chunk: Buffer, written: () => void) => void;

/** A Sync message: ends an extended-protocol sequence. */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const IGNORE: OutputSink = (_chunk, written) => written();

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const control = new Int32Array(workerData.control);
const high = workerData.highWater;
(async () => {
  let db;
  try {
    db = await PGlite.create(workerData.dataDir, {
      startParams: [...PGlite.defaultStartParams, ...workerData.startSettings],
    });
    await db.exec(workerData.sessionSql);
    const answer = [];
    await db.execProtocolRawStream(workerData.startupMessage, { onRawData: (d) => answer.push(Buffer.from(d)) });
    parentPort.postMessage({ type: 'ready', answer: Buffer.concat(answer) });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String((error && error.message) || error) });
    return;
  }
  parentPort.on('message', async (m) => {
    if (m.type === 'close') {
      await db.close();
      parentPort.postMessage({ type: 'closed' });
      return;
    }
    if (m.type === 'query') {
      // serve's own query; a client's statement_timeout may cancel it (57014): tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await db.query(m.sql, m.params, { rowMode: 'array' });
          parentPort.postMessage({ type: 'rows', rows: result.rows });
          return;
        } catch (error) {
          if (attempt < 3 && error && error.code === '57014') continue;
          parentPort.postMessage({ type: 'error', message: String((error && error.message) || error) });
          return;
        }
      }
    }
    if (m.type === 'reset') {
      // A Sync ends whatever extended-protocol sequence a client left (its answer is dropped);
      // then the transaction, a client's statement_timeout (which could cancel what follows),
      // everything DISCARD ALL clears, and the server's own settings once more. A step a
      // client's leftover made fail is tried again; the third failure fails the engine.
      await db.execProtocolRawStream(m.sync, { onRawData: () => undefined }).catch(() => undefined);
      let failure;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          await db.exec('rollback');
          await db.exec('set statement_timeout = 0');
          await db.exec('discard all');
          await db.exec(workerData.sessionSql);
          failure = undefined;
          break;
        } catch (error) {
          failure = error;
        }
      }
      if (failure === undefined) parentPort.postMessage({ type: 'done', inTransaction: db.isInTransaction() });
      else parentPort.postMessage({ type: 'error', message: String((failure && failure.message) || failure) });
      return;
    }
    try {
      await db.execProtocolRawStream(m.message, {
        onRawData: (data) => {
          const chunk = new Uint8Array(data);
          Atomics.add(control, 0, chunk.length);
          parentPort.postMessage({ type: 'data', chunk }, [chunk.buffer]);
          for (let v = Atomics.load(control, 0); v > high; v = Atomics.load(control, 0)) Atomics.wait(control, 0, v, 100);
        },
      });
      parentPort.postMessage({ type: 'done', inTransaction: db.isInTransaction() });
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String((error && error.message) || error) });
    }
  });
})();
`;

type WorkerMessage =
  | { type: 'ready'; answer: Uint8Array }
  | { type: 'failed' | 'error'; message: string }
  | { type: 'data'; chunk: Uint8Array }
  | { type: 'done'; inTransaction: boolean }
  | { type: 'rows'; rows: unknown[][] }
  | { type: 'closed' };

/** One PGlite engine in a worker thread; one message at a time. */
export class EngineThread {
  readonly #worker: Worker;
  readonly #control: Int32Array;
  #pending:
    | {
        sink: OutputSink;
        resolve: (o: ExecOutcome) => void;
        rows: (r: unknown[][]) => void;
        reject: (e: Error) => void;
      }
    | undefined;
  #closed: (() => void) | undefined;
  #dead = false;
  /** The engine's answer to the start-up message (ParameterStatus messages among it). */
  startupAnswer: Buffer = Buffer.alloc(0);

  private constructor(options: EngineThreadOptions) {
    const shared = new SharedArrayBuffer(4);
    this.#control = new Int32Array(shared);
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
        dataDir: options.dataDir,
        sessionSql: options.sessionSql,
        startupMessage: new Uint8Array(options.startupMessage),
        control: shared,
        highWater: options.highWaterBytes ?? 4 * 1024 * 1024,
        startSettings: [...ENGINE_START_SETTINGS],
      },
    });
  }

  /** Starts an engine on `options.dataDir`; resolves once it answers, rejects with EngineFailed. */
  static async start(options: EngineThreadOptions): Promise<EngineThread> {
    const engine = new EngineThread(options);
    await new Promise<void>((resolve, reject) => {
      engine.#worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') {
          engine.startupAnswer = Buffer.from(m.answer);
          resolve();
        } else if (m.type === 'failed')
          reject(new EngineFailed(`the embedded warehouse did not open: ${m.message}`));
        else engine.#onMessage(m);
      });
      const fail = (error: Error): void => {
        engine.#die(error);
        reject(new EngineFailed(`the embedded warehouse engine stopped: ${error.message}`));
      };
      engine.#worker.on('error', fail);
      engine.#worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    });
    return engine;
  }

  /** True while a message runs. */
  get busy(): boolean {
    return this.#pending !== undefined;
  }

  /** Runs frontend messages (one, or several in a row); their output goes to `sink` as it comes. */
  exec(message: Buffer, sink: OutputSink): Promise<ExecOutcome> {
    return this.#post({ type: 'exec', message: new Uint8Array(message) }, sink, () => undefined);
  }

  /**
   * Resets the session to the one a new client gets: ends a client's extended-protocol sequence
   * and transaction, then DISCARD ALL (settings, prepared statements, portals and cursors WITH
   * HOLD, temporary objects, advisory locks, LISTEN channels) and the server's own `sessionSql`
   * again. Rejects with EngineFailed when it cannot: the engine must then be replaced.
   */
  reset(): Promise<void> {
    return this.#post({ type: 'reset', sync: new Uint8Array(SYNC) }, IGNORE, () => undefined).then(
      () => undefined,
    );
  }

  /** Runs serve's own query (not a client's) on the session; its rows as arrays of values. */
  query(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      this.#post({ type: 'query', sql, params }, IGNORE, resolve).catch(reject);
    });
  }

  #post(message: object, sink: OutputSink, rows: (r: unknown[][]) => void): Promise<ExecOutcome> {
    if (this.#dead) return Promise.reject(new EngineFailed('the embedded warehouse engine has stopped'));
    if (this.#pending !== undefined) return Promise.reject(new Error('EngineThread: one message at a time'));
    return new Promise((resolve, reject) => {
      this.#pending = { sink, resolve, rows, reject };
      this.#worker.postMessage(message);
    });
  }

  #onMessage(m: WorkerMessage): void {
    if (m.type === 'closed') {
      this.#closed?.();
      return;
    }
    const pending = this.#pending;
    if (pending === undefined) return;
    if (m.type === 'data') {
      const chunk = Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
      let acknowledged = false;
      pending.sink(chunk, () => {
        if (acknowledged) return;
        acknowledged = true;
        Atomics.sub(this.#control, 0, chunk.length);
        Atomics.notify(this.#control, 0);
      });
    } else if (m.type === 'done') {
      this.#pending = undefined;
      pending.resolve({ inTransaction: m.inTransaction });
    } else if (m.type === 'rows') {
      this.#pending = undefined;
      pending.rows(m.rows);
      pending.resolve({ inTransaction: false });
    } else if (m.type === 'error' || m.type === 'failed') {
      this.#pending = undefined;
      pending.reject(new EngineFailed(`the embedded warehouse engine failed: ${m.message}`));
    }
  }

  #die(error: Error): void {
    if (this.#dead) return;
    this.#dead = true;
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(new EngineFailed(`the embedded warehouse engine stopped: ${error.message}`));
    this.#closed?.();
  }

  /** Stops the engine at once, whatever it runs (the WebAssembly is interrupted). */
  async terminate(): Promise<void> {
    this.#die(new Error('terminated'));
    await this.#worker.terminate();
  }

  /** Closes the engine cleanly when it is idle (within `graceMs`), else terminates it. */
  async close(graceMs = 500): Promise<void> {
    if (!this.#dead && this.#pending === undefined) {
      const closed = new Promise<void>((resolve) => (this.#closed = resolve));
      this.#worker.postMessage({ type: 'close' });
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    }
    await this.terminate();
  }
}
