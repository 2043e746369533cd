/**
 * The delivery ledger of report subscriptions (`uptrends.report_delivery`, migration 000013) and
 * the first-seen dates that bound catch-up (`uptrends.report_subscription`).
 *
 * One row per attempt, moved through its states by one statement each, every one committed before
 * the next step of the send begins:
 *
 *   prepared ──(end of message about to go to SMTP)──> handing_over ──(250)──> sent
 *       │                                                   │  └──(4xx/5xx reply)──> failed
 *       └──(error before the hand-over)──> failed           └──(no reply: crash, lost link)──> unknown
 *
 * A process killed while a row is `prepared` never gave the server the end of the message, so the
 * server discarded it (RFC 5321: a mail transaction is complete only at the final "."): the next
 * run marks the row failed and sends the period again. Killed while `handing_over`, the server may
 * or may not have accepted it: the next run marks it `unknown` and does not send it again (at most
 * once); the message id in the row finds it in the mail server's log. These reconciliations run
 * only under the delivery lock, so a row of a run still in progress is never mistaken for a dead one.
 */
import { sql, type Kysely } from 'kysely';
import { DatabaseError } from '../../errors.ts';
import type { LocalDate } from '../../terms.ts';
import type { Database } from '../schema.ts';

/** Why an attempt was made. */
export type DeliveryKind = 'scheduled' | 'manual' | 'resend';

/** Where an attempt is. */
export type DeliveryStatus = 'prepared' | 'handing_over' | 'sent' | 'failed' | 'unknown';

/** States in which a period counts as delivered (or possibly delivered: never repeated by itself). */
export const DELIVERED_STATUSES: readonly DeliveryStatus[] = ['sent', 'unknown'];

/** One attempt, as the planner and the listings read it: what was prepared, and how it ended. */
export interface DeliveryRow extends Omit<PreparedDelivery, 'notifiedStates'> {
  readonly deliveryId: number;
  readonly status: DeliveryStatus;
  readonly accepted: readonly string[];
  readonly rejected: readonly string[];
  readonly error: string | null;
  readonly preparedAt: Date;
  readonly finishedAt: Date | null;
  /** At-risk subscriptions: the services the mail reported in a notified state; else null. */
  readonly notifiedStates: readonly NotifiedState[] | null;
}

/** One service an at-risk mail reported in a notified state (`report_delivery.notified_states`). */
export interface NotifiedState {
  /** `monitor:<guid>` or `group:<guid>`. */
  readonly key: string;
  readonly grain: string;
  readonly guid: string;
  readonly name: string;
  readonly state: string;
}

/** What is recorded before anything is sent. */
export interface PreparedDelivery {
  readonly subscription: string;
  readonly accountId: string;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly periodLabel: string;
  readonly dueOn: LocalDate | null;
  readonly kind: DeliveryKind;
  readonly messageId: string;
  readonly recipients: readonly string[];
  readonly files: readonly string[];
  /** At-risk subscriptions: what the mail reports, recorded with the attempt. (Default: null) */
  readonly notifiedStates?: readonly NotifiedState[] | undefined;
}

/** A period already delivered or on its way: the database refused a second delivery. */
export class AlreadyDeliveredError extends DatabaseError {}

/**
 * Records that the subscriptions were seen as of `asOf`; returns each one's first due date (the
 * earliest as-of date any run evaluated it for), which bounds its catch-up.
 */
export async function registerSubscriptions(
  db: Kysely<Database>,
  accountId: string,
  subscriptions: readonly { readonly name: string; readonly definition: unknown }[],
  asOf: LocalDate,
): Promise<Map<string, LocalDate>> {
  const firstDue = new Map<string, LocalDate>();
  for (const s of subscriptions) {
    const row = await db
      .insertInto('report_subscription')
      .values({
        subscription: s.name,
        account_id: accountId,
        first_due_on: asOf,
        definition: JSON.stringify(s.definition),
      })
      .onConflict((oc) =>
        oc.columns(['subscription', 'account_id']).doUpdateSet({
          first_due_on: sql<string>`least(report_subscription.first_due_on, excluded.first_due_on)`,
          definition: sql<unknown>`excluded.definition`,
          last_seen_at: sql<Date>`now()`,
        }),
      )
      .returning('first_due_on')
      .executeTakeFirstOrThrow();
    firstDue.set(s.name, row.first_due_on);
  }
  return firstDue;
}

