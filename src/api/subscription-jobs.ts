/**
 * The subscription jobs of the programmatic API: one subscription sent now (`report send
 * --subscription`) and the list with next due dates (`report subscriptions`). The subscriptions are
 * the configuration file's, or the default one (subscription-list.ts); the period of a send is
 * checked here, before the warehouse opens.
 */
import type { ConfigFile } from '../config-file/load-config-file.ts';
import type { Config } from '../config.ts';
import { ConfigError } from '../errors.ts';
import type { Warehouse } from '../load/connection/db.ts';
import type { DeliveryOutcome } from '../pipeline/subscriptions/deliver-occurrence.ts';
import type { SubscriptionList } from '../pipeline/subscriptions/list-subscriptions.ts';
import type { LocalDate } from '../terms.ts';
import type { PeriodChoice } from '../time/period-choice.ts';
import { DEFAULT_REPORT_DIR } from '../reports/report-defaults.ts';
import { parseLocalDate, periodChoiceOf, type PeriodOptions } from '../time/parse-period-options.ts';
import { systemClock } from '../terms.ts';
import { configOf, loggerOf, type JobOptions } from './job-options.ts';

export type { DeliveryOutcome, SubscriptionList };
import { subscriptionListOf } from './subscription-list.ts';

/** What the subscription jobs accept besides their own options. */
export interface SubscriptionJobOptions extends JobOptions {
  /** The configuration file, whose `subscriptions:` replace the default one. (Default: none) */
  readonly file?: ConfigFile | undefined;
  /** The account, by id or name. (Default: the subscription's own, else the warehouse's only one) */
  readonly accountId?: string | undefined;
  /** Opens the warehouse; the caller closes it. (Default: the configured one, closed after the job) */
  readonly openWarehouse?: () => Promise<Warehouse>;
}

/** Options of `sendSubscription` (the CLI's `report send --subscription`). */
export interface SendSubscriptionOptions extends SubscriptionJobOptions {
  /** The subscription's name. */
  readonly name: string;
  /** A day, `yyyy-MM-dd`, inside the wanted period of the subscription's schedule. */
  readonly within?: string | undefined;
  /** An explicit period instead (`--month`, `--from/--to`, `--preset`). (Default: the latest due) */
  readonly period?: PeriodOptions | undefined;
  /** Report folder. (Default: ./reports) */
  readonly outDir?: string | undefined;
  /** Files under `outDir/<account>/`. (Default: false) */
  readonly accountFolders?: boolean | undefined;
  /** Called with the delivery. */
  readonly onOutcome?: (outcome: DeliveryOutcome) => void;
  /**
   * List what the send would do (`would-send`, `held`, ...) and send, record and leave nothing.
   * (Default: false)
   */
  readonly dryRun?: boolean | undefined;
}

/** The period a send names, checked but not yet placed in the account zone. */
interface SendChoice {
  readonly within: LocalDate | undefined;
  readonly explicit: PeriodChoice | undefined;
}

/** The period a send names: at most one of a day inside it or an explicit period. */
function sendChoiceOf(options: SendSubscriptionOptions): SendChoice {
  const explicit = options.period ?? {};
  const hasExplicit = Object.values(explicit).some((v) => v !== undefined && v !== '');
  if (hasExplicit && options.within !== undefined) {
    throw new ConfigError(
      '--period cannot be combined with --month, --from/--to or --preset: give one period.',
      {
        context: { setting: '--period' },
      },
    );
  }
  return {
    within: options.within === undefined ? undefined : parseLocalDate('--period', options.within),
    explicit: hasExplicit ? periodChoiceOf(explicit) : undefined,
  };
}

async function withWarehouse<T>(
  config: Config,
  options: SubscriptionJobOptions,
  work: (warehouse: Warehouse) => Promise<T>,
): Promise<T> {
  const given = options.openWarehouse;
  if (given !== undefined) return work(await given());
  const { openWarehouse } = await import('../load/connection/db.ts');
  const warehouse = await openWarehouse({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    create: false,
    schema: 'current',
  });
  try {
    return await work(warehouse);
  } finally {
    await warehouse.close();
  }
}

/**
 * Sends one subscription now, recorded in the delivery ledger (`manual`, or `resend` for a period
 * already delivered). Rejects with a MailError (exit 7) when the send failed or is unknown. With
 * `dryRun`, resolves to what the send would do, having sent and recorded nothing.
 */
export async function sendSubscription(options: SendSubscriptionOptions): Promise<DeliveryOutcome> {
  const choice = sendChoiceOf(options);
  const [config, logger, { sendSubscriptionNow }, { findSubscription }, accounts, scope, request, terms] =
    await Promise.all([
      configOf(options),
      loggerOf(options),
      import('../pipeline/subscriptions/send-subscription.ts'),
      import('../pipeline/subscriptions/subscriptions.ts'),
      import('../pipeline/subscriptions/subscription-accounts.ts'),
      import('../reports/queries/scope.ts'),
      import('./report-request.ts'),
      import('../time/period-choice.ts'),
    ]);
  const mail = request.deliveryMailSettings(config, options.file);
  const { list } = subscriptionListOf(options.file, config.mailTo);
  const wanted = findSubscription(list, options.name);
  const accountId = options.accountId ?? accounts.defaultAccountOf(wanted);
  return withWarehouse(config, options, async (warehouse) => {
    // The account, looked up once for the whole delivery; an explicit period placed in its zone.
    const account = await scope.queryReportAccount(warehouse.db, accountId);
    const now = (options.clock ?? systemClock)();
    return sendSubscriptionNow(
      warehouse,
      {
        subscriptions: list,
        file: options.file,
        account,
        outDir: options.outDir ?? DEFAULT_REPORT_DIR,
        accountFolders: options.accountFolders,
        mail,
        name: options.name,
        dryRun: options.dryRun === true,
        choice: {
          within: choice.within,
          explicit:
            choice.explicit === undefined
              ? undefined
              : terms.reportPeriodOf(choice.explicit, now, account.zone),
        },
      },
      { logger, clock: options.clock, onOutcome: options.onOutcome },
    );
  });
}

/** The subscriptions of an account with their next due dates and last deliveries. */
export async function listSubscriptions(options: SubscriptionJobOptions = {}): Promise<SubscriptionList> {
  const [config, { listSubscriptions: list }, { queryReportAccount }] = await Promise.all([
    configOf(options),
    import('../pipeline/subscriptions/list-subscriptions.ts'),
    import('../reports/queries/scope.ts'),
  ]);
  const { list: subscriptions } = subscriptionListOf(options.file, config.mailTo);
  return withWarehouse(config, options, async (warehouse) => {
    const account = await queryReportAccount(warehouse.db, options.accountId);
    return list(warehouse, { subscriptions, account }, options.clock);
  });
}
