/**
 * The subscription part of `nightly`: every subscription due as of a date (today in the account's
 * zone, or `--as-of`), each missed period caught up once, oldest first, and what dead runs left in
 * the ledger settled first. Deliveries run one at a time under the delivery lock (Postgres: an
 * advisory lock; PGlite: the data directory is this process's alone), so two runs never send the
 * same period and a ledger row in flight always belongs to a dead run when the lock is ours.
 *
 * Without mail (no SMTP_URL, or --no-mail) the files of the periods due that day are written and
 * nothing is recorded: a later run with mail still sends them, within the catch-up limit.
 */
import type { ConfigFile } from '../../config-file/load-config-file.ts';
import { showAddressText } from '../../email-address.ts';
import { ConfigError, MailError } from '../../errors.ts';
import type { ReportAccount } from '../../reports/queries/scope.ts';
import type { DeliveryMail } from '../../reports/report-request.ts';
import {
  hasDeliveryLedger,
  loadDeliveries,
  reconcileInterruptedDeliveries,
  registerSubscriptions,
  subscriptionFirstDue,
  type DeliveryRow,
} from '../../load/ledgers/delivery-ledger.ts';
import type { Warehouse } from '../../load/connection/db.ts';
import { querySubscriptionDirectory } from '../../load/subscription-directory.ts';
import { acquireWarehouseLock, DELIVERY_LOCK_KEY, type HeldLock } from '../../load/locks/warehouse-lock.ts';
import type { Logger } from '../../logger.ts';
import type { SendReportMailOptions, SentReportMail } from '../../reports/mail/send-report-mail.ts';
import { systemClock, type Clock, type IanaZone, type LocalDate } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import { describeSchedule } from '../../time/schedule.ts';
import { deliverOccurrence, type DeliveryContext, type DeliveryOutcome } from './deliver-occurrence.ts';
import { deliveredToday, firstDueUnrecorded, ledgerAsSettled } from './dry-run.ts';
import { planDeliveries, type Occurrence } from './plan-deliveries.ts';
import { accountFolder, checkSubscriptionAccounts } from './subscription-accounts.ts';
import {
  checkSubscriptions,
  isEarlyWarning,
  type CheckedSubscription,
  type Subscription,
} from './subscriptions.ts';

/** Options shared by the schedule and a manual send. */
export interface SubscriptionRunOptions {
  readonly subscriptions: readonly Subscription[];
  /** The configuration file they come from (for line numbers in errors). */
  readonly file?: ConfigFile | undefined;
  /** The account, looked up once by the caller (src/api, or nightly after its sync). */
  readonly account: ReportAccount;
  /** Report folder; each subscription of the file writes into a sub-folder named after it. */
  readonly outDir: string;
  /**
   * Write under `outDir/<account>/` (then `<subscription>/`), as with an `accounts:` section.
   * (Default: false)
   */
  readonly accountFolders?: boolean | undefined;
  /** SMTP and sender, checked at the edge (src/api/report-request.ts); undefined: only write the files. */
  readonly mail: DeliveryMail | undefined;
  /** How long to wait for another run's deliveries to finish, in ms. (Default: 0, fail at once) */
  readonly waitMs?: number | undefined;
  /**
   * List what would go instead (dry-run.ts): no lock, nothing settled, sent, recorded or left in
   * `outDir`. (Default: false)
   */
  readonly dryRun?: boolean | undefined;
}

/** Injected services. */
export interface SubscriptionRunDeps {
  readonly logger: Logger;
  /** (Default: the system clock) */
  readonly clock?: Clock;
  /** Called after every delivery, so the CLI prints it even when a later one fails. */
  readonly onOutcome?: (outcome: DeliveryOutcome) => void;
  /** (Default: sendReportMail) */
  readonly sendMail?: (options: SendReportMailOptions) => Promise<SentReportMail>;
}

/** What a schedule run did. */
export interface SubscriptionRunResult {
  readonly accountId: string;
  readonly zone: IanaZone;
  readonly asOf: LocalDate;
  readonly outcomes: readonly DeliveryOutcome[];
  /** Attempts of dead runs settled at the start (failed: sent again; unknown: not repeated). */
  readonly reconciled: readonly DeliveryRow[];
  /** Undelivered periods older than each subscription's catch-up limit. */
  readonly beyondCatchUp: readonly {
    readonly subscription: string;
    readonly occurrences: readonly Occurrence[];
  }[];
}

