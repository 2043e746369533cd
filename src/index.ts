/**
 * The programmatic API of the package (`import { runSync } from 'uptrends-etl'`): the three jobs
 * the CLI runs, with typed options and the same defaults, checks and errors. Configuration is the
 * CLI's too: `loadConfig()` reads the environment variables of the README (and `.env`), or pass
 * the variables yourself: `loadConfig({ UPTRENDS_USERNAME: ..., DATABASE_URL: ... })`.
 *
 * Every function rejects with an `EtlError` subclass whose `code` is stable (see errors.ts) and
 * never logs unless given a logger. Heavy modules load on the first call, not on import.
 */
import type { Config } from './config.ts';
import { ConfigError } from './errors.ts';
import type { Logger } from './logger.ts';
import type { NightlyResult } from './pipeline/run-nightly.ts';
import type { SyncSummary } from './pipeline/run-sync.ts';
import type { ProgressSink } from './pipeline/sync-context.ts';
import { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES, type SyncOptions } from './pipeline/sync-options.ts';
import type { DeliveryOutcome } from './pipeline/subscriptions/deliver-occurrence.ts';
import type { ReportFormat } from './reports/render/report-files.ts';
import type { ReportsResult, RunReportsOptions } from './reports/run-reports.ts';
import type { Clock, LocalDate } from './terms.ts';

export { loadConfig, readEnvironment, describeConfig, type Config } from './config.ts';
export { createLogger, type Logger, type LoggerOptions } from './logger.ts';
export * from './errors.ts';
export { VERSION } from './version.ts';
export type { PresetPeriod, LocalDate, Clock } from './terms.ts';
export type { SyncSummary } from './pipeline/run-sync.ts';
export type { StreamCounts, RunStatus } from './load/ledgers/run-ledger.ts';
export type { ProgressSink } from './pipeline/sync-context.ts';
export type { NightlyResult } from './pipeline/run-nightly.ts';
export type { DeliveryOutcome } from './pipeline/subscriptions/deliver-occurrence.ts';
export type { SubscriptionRunResult } from './pipeline/subscriptions/run-subscriptions.ts';
export type { ReportsResult, ReportKind, SlaHeadline, IncidentHeadline } from './reports/run-reports.ts';
export type { ReportFormat } from './reports/render/report-files.ts';
export type { PeriodOptions } from './time/period-options.ts';
export { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES, DEFAULT_WAIT_SECONDS } from './pipeline/sync-options.ts';
export {
  DEFAULT_REPORT_DIR,
  DEFAULT_SLA_TARGET,
  DEFAULT_RAW_ALERT_ROW_LIMIT,
  REPORT_KINDS,
} from './reports/report-defaults.ts';
export { DEFAULT_REPORT_ON } from './pipeline/report-schedule.ts';

/** What every job accepts besides its own options. */
export interface JobOptions {
  /** Settings. (Default: `loadConfig()`, the environment variables and `.env`) */
  readonly config?: Config;
  /** Where progress and warnings go. (Default: nothing is logged) */
  readonly logger?: Logger;
  /** Aborting it stops the job like SIGINT stops the CLI (committed windows stay). */
  readonly signal?: AbortSignal;
  /** Overrides the system clock (reports' "previous month", nightly's report day). */
  readonly clock?: Clock;
}

/** Options of `runSync`: every field of the CLI's `sync`, each optional with the same default. */
export interface RunSyncOptions extends JobOptions, Partial<Omit<SyncOptions, 'batchRows'>> {
  /** Progress of long streams. (Default: none) */
  readonly progress?: ProgressSink;
}

/** Options of `runReports` (the CLI's `report`). */
export interface RunReportsJobOptions extends JobOptions, RunReportsOptions {
  /** Called with the paths once every file is written, before any mail goes out. */
  readonly onWritten?: (paths: readonly string[]) => void;
}

/**
 * Options of `runNightly` (the CLI's `nightly` without a configuration file): the sync, then the
 * `default` subscription (both reports, every monitor, to REPORT_MAIL_TO), each period once through
 * the delivery ledger, missed periods caught up. Subscriptions of a configuration file are the CLI's.
 */
export interface RunNightlyOptions extends JobOptions {
  /** The sync. (Default: every stream, incremental) */
  readonly sync?: Partial<Omit<SyncOptions, 'batchRows'>>;
  /** When to report: `1,15`, `mon`, `daily` or `never`. (Default: `1`, the 1st of the month) */
  readonly reportOn?: string;
  /** The finished period the reports cover. (Default: PreviousMonth) */
  readonly reportPeriod?: string;
  /** (Default: xlsx and csv) */
  readonly formats?: readonly ReportFormat[];
  /** Report folder. (Default: ./reports) */
  readonly outDir?: string;
  /** E-mail the reports due. (Default: when SMTP_URL is set) */
  readonly mail?: boolean;
  /** Run the schedule as if today (in the account zone) were this date. (Default: today) */
  readonly asOf?: LocalDate;
  readonly progress?: ProgressSink;
  /** Called for each delivery (its files, sent or not). */
  readonly onOutcome?: (outcome: DeliveryOutcome) => void;
}

