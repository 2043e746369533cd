/**
 * The reliability suite's test bench: a simulator, a fresh warehouse, and a `sync` that runs the
 * real pipeline in-process with the production logger (secret scrubbing included) writing into
 * memory. Each run reports what a user would see (exit code, the error's message, every log line)
 * and the run id, so a test can look up exactly what that run stored or rejected.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { exitCodeFor } from '../../src/cli/exit-codes.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../src/pipeline/sync-options.ts';
import { createLogger } from '../../src/logger.ts';
import { runSync, type SyncSummary } from '../../src/pipeline/run-sync.ts';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** One JSON log line as pino wrote it. */
export type LogLine = Record<string, unknown> & { level: string; msg: string };

/** What one sync did, as a user and the warehouse see it. */
export interface SyncOutcome {
  summary: SyncSummary | undefined;
  error: Error | undefined;
  /** The CLI's exit code for this outcome (0 when it succeeded). */
  exitCode: number;
  /** The ledger id of the run (the newest run when it failed before returning). */
  runId: number;
  logs: LogLine[];
  /** Every log line and the error message, as text: what a secret scan reads. */
  text: string;
  ms: number;
}

/** The bench: a simulator and a warehouse, with sync and inspection helpers. */
export interface ReliabilityRig {
  readonly sim: RunningSimulator;
  readonly tdb: TestDatabase;
  /** Every line and message the rig's runs produced so far. */
  readonly transcript: string[];
  /** The configuration the runs use (secrets included; extra variables may be added). */
  config(extra?: Record<string, string>): Config;
  sync(options?: Partial<SyncOptions>, extraEnv?: Record<string, string>): Promise<SyncOutcome>;
  /** Runs `fn` on an open warehouse (PGlite on disk is opened and released around it). */
  inspect<T>(fn: (db: TestDatabase['warehouse']['db']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Short timeouts and back-off, so retries and failures take milliseconds, not minutes. */
export const FAST_CLIENT = {
  retry: { baseDelayMs: 2, maxDelayMs: 10, maxRetryAfterMs: 20 },
  timeouts: { headersMs: 3_000, bodyMs: 5_000 },
};

function memoryStream(lines: LogLine[], transcript: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text.trim() === '') continue;
        transcript.push(text);
        lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
}

/** Starts a simulator and creates a warehouse (on disk for PGlite, so it can be reopened). */
export async function startReliabilityRig(simulator: SimulatorOptions): Promise<ReliabilityRig> {
  const sim = await startSimulator(simulator);
  const tdb = await createTestDatabase({ onDisk: true });
  // Postgres serves the runs and the inspection side by side; an on-disk PGlite directory belongs
  // to one process at a time, so it is opened only around each inspection.
  const shared = tdb.backend === 'postgres';
  if (!shared) await tdb.release();
  const transcript: string[] = [];
  let runs = 0;
  const inspect = async <T>(fn: (db: TestDatabase['warehouse']['db']) => Promise<T>): Promise<T> => {
    if (shared) return fn(tdb.warehouse.db);
    const warehouse = await tdb.reopen();
    try {
      return await fn(warehouse.db);
    } finally {
      await tdb.release();
    }
  };
  const config = (extra: Record<string, string> = {}): Config =>
    loadConfig({
      ...tdb.env,
      UPTRENDS_API_URL: sim.apiUrl,
      UPTRENDS_USERNAME: sim.credentials.username,
      UPTRENDS_PASSWORD: sim.credentials.password,
      ...extra,
    });
  return {
    sim,
    tdb,
    transcript,
    config,
    inspect,
    async sync(options = {}, extraEnv = {}) {
      const cfg = config(extraEnv);
      const logs: LogLine[] = [];
      const logger = createLogger({
        format: 'json',
        secrets: cfg.secrets,
        destination: memoryStream(logs, transcript),
      });
      logger.level = 'debug';
      // Each run's clock is a second later than the last: the simulator's clock stands still, and
      // two runs at one instant could not version a configuration change (valid_to > valid_from).
      const offsetMs = ++runs * 1000;
      const clock = (): Date => new Date(sim.truth.now().getTime() + offsetMs);
      const started = Date.now();
      let summary: SyncSummary | undefined;
      let error: Error | undefined;
      try {
        summary = await runSync(
          cfg,
          { ...DEFAULT_SYNC_OPTIONS, ...options },
          { logger, clock, clientOptions: FAST_CLIENT },
        );
      } catch (caught) {
        error = caught as Error;
        transcript.push(error.message);
      }
      const ms = Date.now() - started;
      // A run refused at the PGlite directory lock cannot look either: it then has no id (0).
      const runId =
        summary?.runId ??
        (await inspect(async (db) =>
          Number(
            (await sql<{ id: number }>`select max(run_id) as id from uptrends.etl_run`.execute(db)).rows[0]
              ?.id ?? 0,
          ),
        ).catch(() => 0));
      const text = [...logs.map((l) => JSON.stringify(l)), error?.message ?? ''].join('\n');
      return {
        summary,
        error,
        exitCode: error === undefined ? 0 : exitCodeFor(error),
        runId,
        logs,
        text,
        ms,
      };
    },
    async close() {
      await sim.close();
      await tdb.drop();
    },
  };
}
