/**
 * The nightly job of the programmatic API: the sync, then the report subscriptions that are due.
 * `uptrends-etl nightly` parses its flags into a NightlyRequest and calls `runNightly`; every
 * option is checked here, before the sync, so a typo in a report option never costs a sync first.
 */
import type { ConfigFile } from '../config-file/load-config-file.ts';
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import type { NightlyResult } from '../pipeline/run-nightly.ts';
import type { NightlyPreview } from '../pipeline/preview-nightly.ts';
import type { OpenedRun } from '../pipeline/run-sync.ts';
import type { DeliveryOutcome } from '../pipeline/subscriptions/deliver-occurrence.ts';
import type { Subscription } from '../pipeline/subscriptions/subscriptions.ts';
import type { ExplicitSyncFlags } from '../pipeline/sync-accounts.ts';
import type { ProgressSink } from '../pipeline/sync-context.ts';
import type { SyncOptions } from '../pipeline/sync-options.ts';
import { DEFAULT_REPORT_DIR } from '../reports/report-defaults.ts';

export { DEFAULT_REPORT_ON } from './subscription-list.ts';
import type { LocalDate } from '../terms.ts';
import { parseLocalDate } from '../time/parse-period-options.ts';
import { configOf, loggerOf, type JobOptions } from './job-options.ts';
import { subscriptionListOf, type DefaultSubscriptionRequest } from './subscription-list.ts';
import { resolveSyncOptions, type SyncRequest } from './sync-job.ts';

/**
 * Options of `runNightly` (the CLI's `nightly`): the sync, then the subscriptions of `file`, or
 * the `default` subscription (both reports, every monitor, to REPORT_MAIL_TO), each period once
 * through the delivery ledger, missed periods caught up.
 */
export interface RunNightlyOptions extends JobOptions, DefaultSubscriptionRequest {
  /** The sync. (Default: every stream, incremental) */
  readonly sync?: SyncRequest;
  /** Report folder. (Default: ./reports) */
  readonly outDir?: string | undefined;
  /** E-mail the reports due. (Default: true; mail goes out only when SMTP_URL is set) */
  readonly mail?: boolean | undefined;
  /** Run the schedule as if today (in the account zone) were this date, `yyyy-MM-dd`. (Default: today) */
  readonly asOf?: string | undefined;
  /** Sync through the job queue: `worker` processes do the syncs (Postgres only). (Default: false) */
  readonly queue?: boolean | undefined;
  /** The configuration file, whose `subscriptions:` replace the default one. (Default: none) */
  readonly file?: ConfigFile | undefined;
  /** The accounts. (Default: the one account of `config`, named default) */
  readonly accountSettings?: readonly AccountSetting[] | undefined;
  /** Reports go to `outDir/<account>/`. (Default: when there are several accounts) */
  readonly accountFolders?: boolean | undefined;
  /** Settings the caller fixed, which win over an account's own (`--concurrency`). */
  readonly explicit?: ExplicitSyncFlags | undefined;
  readonly progress?: ProgressSink;
  /** Called for each delivery (its files, sent or not). */
  readonly onOutcome?: (outcome: DeliveryOutcome) => void;
  /** Told each run opened in the ledger (the telemetry reads them back). */
  readonly onRun?: (run: OpenedRun) => void;
}

/** A nightly run as resolved: what the pipeline receives. */
export interface ResolvedNightly {
  readonly sync: SyncOptions;
  readonly subscriptions: readonly Subscription[];
  /** The subscriptions come from the file (the default-subscription options are then ignored). */
  readonly fromFile: boolean;
  readonly outDir: string;
  /** Mail was asked for (the default). */
  readonly mailAsked: boolean;
  /** Mail goes out: asked for and SMTP_URL set. */
  readonly mail: boolean;
  readonly asOf: LocalDate | undefined;
  readonly queue: boolean;
}

/** What of the configuration the nightly options resolve against. */
export interface NightlyMailConfig {
  readonly mailTo: readonly string[];
  readonly smtpUrl: string | undefined;
}

/** Checks and defaults every nightly option once. */
export function resolveNightly(options: RunNightlyOptions, config: NightlyMailConfig): ResolvedNightly {
  const sync = resolveSyncOptions(options.sync ?? {});
  const { list, fromFile } = subscriptionListOf(options.file, config.mailTo, options);
  const mailAsked = options.mail ?? true;
  return {
    sync,
    subscriptions: list,
    fromFile,
    outDir: options.outDir ?? DEFAULT_REPORT_DIR,
    mailAsked,
    mail: mailAsked && config.smtpUrl !== undefined,
    asOf: options.asOf === undefined ? undefined : parseLocalDate('--as-of', options.asOf),
    queue: options.queue === true,
  };
}

/**
 * What a night and its dry run both start from: the options resolved once, the mail settings
 * (checked before any sync: a missing sender costs no sync), the accounts chosen and the
 * subscriptions' settings.
 */
async function prepareNightly(options: RunNightlyOptions, onResolved?: (resolved: ResolvedNightly) => void) {
  const config = await configOf(options);
  const resolved = resolveNightly(options, config);
  onResolved?.(resolved);
  const [logger, { selectAccounts }, { deliveryMailSettings }] = await Promise.all([
    loggerOf(options),
    import('../pipeline/sync-accounts.ts'),
    import('./report-request.ts'),
  ]);
  const mail = resolved.mail ? deliveryMailSettings(config, options.file) : undefined;
  const accounts =
    options.accountSettings === undefined
      ? undefined
      : selectAccounts(options.accountSettings, resolved.sync.accounts);
  const subscriptions = {
    list: resolved.subscriptions,
    file: options.file,
    outDir: resolved.outDir,
    mail,
    asOf: resolved.asOf,
  };
  return { config, resolved, logger, accounts, subscriptions };
}

/**
 * The nightly job, as `uptrends-etl nightly`: the sync, then on report days the reports. A sync
 * that fails, even partly, writes and sends no report; the promise rejects with its error.
 * `onResolved` sees the resolved options before the sync starts.
 */
export async function runNightly(
  options: RunNightlyOptions = {},
  onResolved?: (resolved: ResolvedNightly) => void,
): Promise<NightlyResult> {
  const [{ config, resolved, logger, accounts, subscriptions }, { runNightly: run }] = await Promise.all([
    prepareNightly(options, onResolved),
    import('../pipeline/run-nightly.ts'),
  ]);
  return run(
    config,
    {
      sync: resolved.sync,
      subscriptions,
      accounts,
      queue: resolved.queue,
      accountFolders: options.accountFolders,
      explicit: options.explicit,
    },
    {
      logger,
      signal: options.signal,
      clock: options.clock,
      progress: options.progress,
      onOutcome: options.onOutcome,
      onRun: options.onRun,
    },
  );
}

/**
 * `nightly --dry-run`: what the night would mail, for each account, without syncing, sending or
 * recording anything (pipeline/preview-nightly.ts). Every option is checked as for `runNightly`.
 */
export async function previewNightly(
  options: RunNightlyOptions = {},
  onResolved?: (resolved: ResolvedNightly) => void,
): Promise<NightlyPreview> {
  const [{ config, logger, accounts, subscriptions }, { previewNightly: preview }] = await Promise.all([
    prepareNightly(options, onResolved),
    import('../pipeline/preview-nightly.ts'),
  ]);
  return preview(
    config,
    { subscriptions, accounts, accountFolders: options.accountFolders },
    { logger, clock: options.clock, onOutcome: options.onOutcome },
  );
}
