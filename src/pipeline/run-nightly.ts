/**
 * The programmatic `nightly`: sync every stream of every account, then the report subscriptions
 * that are due (each period once, missed ones caught up; src/pipeline/subscriptions/). An account
 * whose sync failed (even partly) gets no report, because its figures would be stale or incomplete,
 * and says so; the periods it would have sent are caught up by the next good night. The job ends
 * with the sync's error when any account failed (after the other accounts' reports).
 *
 * The syncs run in this process, one account after another, or with `queue` through the job queue
 * on the Postgres warehouse, where `worker` processes on any machine do them (queue/).
 */
import { REPORT_OPTIONAL_DATA } from './streams/stream-rights.ts';
import type { Config } from '../config.ts';
import { openWarehouse } from '../load/connection/db.ts';
import type { Logger } from '../logger.ts';
import type { SendReportMailOptions, SentReportMail } from '../reports/mail/send-report-mail.ts';
import { queryReportAccount, type ReportAccount } from '../reports/queries/scope.ts';
import { systemClock, type Clock, type LocalDate } from '../terms.ts';
import type { ProgressSink } from './sync-context.ts';
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import { DEFAULT_ACCOUNT } from '../config-file/accounts-section.ts';
import { MailError } from '../errors.ts';
import { type OpenedRun, type SyncSummary } from './run-sync.ts';
import {
  accountsFailure,
  syncAccounts,
  type AccountSyncOutcome,
  type ExplicitSyncFlags,
} from './sync-accounts.ts';
import type { SyncOptions } from './sync-options.ts';
import type { DeliveryOutcome } from './subscriptions/deliver-occurrence.ts';
import {
  runSubscriptionSchedule,
  type SubscriptionRunOptions,
  type SubscriptionRunResult,
} from './subscriptions/run-subscriptions.ts';
import type { Subscription } from './subscriptions/subscriptions.ts';

/** What nightly does after the sync. */
export interface NightlySubscriptionOptions extends Pick<SubscriptionRunOptions, 'file' | 'outDir' | 'mail'> {
  /** The file's subscriptions, or the default one built from the nightly flags. */
  readonly list: readonly Subscription[];
  /** Run the schedule as if today (in the account zone) were this date. (Default: today) */
  readonly asOf?: LocalDate | undefined;
}

export interface NightlyOptions {
  readonly sync: SyncOptions;
  readonly subscriptions: NightlySubscriptionOptions;
  /** The accounts. (Default: the one account of `config`, named default) */
  readonly accounts?: readonly AccountSetting[] | undefined;
  /** Run the syncs through the job queue (Postgres only). (Default: false, in this process) */
  readonly queue?: boolean | undefined;
  /** Flags given on the command line, which win over an account's own settings. */
  readonly explicit?: ExplicitSyncFlags | undefined;
  /**
   * Reports go to `outDir/<account>/` (the CLI: with an `accounts:` section or `--account`).
   * (Default: when there are several accounts)
   */
  readonly accountFolders?: boolean | undefined;
}

/** One account's night: its sync and, when it succeeded, its subscriptions. */
export interface NightlyAccountResult {
  readonly account: string;
  readonly sync: SyncSummary | undefined;
  readonly subscriptions: SubscriptionRunResult | undefined;
  readonly error: Error | undefined;
}

export interface NightlyResult {
  /** The first account's sync (the only one without an accounts: section). */
  readonly sync: SyncSummary;
  /** The first account's subscriptions. */
  readonly subscriptions: SubscriptionRunResult;
  /** Every account. */
  readonly accounts: readonly NightlyAccountResult[];
}

/** The night's schedule of one account: its subscriptions (those naming it, or no account), folder, mail. */
export function accountSchedule(
  options: NightlySubscriptionOptions,
  accountName: string,
  account: ReportAccount,
  accountFolders: boolean,
): SubscriptionRunOptions & { readonly asOf?: LocalDate | undefined } {
  return {
    subscriptions: options.list.filter(
      (s) =>
        s.accounts === undefined || s.accounts.some((a) => a.toLowerCase() === accountName.toLowerCase()),
    ),
    file: options.file,
    account,
    outDir: options.outDir,
    accountFolders,
    mail: options.mail,
    asOf: options.asOf,
  };
}

