/**
 * The worker job of the programmatic API (`uptrends-etl worker`): runs the sync jobs `nightly
 * --queue` puts in the queue on the Postgres warehouse until stopped. The options and their
 * ranges load with the command; the queue runner (graphile-worker) only when a worker runs.
 */
import type { WorkerSummary } from '../pipeline/queue/run-worker.ts';

export { WORKER_DEFAULTS, WORKER_RANGES, type WorkerRunOptions } from '../pipeline/queue/worker-options.ts';
export type { WorkerSummary };

/** Runs a worker until `deps.signal` aborts (see pipeline/queue/run-worker.ts). */
export async function runWorker(
  ...args: Parameters<typeof import('../pipeline/queue/run-worker.ts').runWorker>
): Promise<WorkerSummary> {
  const { runWorker: run } = await import('../pipeline/queue/run-worker.ts');
  return run(...args);
}

/** Jobs waiting in the queue (0 before the queue exists): the workers' `queued` metric. */
export async function queuedJobCount(
  ...args: Parameters<typeof import('../pipeline/queue/job-queue.ts').queuedJobCount>
): Promise<number> {
  const { queuedJobCount: count } = await import('../pipeline/queue/job-queue.ts');
  return count(...args);
}