/** An open delivery session: account, checked subscriptions, mail settings, the lock. */
export interface DeliverySession {
  readonly accountId: string;
  readonly zone: IanaZone;
  readonly today: LocalDate;
  readonly subscriptions: readonly CheckedSubscription[];
  readonly context: DeliveryContext;
  readonly reconciled: readonly DeliveryRow[];
  release(): Promise<void>;
}

/**
 * Opens a delivery session: resolves the account, checks every subscription against the warehouse
 * (nothing is sent when one is wrong), takes the delivery lock and settles what dead runs left.
 */
export async function openDeliverySession(
  warehouse: Warehouse,
  options: SubscriptionRunOptions,
  deps: SubscriptionRunDeps,
): Promise<DeliverySession> {
  const clock = deps.clock ?? systemClock;
  const { account, mail } = options;
  // The boundary: a subscription never gets the reports of an account it does not name.
  checkSubscriptionAccounts(options.subscriptions, account);
  const directory = await querySubscriptionDirectory(warehouse.db, account.accountId);
  const subscriptions = checkSubscriptions(options.subscriptions, directory, options.file, {
    requireRecipients: mail !== undefined,
  });
  for (const s of subscriptions) {
    for (const r of s.refusedAddresses) {
      deps.logger.warn(
        { subscription: s.name, operatorGroup: r.group, operator: r.operator.guid },
        `subscription ${s.name}: the e-mail address of operator ${r.operator.name} (${r.operator.guid}, operator group "${r.group}", read from the Uptrends API) is left out: ${showAddressText(r.operator.email)} is not one e-mail address: ${r.reason}`,
      );
    }
    for (const group of s.emptyGroups) {
      deps.logger.warn(
        `subscription ${s.name}: operator group "${group}" has no operator with an e-mail address`,
      );
    }
  }
  let lock: HeldLock | undefined;
  let reconciled: DeliveryRow[] = [];
  const dryRun = options.dryRun === true;
  // A dry run writes nothing, so it neither waits for the lock nor settles a dead run's rows: it
  // reads them as the settling would leave them (dry-run.ts, ledgerAsSettled).
  if (mail !== undefined && !dryRun) {
    if (!(await hasDeliveryLedger(warehouse.db))) {
      throw new ConfigError('the warehouse has no delivery ledger yet: run uptrends-etl migrate.', {
        context: { table: 'uptrends.report_delivery' },
      });
    }
    lock = await acquireWarehouseLock(warehouse, {
      key: DELIVERY_LOCK_KEY,
      what: 'the report delivery lock',
      waitMs: options.waitMs,
    });
    try {
      reconciled = await reconcileInterruptedDeliveries(warehouse.db);
    } catch (error) {
      await lock.release();
      throw error;
    }
    for (const row of reconciled) {
      const text = `subscription ${row.subscription}: ${row.periodLabel} (message ${row.messageId}) was interrupted by a run that stopped: ${row.status === 'unknown' ? 'it may have been delivered, so it is not sent again automatically' : 'it was not handed over, so it is sent again'}`;
      if (row.status === 'unknown') deps.logger.error(text);
      else deps.logger.warn(text);
    }
  }
  return {
    accountId: account.accountId,
    zone: account.zone,
    today: localDateOf(clock(), account.zone),
    subscriptions,
    reconciled,
    context: {
      warehouse,
      account,
      outDir: accountFolder(options.outDir, account, options.accountFolders === true),
      mail,
      clock,
      logger: deps.logger,
      sendMail: deps.sendMail,
      dryRun,
    },
    release: () => lock?.release() ?? Promise.resolve(),
  };
}

/**
 * The error a run ends with (exit code 7) when deliveries failed, or may not have arrived: its own,
 * or a dead run's that it found in the ledger (`reconciled` ones marked unknown). Else undefined.
 */
export function deliveryFailure(
  outcomes: readonly DeliveryOutcome[],
  reconciled: readonly DeliveryRow[] = [],
): MailError | undefined {
  const bad = [
    ...outcomes.filter((o) => o.status === 'failed' || o.status === 'unknown'),
    ...reconciled
      .filter((r) => r.status === 'unknown')
      .map((r) => ({
        subscription: r.subscription,
        period: { label: r.periodLabel },
        status: 'unknown',
        error: r.error,
      })),
  ];
  if (bad.length === 0) return undefined;
  const lines = bad.map((o) => `  ${o.subscription} ${o.period.label}: ${o.status}: ${o.error ?? ''}`);
  return new MailError(
    'MAIL_FAILED',
    `${bad.length} report subscription deliver${bad.length === 1 ? 'y' : 'ies'} did not succeed:\n${lines.join('\n')}`,
    {
      retriable: bad.some((o) => o.status === 'failed'),
      context: {
        failed: bad.filter((o) => o.status === 'failed').length,
        unknown: bad.filter((o) => o.status === 'unknown').length,
      },
    },
  );
}

