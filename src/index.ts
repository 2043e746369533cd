/**
 * The programmatic API of the package (`import { runSync } from 'uptrends-etl'`): the jobs the CLI
 * runs, from the same functions (src/api/), so the options, defaults, checks and errors are the
 * CLI's. Configuration is the CLI's too: `loadConfig()` reads the environment variables of the
 * README (and `.env`), or pass the variables yourself:
 * `loadConfig({ UPTRENDS_USERNAME: ..., DATABASE_URL: ... })`.
 *
 * Every command has its function here (`runDemo`, `migrate`, `runCheck`, `runSync`, `runNightly`,
 * `previewNightly` (`nightly --dry-run`), `runWorker`, `runReports`, `runAtRiskReport`, `sendSubscription`, `listSubscriptions`,
 * `getStatus`, `streamReadOnlyQuery`, `startWireServer`), with the types of its options;
 * test/unit/public-surface.test.ts lists them.
 *
 * Every function rejects with an `EtlError` subclass whose `code` is stable (see errors.ts) and
 * never logs unless given a logger. Heavy modules load on the first call, not on import.
 */
export { loadConfig, readEnvironment, describeConfig, type Config } from './config.ts';
export { createLogger, type Logger, type LoggerOptions } from './logger.ts';
export * from './errors.ts';
export { VERSION } from './package-root.ts';
export type { PresetPeriod, LocalDate, Clock } from './terms.ts';
export type { JobOptions } from './api/job-options.ts';
export { runSync, resolveSyncOptions, type RunSyncOptions, type SyncRequest } from './api/sync-job.ts';
export {
  runNightly,
  previewNightly,
  type RunNightlyOptions,
  type ResolvedNightly,
  type NightlyMailConfig,
} from './api/nightly-job.ts';
export type { ConfigFile, ConfigFileSource } from './config-file/load-config-file.ts';
export type { AccountSetting } from './config-file/resolve-accounts.ts';
export type { ExplicitSyncFlags } from './pipeline/sync-accounts.ts';
export type { DefaultSubscriptionRequest } from './api/subscription-list.ts';
export {
  runDemo,
  type DemoDeps,
  type DemoOptions,
  type DemoResult,
  type DemoWarehouse,
} from './api/demo-job.ts';
export {
  loadConfigFile,
  runCheck,
  openWarehouse,
  migrate,
  getStatus,
  getRun,
  runReadOnlyQuery,
  streamReadOnlyQuery,
  startWireServer,
  runWorker,
} from './api/command-jobs.ts';
export type { CheckResult } from './api/check-job.ts';
export type { MigrateResult, Warehouse, WarehouseTarget } from './api/warehouse-access.ts';
export type { AccountStatus, JobCounts, RunDetail, RunSummary, WarehouseStatus } from './api/status-job.ts';
export type { QueryResult, ReadOnlyQueryOptions, RowBatch } from './api/query-job.ts';
export type { RunningWireServer, WireServerOptions } from './api/serve-job.ts';
export {
  WORKER_DEFAULTS,
  WORKER_RANGES,
  type WorkerRunOptions,
  type WorkerSummary,
} from './api/worker-job.ts';
export type { PeriodInput, ReportRequestOptions } from './api/report-request.ts';
export type { ResolvedReportRequest, ReportScopeChoice } from './reports/report-request.ts';
export {
  runReports,
  runAtRiskReport,
  type RunReportsJobOptions,
  type RunAtRiskJobOptions,
  type ReportJobOptions,
} from './api/report-job.ts';
export {
  sendSubscription,
  listSubscriptions,
  type SendSubscriptionOptions,
  type SubscriptionJobOptions,
} from './api/subscription-jobs.ts';
export type { SubscriptionList } from './pipeline/subscriptions/list-subscriptions.ts';
export type { SyncSummary } from './pipeline/run-sync.ts';
export type { StreamCounts, RunStatus } from './load/ledgers/run-ledger.ts';
export type { ProgressSink } from './pipeline/sync-context.ts';
export type { NightlyResult } from './pipeline/run-nightly.ts';
export type { NightlyPreview } from './pipeline/preview-nightly.ts';
export type { DeliveryOutcome } from './pipeline/subscriptions/deliver-occurrence.ts';
export type { SubscriptionRunResult } from './pipeline/subscriptions/run-subscriptions.ts';
export type { ReportsResult, ReportKind, SlaHeadline, IncidentHeadline } from './reports/run-reports.ts';
export type { AtRiskReportResult } from './reports/run-at-risk-report.ts';
export type { ReportFormat } from './reports/render/report-files.ts';
export type { PeriodOptions } from './time/parse-period-options.ts';
export type { ReportPeriod } from './time/calendar-periods.ts';
export { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES, DEFAULT_WAIT_SECONDS } from './pipeline/sync-options.ts';
export {
  DEFAULT_REPORT_DIR,
  DEFAULT_SLA_TARGET,
  DEFAULT_RAW_ALERT_ROW_LIMIT,
  REPORT_KINDS,
} from './reports/report-defaults.ts';
export { DEFAULT_REPORT_ON } from './api/subscription-list.ts';
