/** Options of `worker`, their defaults and ranges (no dependencies: the CLI's help reads them). */

/** Options of a worker. */
export interface WorkerRunOptions {
  /** Jobs at once. (Default: 1) */
  readonly concurrency: number;
  /** Silence after which other processes count this worker as dead, in seconds. (Default: 30) */
  readonly staleAfterSeconds: number;
  /** How often the queue is polled besides LISTEN/NOTIFY, ms. (Default: 250, run-worker.ts QUEUE_POLL_MS) */
  readonly pollMs?: number;
}

/** Defaults and ranges of the worker's options. */
export const WORKER_DEFAULTS = Object.freeze({ concurrency: 1, staleAfterSeconds: 30 });
/** Accepted ranges of the worker's options. */
export const WORKER_RANGES = Object.freeze({
  concurrency: { min: 1, max: 64 },
  staleAfterSeconds: { min: 5, max: 86_400 },
});
