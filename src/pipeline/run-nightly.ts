/**
 * The programmatic `nightly`: sync every stream, then the report subscriptions that are due (each
 * period once, missed ones caught up; src/pipeline/subscriptions/). One outcome for the whole job:
 * a sync that failed (even partly) sends no report, because the figures would be stale or
 * incomplete, and says so; the periods it would have sent are caught up by the next good night.
 */
import type { Config } from '../config.ts';
import type { ConfigFile } from '../config-file/load-config-file.ts';
import { openWarehouse } from '../load/db.ts';
import type { Logger } from '../logger.ts';
import type { SendReportMailOptions, SentReportMail } from '../reports/mail/send-report-mail.ts';
import { systemClock, type Clock, type LocalDate } from '../terms.ts';
import type { ProgressSink } from './sync-context.ts';
import { runSync, type SyncSummary } from './run-sync.ts';
import type { SyncOptions } from './sync-options.ts';
import type { DeliveryOutcome } from './subscriptions/deliver-occurrence.ts';
import { runSubscriptionSchedule, type SubscriptionRunResult } from './subscriptions/run-subscriptions.ts';
import type { Subscription } from './subscriptions/subscriptions.ts';

/** What nightly does after the sync. */
export interface NightlySubscriptionOptions {
  /** The file's subscriptions, or the default one built from the nightly flags. */
  readonly list: readonly Subscription[];
  readonly file?: ConfigFile | undefined;
  /** Report folder (a sub-folder per subscription of the configuration file). */
  readonly outDir: string;
  /** E-mail (true) or only write the files of what is due today. */
  readonly mail: boolean;
  /** Run the schedule as if today (in the account zone) were this date. (Default: today) */
  readonly asOf?: LocalDate | undefined;
}

export interface NightlyOptions {
  readonly sync: SyncOptions;
  readonly subscriptions: NightlySubscriptionOptions;
}

export interface NightlyResult {
  readonly sync: SyncSummary;
  readonly subscriptions: SubscriptionRunResult;
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
  },
): Promise<NightlyResult> {
  const clock = deps.clock ?? systemClock;
  let summary: SyncSummary;
  try {
    summary = await runSync(config, options.sync, { ...deps, clock, command: 'nightly' });
  } catch (error) {
    deps.logger.error(
      `nightly: the sync did not complete, so no report is written or sent: ${(error as Error).message}`,
    );
    throw error;
  }
  const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const subscriptions = await runSubscriptionSchedule(
      config,
      warehouse,
      {
        subscriptions: options.subscriptions.list,
        file: options.subscriptions.file,
        accountId: summary.accountId ?? undefined,
        outDir: options.subscriptions.outDir,
        mail: options.subscriptions.mail,
        asOf: options.subscriptions.asOf,
        waitMs: options.sync.waitMs,
      },
      { logger: deps.logger, clock, onOutcome: deps.onOutcome, sendMail: deps.sendMail },
    );
    return { sync: summary, subscriptions };
  } finally {
    await warehouse.close();
  }
}