async function configOf(options: JobOptions): Promise<Config> {
  if (options.config !== undefined) return options.config;
  const { loadConfig } = await import('./config.ts');
  return loadConfig();
}

async function loggerOf(options: JobOptions): Promise<Logger> {
  if (options.logger !== undefined) return options.logger;
  const { silentLogger } = await import('./logger.ts');
  return silentLogger();
}

/** The sync options with defaults applied, checked against the ranges the CLI enforces. */
async function syncOptionsOf(options: Partial<SyncOptions>): Promise<SyncOptions> {
  const merged: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...withoutUndefined(options) };
  const ranged: [keyof typeof SYNC_OPTION_RANGES, number][] = [
    ['concurrency', merged.concurrency],
    ['lookbackDays', merged.lookbackDays],
    ['initialDays', merged.initialDays],
    ['windowDays', merged.windowDays],
    ['maxPagesPerWindow', merged.maxPagesPerWindow],
  ];
  for (const [name, value] of ranged) {
    const { min, max } = SYNC_OPTION_RANGES[name];
    if (!Number.isInteger(value) || value < min || value > max)
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not ${value}.`, {
        context: { setting: name },
      });
  }
  if (merged.maxRps !== undefined && !(merged.maxRps > 0))
    throw new ConfigError(`maxRps must be a positive number, not ${merged.maxRps}.`, {
      context: { setting: 'maxRps' },
    });
  const { checkPeriodOptions } = await import('./time/period-options.ts');
  checkPeriodOptions(merged);
  return merged;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * One sync run, as `uptrends-etl sync`: migrates the warehouse when needed, takes its lock, reads
 * the selected streams. Resolves with the run's summary; rejects when any stream failed
 * (`PartialRunError` when others succeeded).
 */
export async function runSync(options: RunSyncOptions = {}): Promise<SyncSummary> {
  const { config: _c, logger: _l, signal, clock, progress, ...sync } = options;
  const [config, logger, syncOptions, { runSync: run }] = await Promise.all([
    configOf(options),
    loggerOf(options),
    syncOptionsOf(sync),
    import('./pipeline/run-sync.ts'),
  ]);
  return run(config, syncOptions, { logger, signal, clock, progress });
}

/** Writes (and mails, with `mail: true`) the reports, as `uptrends-etl report`. */
export async function runReports(options: RunReportsJobOptions = {}): Promise<ReportsResult> {
  const { config: _c, logger: _l, signal: _s, clock, onWritten, ...reportOptions } = options;
  const [config, logger, { runReports: run }, { openWarehouse }] = await Promise.all([
    configOf(options),
    loggerOf(options),
    import('./reports/run-reports.ts'),
    import('./load/connection/db.ts'),
  ]);
  const warehouse = await openWarehouse({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    create: false,
  });
  try {
    return await run(config, warehouse, reportOptions, { logger, clock, onWritten });
  } finally {
    await warehouse.close();
  }
}

/**
 * The nightly job, as `uptrends-etl nightly`: the sync, then on report days the reports. A sync
 * that fails, even partly, writes and sends no report; the promise rejects with its error.
 */
export async function runNightly(options: RunNightlyOptions = {}): Promise<NightlyResult> {
  const [
    config,
    logger,
    sync,
    { runNightly: run },
    { DEFAULT_REPORT_ON, parseReportSchedule },
    subscriptions,
    defaults,
  ] = await Promise.all([
    configOf(options),
    loggerOf(options),
    syncOptionsOf(options.sync ?? {}),
    import('./pipeline/run-nightly.ts'),
    import('./pipeline/report-schedule.ts'),
    import('./pipeline/subscriptions/subscriptions.ts'),
    import('./reports/report-defaults.ts'),
  ]);
  const subscription = subscriptions.defaultSubscription({
    schedule: parseReportSchedule(options.reportOn ?? DEFAULT_REPORT_ON),
    period: options.reportPeriod,
    formats: options.formats,
    mailTo: config.mailTo,
  });
  if (options.asOf !== undefined) {
    const { parseLocalDate } = await import('./time/period-options.ts');
    parseLocalDate('asOf', options.asOf);
  }
  return run(
    config,
    {
      sync,
      subscriptions: {
        list: [subscription],
        outDir: options.outDir ?? defaults.DEFAULT_REPORT_DIR,
        mail: options.mail ?? config.smtpUrl !== undefined,
        asOf: options.asOf,
      },
    },
    {
      logger,
      signal: options.signal,
      clock: options.clock,
      progress: options.progress,
      onOutcome: options.onOutcome,
    },
  );
}