/** Runs the nightly job; rejects with the sync's error when the sync did not fully succeed. */
export async function runNightly(
  config: Config,
  options: NightlyOptions,
  deps: {
    logger: Logger;
    clock?: Clock;
    signal?: AbortSignal;
    progress?: ProgressSink;
    onOutcome?: (outcome: DeliveryOutcome) => void;
    sendMail?: (options: SendReportMailOptions) => Promise<SentReportMail>;
    /** Told each run opened in the ledger (the syncs', or with `queue` the nightly's own). */
    onRun?: (run: OpenedRun) => void;
  },
): Promise<NightlyResult> {
  const clock = deps.clock ?? systemClock;
  const accounts = options.accounts ?? [
    { name: DEFAULT_ACCOUNT, config, concurrency: undefined, streams: undefined, fileIndex: undefined },
  ];
  let outcomes: AccountSyncOutcome[];
  if (options.queue === true) {
    const { queueSyncs } = await import('./queue/queue-syncs.ts');
    outcomes = await queueSyncs(config.databaseUrl, accounts, options.sync, {
      logger: deps.logger,
      signal: deps.signal,
      explicit: options.explicit,
      onRun: deps.onRun,
    });
  } else {
    outcomes = await syncAccounts(accounts, options.sync, {
      logger: deps.logger,
      signal: deps.signal,
      progress: deps.progress,
      clock,
      command: 'nightly',
      explicit: options.explicit,
      onRun: deps.onRun,
    }).catch((error: unknown) => {
      deps.logger.error(
        `nightly: the sync did not complete, so no report is written or sent: ${(error as Error).message}`,
      );
      throw error;
    });
  }
  const folders = options.accountFolders ?? accounts.length > 1;
  const results: NightlyAccountResult[] = [];
  const mailErrors: MailError[] = [];
  const notSynced = (account: string, error: Error): void =>
    deps.logger.error(
      `nightly: account ${account} did not sync, so none of its reports is written or sent: ${error.message}`,
    );
  // No account synced (a wrong password on the first night): nothing to report, and no warehouse
  // to open, so none is created.
  const failure = accountsFailure(outcomes);
  if (failure !== undefined && outcomes.every((o) => o.summary === undefined)) {
    for (const o of outcomes) if (o.summary === undefined) notSynced(o.account, o.error);
    throw failure;
  }
  const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const outcome of outcomes) {
      if (outcome.summary === undefined) {
        notSynced(outcome.account, outcome.error);
        results.push({
          account: outcome.account,
          sync: undefined,
          subscriptions: undefined,
          error: outcome.error,
        });
        continue;
      }
      // Optional data a skipped stream leaves out of the reports (streams/stream-rights.ts).
      for (const [stream, counts] of Object.entries(outcome.summary.streams)) {
        const missing = counts.status === 'skipped' ? REPORT_OPTIONAL_DATA[stream] : undefined;
        if (missing !== undefined) {
          deps.logger.warn(
            { stream, account: outcome.account },
            `nightly: the reports of account ${outcome.account} go out without ${missing}: stream ${stream} was skipped (${counts.notice ?? 'skipped'})`,
          );
        }
      }
      try {
        // The account, looked up once for all of its deliveries.
        const account = await queryReportAccount(warehouse.db, outcome.summary.accountId ?? undefined);
        const subscriptions = await runSubscriptionSchedule(
          warehouse,
          {
            ...accountSchedule(options.subscriptions, outcome.account, account, folders),
            waitMs: options.sync.waitMs,
          },
          { logger: deps.logger, clock, onOutcome: deps.onOutcome, sendMail: deps.sendMail },
        );
        results.push({ account: outcome.account, sync: outcome.summary, subscriptions, error: undefined });
      } catch (error) {
        // A failed delivery of one account does not keep the others' reports back.
        if (!(error instanceof MailError) || accounts.length === 1) throw error;
        mailErrors.push(error);
        results.push({ account: outcome.account, sync: outcome.summary, subscriptions: undefined, error });
      }
    }
  } finally {
    await warehouse.close();
  }
  if (failure !== undefined) throw failure;
  if (mailErrors.length > 0) throw mailErrors[0]!;
  const first = results[0]!;
  return { sync: first.sync!, subscriptions: first.subscriptions!, accounts: results };
}
