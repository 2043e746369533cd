/**
 * `report send --subscription NAME`: one subscription's reports for one period, now. The period is
 * the subscription's latest due one (Default), the one holding a given day (`--period`), or an
 * explicit one (`--month`, `--from/--to`, `--preset`). The ledger records it as `manual` when the
 * period was not delivered yet (it then counts as the delivery: `nightly` will not send it again)
 * or as `resend` when it was (a deliberate second copy, never counted, never blocked).
 *
 * The account is chosen and looked up at the edge (src/api/subscription-jobs.ts: `accountId` when
 * given, else the subscription's own when it names exactly one, else the warehouse's only
 * account); an account the subscription does not name is refused before anything is written
 * (subscription-accounts.ts).
 */
import type { DeliveryMail } from '../../reports/report-request.ts';
import { ConfigError } from '../../errors.ts';
import { loadDeliveries } from '../../load/ledgers/delivery-ledger.ts';
import type { Warehouse } from '../../load/connection/db.ts';
import type { IanaZone, LocalDate } from '../../terms.ts';
import { addLocalDays, localMidnight } from '../../time/calendar.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import { dueDates, latestDueDate, occurrencePeriod } from '../../time/schedule.ts';
import type { DeliveryOutcome } from './deliver-occurrence.ts';
import { deliverOccurrence } from './deliver-occurrence.ts';
import { ledgerAsSettled } from './dry-run.ts';
import { deliveredPeriods, periodKey } from './plan-deliveries.ts';
import {
  deliveryFailure,
  openDeliverySession,
  type SubscriptionRunDeps,
  type SubscriptionRunOptions,
} from './run-subscriptions.ts';
import { findSubscription, type Subscription } from './subscriptions.ts';

/** Which period to send, checked at the edge: at most one of the two. (Default: the latest due) */
export interface SendPeriodChoice {
  /** A day inside the wanted period of the subscription's schedule (`--period yyyy-MM-dd`). */
  readonly within?: LocalDate | undefined;
  /** An explicit period (`--month`, `--from/--to`, `--preset`), placed in the account zone. */
  readonly explicit?: ReportPeriod | undefined;
}

/** The period and due date `choice` names for `subscription`, as of `today`. */
export function choosePeriod(
  subscription: Subscription,
  choice: SendPeriodChoice,
  zone: IanaZone,
  today: LocalDate,
): { period: ReportPeriod; due: LocalDate | null } {
  if (choice.explicit !== undefined) return { period: choice.explicit, due: null };
  if (choice.within !== undefined) {
    const day = choice.within;
    const dayStart = localMidnight(day, zone).getTime();
    // The first occurrence after the day whose period holds it (a period ends by its due date).
    for (const due of dueDates(subscription.schedule, addLocalDays(day, 1), addLocalDays(day, 800))) {
      const period = occurrencePeriod(subscription.period, due, zone);
      if (period.start.getTime() <= dayStart && dayStart < period.end.getTime()) return { period, due };
      if (period.start.getTime() > dayStart) break;
    }
    throw new ConfigError(
      `no period of subscription ${subscription.name} (${subscription.period}) holds ${day}; give the period with --month or --from/--to.`,
      { context: { setting: '--period' } },
    );
  }
  const due = latestDueDate(subscription.schedule, today);
  if (due === undefined) {
    throw new ConfigError(
      `subscription ${subscription.name} is never due; give the period with --month or --from/--to.`,
      {
        context: { setting: '--period' },
      },
    );
  }
  return { period: occurrencePeriod(subscription.period, due, zone), due };
}

/**
 * Sends one subscription now; throws a MailError (exit 7) when the send failed or is unknown. With
 * `dryRun`, returns what the send would do and sends, records and leaves nothing.
 */
export async function sendSubscriptionNow(
  warehouse: Warehouse,
  options: Omit<SubscriptionRunOptions, 'mail'> & {
    readonly mail: DeliveryMail;
    readonly name: string;
    readonly choice: SendPeriodChoice;
  },
  deps: SubscriptionRunDeps,
): Promise<DeliveryOutcome> {
  const wanted = findSubscription(options.subscriptions, options.name);
  const session = await openDeliverySession(warehouse, { ...options, subscriptions: [wanted] }, deps);
  let outcome: DeliveryOutcome;
  try {
    const subscription = session.subscriptions[0]!;
    const { period, due } = choosePeriod(subscription, options.choice, session.zone, session.today);
    const rows = await loadDeliveries(warehouse.db, session.accountId, [subscription.name]);
    const delivered = deliveredPeriods(options.dryRun === true ? ledgerAsSettled(rows) : rows);
    const kind = delivered.has(periodKey(period)) ? 'resend' : 'manual';
    outcome = await deliverOccurrence(session.context, subscription, { period, due, kind });
    deps.onOutcome?.(outcome);
  } finally {
    await session.release();
  }
  // A dry run lists the outcome, held or failed, and ends well: it was asked what would happen.
  if (options.dryRun === true) return outcome;
  if (outcome.status === 'held') {
    throw new ConfigError(
      `subscription ${outcome.subscription}: ${outcome.period.label} was not sent: ${outcome.error ?? ''}`,
      {
        context: { setting: '--period' },
      },
    );
  }
  const failure = deliveryFailure([outcome]);
  if (failure !== undefined) throw failure;
  return outcome;
}
