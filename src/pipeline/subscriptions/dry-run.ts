/**
 * What a dry run (`nightly --dry-run`, `report send --dry-run`) reads where a real run writes. It
 * makes the same decisions as the run it previews (run-subscriptions.ts and the delivery steps
 * with `dryRun` set): the plan, the coverage hold, the no-data hold, the early warning's
 * comparison, the files and the attachment rule. Where the real run would first write to the
 * warehouse, it reads instead:
 *
 * - a subscription's first due date is the recorded one, else the as-of date (what
 *   `registerSubscriptions` would record), and nothing is recorded;
 * - attempts a dead run left in flight are read as the settling would leave them (`prepared`:
 *   failed, sent again; `handing_over`: unknown, not sent again), and left as they are;
 * - periods due that day and already delivered are listed with the delivery that counts, so the
 *   listing says why they do not go out.
 */
import type { DeliveryRow } from '../../load/ledgers/delivery-ledger.ts';
import type { LocalDate } from '../../terms.ts';
import { outcomeBase, type DeliveryContext, type DeliveryOutcome } from './hand-over.ts';
import { deliveredPeriods, occurrences, periodKey } from './plan-deliveries.ts';
import type { CheckedSubscription } from './subscriptions.ts';

/** The first due dates a real run would record as of `asOf` (the earlier of the recorded one and it). */
export function firstDueUnrecorded(
  recorded: ReadonlyMap<string, LocalDate>,
  asOf: LocalDate,
): Map<string, LocalDate> {
  return new Map([...recorded].map(([name, date]) => [name, date < asOf ? date : asOf]));
}

/** The ledger as settling a dead run's attempts would leave it (reconcileInterruptedDeliveries). */
export function ledgerAsSettled(rows: readonly DeliveryRow[]): DeliveryRow[] {
  return rows.map((row) => {
    if (row.status === 'prepared') return { ...row, status: 'failed' };
    if (row.status === 'handing_over') return { ...row, status: 'unknown' };
    return row;
  });
}

/** The periods `subscription` has due on `asOf` that the ledger counts as delivered already. */
export function deliveredToday(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  asOf: LocalDate,
  ledger: readonly DeliveryRow[],
): DeliveryOutcome[] {
  const own = ledger.filter((d) => d.subscription === subscription.name);
  const delivered = deliveredPeriods(own);
  return occurrences(subscription.schedule, subscription.period, ctx.account.zone, asOf, asOf)
    .filter((o) => delivered.has(periodKey(o.period)))
    .map((o) => {
      const row = own.findLast(
        (d) =>
          d.kind !== 'resend' &&
          (d.status === 'sent' || d.status === 'unknown') &&
          periodKey({ start: d.periodStart, end: d.periodEnd }) === periodKey(o.period),
      );
      const when = row?.finishedAt ?? row?.preparedAt;
      return {
        ...outcomeBase(ctx, subscription, { ...o, kind: 'scheduled' }),
        status: 'already-delivered',
        files: [],
        rejected: [],
        messageId: row?.messageId ?? null,
        error:
          row === undefined
            ? 'already delivered'
            : `already delivered (${row.status}${when === undefined ? '' : ` ${when.toISOString()}`}, message ${row.messageId})`,
      };
    });
}