/** First due dates of the subscriptions seen before (none: never run by `nightly`). */
export async function subscriptionFirstDue(
  db: Kysely<Database>,
  accountId: string,
): Promise<Map<string, LocalDate>> {
  const rows = await db
    .selectFrom('report_subscription')
    .select(['subscription', 'first_due_on'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((r) => [r.subscription, r.first_due_on]));
}

/**
 * Settles the attempts a dead run left behind (call only while holding the delivery lock):
 * `prepared` ones failed before the hand-over (safe to send again), `handing_over` ones are
 * `unknown` (maybe delivered: never sent again by themselves). Returns the settled rows.
 */
export async function reconcileInterruptedDeliveries(db: Kysely<Database>): Promise<DeliveryRow[]> {
  const failed = await db
    .updateTable('report_delivery')
    .set({
      status: 'failed',
      error: 'the run stopped before the message was handed to the SMTP server; sent again on the next run',
      finished_at: sql<Date>`now()`,
    })
    .where('status', '=', 'prepared')
    .returningAll()
    .execute();
  const unknown = await db
    .updateTable('report_delivery')
    .set({
      status: 'unknown',
      error:
        'the run stopped while the SMTP server was being handed the message: it may have been delivered; not sent again automatically (look for the message id in the mail server log; report send --subscription resends it)',
      finished_at: sql<Date>`now()`,
    })
    .where('status', '=', 'handing_over')
    .returningAll()
    .execute();
  return [...failed, ...unknown].map(toDeliveryRow);
}

/** Records an attempt before anything is sent; throws AlreadyDeliveredError for a delivered period. */
export async function prepareDelivery(db: Kysely<Database>, delivery: PreparedDelivery): Promise<number> {
  try {
    const row = await db
      .insertInto('report_delivery')
      .values({
        subscription: delivery.subscription,
        account_id: delivery.accountId,
        period_start: delivery.periodStart,
        period_end: delivery.periodEnd,
        period_label: delivery.periodLabel,
        due_on: delivery.dueOn,
        kind: delivery.kind,
        status: 'prepared',
        message_id: delivery.messageId,
        recipients: [...delivery.recipients],
        files: [...delivery.files],
        notified_states:
          delivery.notifiedStates === undefined ? null : JSON.stringify(delivery.notifiedStates),
      })
      .returning('delivery_id')
      .executeTakeFirstOrThrow();
    return row.delivery_id;
  } catch (cause) {
    if ((cause as { code?: string }).code === '23505') {
      throw new AlreadyDeliveredError(
        `subscription ${delivery.subscription}: ${delivery.periodLabel} is already delivered or being delivered`,
        { cause, context: { subscription: delivery.subscription, period: delivery.periodLabel } },
      );
    }
    throw cause;
  }
}

/** The end of the message is about to be handed to the SMTP server. */
export async function markHandingOver(db: Kysely<Database>, deliveryId: number): Promise<void> {
  await db
    .updateTable('report_delivery')
    .set({ status: 'handing_over', handed_over_at: sql<Date>`now()` })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

/** The outcome of an attempt. */
export async function finishDelivery(
  db: Kysely<Database>,
  deliveryId: number,
  outcome: {
    readonly status: 'sent' | 'failed' | 'unknown';
    readonly accepted?: readonly string[];
    readonly rejected?: readonly string[];
    readonly error?: string | undefined;
  },
): Promise<void> {
  await db
    .updateTable('report_delivery')
    .set({
      status: outcome.status,
      accepted: [...(outcome.accepted ?? [])],
      rejected: [...(outcome.rejected ?? [])],
      error: outcome.error ?? null,
      finished_at: sql<Date>`now()`,
    })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

/** Every attempt of the account's subscriptions (or of the named ones), oldest first. */
export async function loadDeliveries(
  db: Kysely<Database>,
  accountId: string,
  subscriptions?: readonly string[],
): Promise<DeliveryRow[]> {
  let query = db.selectFrom('report_delivery').selectAll().where('account_id', '=', accountId);
  if (subscriptions !== undefined) {
    if (subscriptions.length === 0) return [];
    query = query.where('subscription', 'in', [...subscriptions]);
  }
  const rows = await query.orderBy('delivery_id').execute();
  return rows.map(toDeliveryRow);
}

/** True when the ledger table exists (a warehouse migrated before 000013 has none). */
export async function hasDeliveryLedger(db: Kysely<Database>): Promise<boolean> {
  const result = await sql<{
    present: boolean;
  }>`select to_regclass('uptrends.report_delivery') is not null as present`.execute(db);
  return result.rows[0]?.present === true;
}

function toDeliveryRow(r: {
  delivery_id: number;
  subscription: string;
  account_id: string;
  period_start: Date;
  period_end: Date;
  period_label: string;
  due_on: string | null;
  kind: string;
  status: string;
  message_id: string;
  recipients: string[];
  accepted: string[];
  rejected: string[];
  files: string[];
  error: string | null;
  prepared_at: Date;
  finished_at: Date | null;
  notified_states: unknown;
}): DeliveryRow {
  return {
    deliveryId: Number(r.delivery_id),
    subscription: r.subscription,
    accountId: r.account_id,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    periodLabel: r.period_label,
    dueOn: r.due_on,
    kind: r.kind as DeliveryKind,
    status: r.status as DeliveryStatus,
    messageId: r.message_id,
    recipients: r.recipients,
    accepted: r.accepted,
    rejected: r.rejected,
    files: r.files,
    error: r.error,
    preparedAt: r.prepared_at,
    finishedAt: r.finished_at,
    notifiedStates: Array.isArray(r.notified_states) ? (r.notified_states as NotifiedState[]) : null,
  };
}

/**
 * A period whose latest attempt failed (tried again next run), is unknown (needs a look), or is
 * still prepared / handing over (a run sending right now, or one that died: the next run settles it).
 */
export interface DeliveryProblem {
  readonly subscription: string;
  readonly accountId: string;
  readonly period: string;
  readonly status: 'failed' | 'unknown' | 'prepared' | 'handing_over';
  readonly attempts: number;
  readonly lastAttemptAt: Date;
  readonly messageId: string;
  readonly error: string | null;
}

/** Periods of the last `days` days whose latest attempt is not `sent` (for `status`). */
export async function deliveryProblems(db: Kysely<Database>, days = 31): Promise<DeliveryProblem[]> {
  if (!(await hasDeliveryLedger(db))) return [];
  const rows = await sql<{
    subscription: string;
    account_id: string;
    period_label: string;
    status: string;
    attempts: number;
    prepared_at: Date;
    message_id: string;
    error: string | null;
  }>`
    select * from (
      select distinct on (subscription, account_id, period_start, period_end)
             subscription, account_id, period_label, status, prepared_at, message_id, error,
             count(*) over (partition by subscription, account_id, period_start, period_end)::int as attempts
      from uptrends.report_delivery
      where kind <> 'resend' and prepared_at > now() - make_interval(days => ${days})
      order by subscription, account_id, period_start, period_end, delivery_id desc
    ) latest
    where status <> 'sent'
    order by prepared_at desc`.execute(db);
  return rows.rows.map((r) => ({
    subscription: r.subscription,
    accountId: r.account_id,
    period: r.period_label,
    status: r.status as DeliveryProblem['status'],
    attempts: Number(r.attempts),
    lastAttemptAt: r.prepared_at,
    messageId: r.message_id,
    error: r.error,
  }));
}
