/**
 * A worker's metrics: its jobs done, failed for good and handed back (counters since it started),
 * the jobs waiting in the queue (read at each scrape), and the last run of every account and stream
 * it ran (from the ledger, as a job's metrics: run-metrics.ts). Served on `worker --metrics-port`
 * and pushed, when a Pushgateway is set, as the worker stops.
 */
import type { Counter, Registry } from 'prom-client';
import type { Logger } from '../../logger.ts';
import type { JobTelemetry } from './job-telemetry.ts';
import { promClient } from './run-metrics.ts';

/** How a job ended for the counters. */
export type WorkerJobStatus = 'done' | 'failed' | 'retried';

/** The worker's own metrics beside its jobs' runs. */
export class WorkerMetrics {
  #registry: Registry | undefined;
  #jobs: Counter | undefined;

  constructor(
    private readonly telemetry: JobTelemetry,
    /** Jobs waiting in the queue now. */
    private readonly queued: () => Promise<number>,
    private readonly logger: Logger,
  ) {}

  async #own(): Promise<{ registry: Registry; jobs: Counter }> {
    if (this.#registry !== undefined && this.#jobs !== undefined)
      return { registry: this.#registry, jobs: this.#jobs };
    const { Registry, Counter, Gauge } = await promClient();
    const registry = new Registry();
    const jobs = new Counter({
      name: 'uptrends_etl_worker_jobs_total',
      help: 'Queue jobs this worker ended since it started, by outcome (done, failed for good, retried).',
      labelNames: ['status'],
      registers: [registry],
    });
    for (const status of ['done', 'failed', 'retried']) jobs.inc({ status }, 0);
    const queued = this.queued;
    const logger = this.logger;
    new Gauge({
      name: 'uptrends_etl_worker_jobs_queued',
      help: 'Queue jobs waiting for a worker (not running, attempts left).',
      registers: [registry],
      async collect() {
        try {
          this.set(await queued());
        } catch (error) {
          logger.warn(`metrics: the queue could not be read: ${(error as Error).message}`);
        }
      },
    });
    this.#registry = registry;
    this.#jobs = jobs;
    return { registry, jobs };
  }

  /** Counts one job's end. */
  async jobEnded(status: WorkerJobStatus): Promise<void> {
    (await this.#own()).jobs.inc({ status });
  }

  /** Every metric of the worker now: its own and its jobs' runs. */
  async registry(): Promise<Registry> {
    const [{ registry }, runs, { Registry }] = await Promise.all([
      this.#own(),
      this.telemetry.registry(),
      promClient(),
    ]);
    return Registry.merge([registry, runs]);
  }
}