/**
 * Runs the schedule as of `asOf` (Default: today in the account zone; never later than today).
 * Throws a MailError (exit 7) after every delivery was tried when any failed or is unknown.
 */
export async function runSubscriptionSchedule(
  warehouse: Warehouse,
  options: SubscriptionRunOptions & { readonly asOf?: LocalDate | undefined },
  deps: SubscriptionRunDeps,
): Promise<SubscriptionRunResult> {
  const session = await openDeliverySession(warehouse, options, deps);
  const outcomes: DeliveryOutcome[] = [];
  const beyondCatchUp: SubscriptionRunResult['beyondCatchUp'][number][] = [];
  let asOf = session.today;
  try {
    asOf = options.asOf ?? session.today;
    if (asOf > session.today) {
      throw new ConfigError(
        `--as-of ${asOf} is after today (${session.today} in ${session.zone}): its periods have not ended.`,
        { context: { setting: '--as-of' } },
      );
    }
    const mailing = session.context.mail !== undefined;
    const dryRun = options.dryRun === true;
    const firstDue = !mailing
      ? new Map<string, LocalDate>()
      : dryRun
        ? firstDueUnrecorded(await subscriptionFirstDue(warehouse.db, session.accountId), asOf)
        : await registerSubscriptions(
            warehouse.db,
            session.accountId,
            session.subscriptions.map((s) => ({ name: s.name, definition: definitionOf(s) })),
            asOf,
          );
    const loaded = mailing ? await loadDeliveries(warehouse.db, session.accountId) : [];
    const ledger = dryRun ? ledgerAsSettled(loaded) : loaded;
    for (const subscription of session.subscriptions) {
      // An early warning checks its day only: what changed on missed days is in its next mail.
      const warning = isEarlyWarning(subscription);
      const plan = planDeliveries({
        schedule: subscription.schedule,
        preset: subscription.period,
        zone: session.zone,
        asOf,
        // Without mail nothing is caught up: only what is due that day is written.
        firstDue: warning ? asOf : (firstDue.get(subscription.name) ?? asOf),
        catchUp: mailing && !warning ? subscription.catchUp : 0,
        deliveries: ledger.filter((d) => d.subscription === subscription.name),
      });
      if (plan.beyondCatchUp.length > 0) {
        beyondCatchUp.push({ subscription: subscription.name, occurrences: plan.beyondCatchUp });
        deps.logger.warn(
          `subscription ${subscription.name}: ${plan.beyondCatchUp.length} missed period(s) are older than its catch-up limit (${subscription.catchUp}) and are not sent automatically; report send --subscription ${subscription.name} --period <day> sends one`,
        );
      }
      if (plan.send.length === 0) {
        deps.logger.debug(
          `subscription ${subscription.name} (${describeSchedule(subscription.schedule)}): nothing due on ${asOf}`,
        );
      }
      if (dryRun && mailing) {
        // What is due that day but already delivered: listed, with the delivery that counts.
        for (const outcome of deliveredToday(session.context, subscription, asOf, ledger)) {
          outcomes.push(outcome);
          deps.onOutcome?.(outcome);
        }
      }
      for (const occurrence of plan.send) {
        const outcome = await deliverOccurrence(session.context, subscription, {
          ...occurrence,
          kind: 'scheduled',
        });
        outcomes.push(outcome);
        deps.onOutcome?.(outcome);
      }
    }
  } finally {
    await session.release();
  }
  const failure = options.dryRun === true ? undefined : deliveryFailure(outcomes, session.reconciled);
  if (failure !== undefined) throw failure;
  return {
    accountId: session.accountId,
    zone: session.zone,
    asOf,
    outcomes,
    reconciled: session.reconciled,
    beyondCatchUp,
  };
}

/** The subscription as recorded for audit (no secrets are in a subscription). */
export function definitionOf(s: CheckedSubscription): unknown {
  return {
    reports: s.reports,
    schedule: describeSchedule(s.schedule),
    period: s.period,
    monitorGroups: s.monitorGroups,
    monitors: s.monitors,
    formats: s.formats,
    addresses: s.addresses,
    operatorGroups: s.operatorGroups,
    subject: s.subject ?? null,
    slaTarget: s.slaTarget ?? null,
    catchUp: s.catchUp,
    ...(s.warning === undefined ? {} : { warning: s.warning }),
  };
}
