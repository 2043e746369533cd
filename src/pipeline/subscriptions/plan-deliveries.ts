/**
 * Which periods of a subscription are due as of a date and still to be delivered. Pure: the
 * schedule, the first due date, the catch-up limit and the ledger's rows go in, the periods to send
 * (oldest first) come out.
 *
 * The rules (docs/subscriptions.md):
 * - The occurrences are the schedule's due dates from the first due date (the earliest as-of date a
 *   run saw the subscription) up to and including the as-of date; each reports the period its
 *   preset gives at the local midnight starting the due date. Two due dates that give the same
 *   period (monthly on the 1st and 15th, PreviousMonth) are one occurrence.
 * - A period is delivered when a scheduled or manual delivery of it is `sent` or `unknown` (maybe
 *   delivered: never repeated by itself). Resends do not count either way.
 * - Undelivered periods due on the as-of date are sent; of those due before it (missed nights,
 *   failed sends, periods held for coverage), the most recent `catchUp` are sent too, oldest first.
 *   Older ones are reported as beyond catch-up and left to `report send --subscription`.
 */
import type { DeliveryRow } from '../../load/ledgers/delivery-ledger.ts';
import { DELIVERED_STATUSES } from '../../load/ledgers/delivery-ledger.ts';
import type { IanaZone, LocalDate } from '../../terms.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import { dueDates, occurrencePeriod, type Schedule, type ScheduledPreset } from '../../time/schedule.ts';

/** One due occurrence: when it became due and the period it reports. */
export interface Occurrence {
  readonly due: LocalDate;
  readonly period: ReportPeriod;
}

/** What to plan for. */
export interface PlanInput {
  readonly schedule: Schedule;
  readonly preset: ScheduledPreset;
  readonly zone: IanaZone;
  readonly asOf: LocalDate;
  /** Earliest due date to consider (first as-of date the subscription was seen). */
  readonly firstDue: LocalDate;
  readonly catchUp: number;
  /** The ledger rows of this subscription and account. */
  readonly deliveries: readonly DeliveryRow[];
}

/** The plan. */
export interface DeliveryPlan {
  /** Periods to send now, oldest first. */
  readonly send: readonly Occurrence[];
  /** Undelivered periods older than the catch-up limit allows, oldest first. */
  readonly beyondCatchUp: readonly Occurrence[];
}

/** A period's identity in the ledger. */
export function periodKey(period: { readonly start: Date; readonly end: Date }): string {
  return `${period.start.toISOString()}/${period.end.toISOString()}`;
}

/** Keys of the periods a subscription has delivered (or maybe delivered). */
export function deliveredPeriods(deliveries: readonly DeliveryRow[]): Set<string> {
  return new Set(
    deliveries
      .filter((d) => d.kind !== 'resend' && DELIVERED_STATUSES.includes(d.status))
      .map((d) => periodKey({ start: d.periodStart, end: d.periodEnd })),
  );
}

/** Every occurrence due in [from, to], one per distinct period, oldest first. */
export function occurrences(
  schedule: Schedule,
  preset: ScheduledPreset,
  zone: IanaZone,
  from: LocalDate,
  to: LocalDate,
): Occurrence[] {
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const due of dueDates(schedule, from, to)) {
    const period = occurrencePeriod(preset, due, zone);
    const key = periodKey(period);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ due, period });
  }
  return out;
}

/** Plans one subscription as of `input.asOf`. */
export function planDeliveries(input: PlanInput): DeliveryPlan {
  if (input.firstDue > input.asOf) return { send: [], beyondCatchUp: [] };
  const delivered = deliveredPeriods(input.deliveries);
  const pending = occurrences(input.schedule, input.preset, input.zone, input.firstDue, input.asOf).filter(
    (o) => !delivered.has(periodKey(o.period)),
  );
  const missed = pending.filter((o) => o.due < input.asOf);
  const today = pending.filter((o) => o.due === input.asOf);
  const kept = input.catchUp === 0 ? [] : missed.slice(-input.catchUp);
  return { send: [...kept, ...today], beyondCatchUp: missed.slice(0, missed.length - kept.length) };
}
