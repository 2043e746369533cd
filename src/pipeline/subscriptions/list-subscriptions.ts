/**
 * `report subscriptions`: every subscription with its schedule, scope and recipients, when it is
 * next due and which period that sends, its last delivery, and the periods still waiting (missed,
 * failed or held) that the next `nightly` will send, for one account: a subscription whose
 * `accounts:` does not name it is not listed. Read-only: it takes no lock and sends nothing.
 */
import {
  hasDeliveryLedger,
  loadDeliveries,
  subscriptionFirstDue,
  type DeliveryRow,
} from '../../load/ledgers/delivery-ledger.ts';
import type { Warehouse } from '../../load/connection/db.ts';
import type { ReportAccount } from '../../reports/queries/scope.ts';
import { systemClock, type Clock, type IanaZone, type LocalDate } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import { describeSchedule, isDue, nextDueDate, occurrencePeriod } from '../../time/schedule.ts';
import { deliveredPeriods, periodKey, planDeliveries } from './plan-deliveries.ts';
import { subscriptionCovers } from './subscription-accounts.ts';
import type { Subscription } from './subscriptions.ts';

/** One subscription as listed. */
export interface SubscriptionListing {
  readonly name: string;
  readonly schedule: string;
  readonly period: string;
  readonly reports: readonly string[];
  readonly formats: readonly string[];
  readonly scope: string;
  readonly recipients: string;
  /** The next date it sends on (today when today's period is still to go), and that period. */
  readonly nextDue: { readonly date: LocalDate; readonly period: string } | null;
  /** The latest delivery that reached (or may have reached) the server. */
  readonly lastDelivery: {
    readonly period: string;
    readonly status: string;
    readonly kind: string;
    readonly at: string | null;
    readonly recipients: number;
    readonly messageId: string;
  } | null;
  /** Due periods not delivered yet that the next run sends, with their last attempt's error. */
  readonly waiting: readonly {
    readonly period: string;
    readonly due: LocalDate;
    readonly lastError: string | null;
  }[];
  /** First date `nightly` evaluated it for; null when no `nightly` has seen it yet. */
  readonly firstDue: LocalDate | null;
}

/** What `listSubscriptions` returns. */
export interface SubscriptionList {
  readonly accountId: string;
  readonly zone: IanaZone;
  readonly today: LocalDate;
  readonly subscriptions: readonly SubscriptionListing[];
}

function scopeText(s: Subscription): string {
  const parts = [...s.monitorGroups.map((g) => `group ${g}`), ...s.monitors.map((m) => `monitor ${m}`)];
  return parts.length === 0 ? 'all monitors' : parts.join(', ');
}

function lastDeliveryOf(rows: readonly DeliveryRow[]): SubscriptionListing['lastDelivery'] {
  const reached = rows.filter((r) => r.status === 'sent' || r.status === 'unknown');
  const last = reached.at(-1);
  if (last === undefined) return null;
  return {
    period: last.periodLabel,
    status: last.status,
    kind: last.kind,
    at: last.finishedAt?.toISOString() ?? null,
    recipients: last.recipients.length,
    messageId: last.messageId,
  };
}

/** Lists `subscriptions` with their state in the warehouse. */
export async function listSubscriptions(
  warehouse: Pick<Warehouse, 'db'>,
  options: { readonly subscriptions: readonly Subscription[]; readonly account: ReportAccount },
  clock: Clock = systemClock,
): Promise<SubscriptionList> {
  const { account } = options;
  const today = localDateOf(clock(), account.zone);
  const migrated = await hasDeliveryLedger(warehouse.db);
  const ledger = migrated ? await loadDeliveries(warehouse.db, account.accountId) : [];
  const firstDue = migrated
    ? await subscriptionFirstDue(warehouse.db, account.accountId)
    : new Map<string, LocalDate>();
  // Only the subscriptions this account's reports go to (accounts are a boundary).
  const covering = options.subscriptions.filter((s) => subscriptionCovers(s, account));
  const subscriptions = covering.map((s): SubscriptionListing => {
    const rows = ledger.filter((d) => d.subscription === s.name);
    const delivered = deliveredPeriods(rows);
    const todayPeriod = isDue(s.schedule, today)
      ? occurrencePeriod(s.period, today, account.zone)
      : undefined;
    const next =
      todayPeriod !== undefined && !delivered.has(periodKey(todayPeriod))
        ? today
        : nextDueDate(s.schedule, today);
    const first = firstDue.get(s.name);
    // An early warning checks the day it runs; it never waits for missed days.
    const plan =
      first === undefined || s.warning !== undefined
        ? { send: [] }
        : planDeliveries({
            schedule: s.schedule,
            preset: s.period,
            zone: account.zone,
            asOf: today,
            firstDue: first,
            catchUp: s.catchUp,
            deliveries: rows,
          });
    return {
      name: s.name,
      schedule: describeSchedule(s.schedule),
      period:
        s.warning === undefined
          ? s.period
          : `the running month; mailed when a service enters or leaves ${s.warning.notify.join(' or ')} (at risk: within ${s.warning.atRiskWithinDays} day(s))`,
      reports: s.reports,
      formats: s.formats,
      scope: scopeText(s),
      recipients:
        [...s.addresses, ...s.operatorGroups.map((g) => `operator group ${g}`)].join(', ') || '(none)',
      nextDue:
        next === undefined
          ? null
          : { date: next, period: occurrencePeriod(s.period, next, account.zone).label },
      lastDelivery: lastDeliveryOf(rows),
      waiting: plan.send
        .filter((o) => o.due < today)
        .map((o) => ({
          period: o.period.label,
          due: o.due,
          lastError:
            rows
              .filter((r) => periodKey({ start: r.periodStart, end: r.periodEnd }) === periodKey(o.period))
              .at(-1)?.error ?? null,
        })),
      firstDue: first ?? null,
    };
  });
  return { accountId: account.accountId, zone: account.zone, today, subscriptions };
}
