/** Options of a sync run, after the CLI parsed and validated them. */
import type { LocalDate, PresetPeriod } from '../terms.ts';

/** Which queue job a run belongs to: the nightly batch, the job and the worker that runs it. */
export interface WorkerJobRef {
  /** The nightly run that enqueued the job. */
  readonly batch: string;
  readonly jobId: string;
  /** graphile-worker's pool id of the worker process (uptrends.etl_worker.worker_id). */
  readonly worker: string;
}

export interface SyncOptions {
  /** Stream names to run; all when undefined. */
  readonly streams?: readonly string[] | undefined;
  /** Concurrent requests per API. (Default: 4) */
  readonly concurrency: number;
  /** Request budget per second per API; unlimited when undefined. */
  readonly maxRps?: number | undefined;
  /** Days re-read before the watermark on a nightly run. (Default: 3) */
  readonly lookbackDays: number;
  /** Days read on the very first run of a stream. (Default: 30) */
  readonly initialDays: number;
  /** Backfill range, account-local dates, [from, to). */
  readonly from?: LocalDate | undefined;
  readonly to?: LocalDate | undefined;
  /** A PresetPeriod instead of from/to. */
  readonly preset?: PresetPeriod | undefined;
  /** Window length of alert backfills, in days. (Default: 1) */
  readonly windowDays: number;
  /** Restrict alerts to these monitor groups (GUIDs). */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Restrict alerts and statistics to these monitors (GUIDs). */
  readonly monitors?: readonly string[] | undefined;
  /** Wait up to this long for another run's lock. (Default: 0 = fail at once) */
  readonly waitMs: number;
  /**
   * Pages one alert window may have before its cursor is called runaway and the window fails
   * (exit 5). 20,000 pages are 2 million alerts in one window. (Default: 20000)
   */
  readonly maxPagesPerWindow: number;
  /**
   * Rows a windowed stream merges per transaction: what bounds the memory of a window (joined
   * alert windows fill whole batches, `--concurrency` of them at once). Tuning for tests and
   * benchmarks; not a command-line option. (Default: 1000)
   */
  readonly batchRows: number;
  /** Accounts to sync, by their names in the configuration file; every account when undefined. */
  readonly accounts?: readonly string[] | undefined;
  /** Name of the account in the configuration file, kept on its row. (Default: default) */
  readonly account?: string | undefined;
  /** The queue job a worker's run does (nightly --queue); recorded in the ledger. */
  readonly job?: WorkerJobRef | undefined;
}

/** Defaults of every option. */
export const DEFAULT_SYNC_OPTIONS: SyncOptions = Object.freeze({
  concurrency: 4,
  lookbackDays: 3,
  initialDays: 30,
  windowDays: 1,
  waitMs: 0,
  maxPagesPerWindow: 20_000,
  batchRows: 1_000,
});

/** Accepted ranges of the numeric options (the CLI parses and shows them from here). */
export const SYNC_OPTION_RANGES = Object.freeze({
  concurrency: { min: 1, max: 64 },
  lookbackDays: { min: 0, max: 90 },
  initialDays: { min: 1, max: 3650 },
  windowDays: { min: 1, max: 366 },
  maxPagesPerWindow: { min: 1, max: 10_000_000 },
  /** `--wait [seconds]`. */
  waitSeconds: { min: 0, max: 86_400 },
});

/** What `--wait` without a number waits for another run's lock, in seconds: one hour. */
export const DEFAULT_WAIT_SECONDS = 3600;
