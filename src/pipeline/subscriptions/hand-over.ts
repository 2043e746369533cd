/**
 * The SMTP hand-over of one delivery, with the ledger moved through its states around it
 * (src/load/ledgers/delivery-ledger.ts has the states and what each means after a crash): `prepared` with a
 * Message-ID fixed in advance, then SMTP with `handing_over` committed by the hand-over hook before
 * the message's final ".", then `sent`, `failed` or `unknown`. Shared by the report subscriptions
 * (deliver-occurrence.ts) and the early warning (deliver-at-risk.ts), so both keep the same promise.
 */
import { randomUUID } from 'node:crypto';
import { EtlError, MailError } from '../../errors.ts';
import {
  AlreadyDeliveredError,
  finishDelivery,
  markHandingOver,
  prepareDelivery,
  type DeliveryKind,
  type NotifiedState,
} from '../../load/ledgers/delivery-ledger.ts';
import { sendReportMail, type SendReportMailOptions } from '../../reports/mail/send-report-mail.ts';
import type { LocalDate } from '../../terms.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import type { CheckedSubscription } from './subscriptions.ts';
import type { ReportAccount } from '../../reports/queries/scope.ts';
import type { DeliveryMail } from '../../reports/report-request.ts';
import type { Warehouse } from '../../load/connection/db.ts';
import type { Logger } from '../../logger.ts';
import type { SentReportMail } from '../../reports/mail/send-report-mail.ts';
import type { Clock } from '../../terms.ts';
import type { PreviewedFiles } from '../../reports/mail/mail-preview.ts';

/** How this run delivers. */
export interface DeliveryContext {
  readonly warehouse: Pick<Warehouse, 'db'>;
  /** The account, looked up once for the session. */
  readonly account: ReportAccount;
  /** Folder the files go into (a sub-folder per subscription of the file). */
  readonly outDir: string;
  /** SMTP and sender; undefined: write the files, mail nothing, record nothing. */
  readonly mail: DeliveryMail | undefined;
  readonly clock: Clock;
  readonly logger: Logger;
  /** (Default: sendReportMail) */
  readonly sendMail?: (options: SendReportMailOptions) => Promise<SentReportMail>;
  /**
   * A dry run: every decision as in a real run, the files written into a temporary folder and
   * removed (mail-preview.ts), nothing sent and nothing recorded. (Default: false)
   */
  readonly dryRun?: boolean | undefined;
}

/** What one delivery did. */
export interface DeliveryOutcome {
  readonly subscription: string;
  /** The account the delivery belongs to. */
  readonly accountId: string;
  /**
   * Its name in the warehouse (`uptrends.account.account_name`: the `accounts:` section's name, or
   * `default` for the account of the environment's credentials); null when none was recorded.
   */
  readonly accountName: string | null;
  readonly period: ReportPeriod;
  readonly due: LocalDate | null;
  readonly kind: DeliveryKind;
  /**
   * held: not covered (tried again next run); written: files only (mail off); unchanged: an
   * early-warning check that found nothing to mail (nothing written, nothing recorded). A dry run:
   * would-send (mail on) or would-write (mail off), with the files the run would write; held,
   * unchanged, already-delivered and failed as the run would end.
   */
  readonly status:
    | 'held'
    | 'written'
    | 'sent'
    | 'failed'
    | 'unknown'
    | 'already-delivered'
    | 'unchanged'
    | 'would-send'
    | 'would-write';
  /** The files written (a dry run: the files the run would write, named in the output folder). */
  readonly files: readonly string[];
  /** A dry run: the files the mail would only name, being over the size limit together. */
  readonly omitted?: readonly string[];
  readonly recipients: readonly string[];
  readonly rejected: readonly string[];
  readonly messageId: string | null;
  readonly error: string | null;
}

/** One occurrence of a subscription: its period, due date and why it is sent. */
export interface DeliveryOccurrence {
  readonly period: ReportPeriod;
  readonly due: LocalDate | null;
  readonly kind: DeliveryKind;
}

/** What every outcome of `occurrence` says whatever became of it: subscription, account, period. */
export function outcomeBase(
  ctx: Pick<DeliveryContext, 'account'>,
  subscription: Pick<CheckedSubscription, 'name' | 'recipients'>,
  occurrence: DeliveryOccurrence,
) {
  return {
    subscription: subscription.name,
    accountId: ctx.account.accountId,
    accountName: ctx.account.name,
    period: occurrence.period,
    due: occurrence.due,
    kind: occurrence.kind,
    recipients: subscription.recipients,
  } as const;
}

/** What the mail shows besides the files: the report models, or the early warning. */
export type MailBody = Pick<SendReportMailOptions, 'sla' | 'incidents' | 'atRisk'>;

/** The fields every outcome of one occurrence shares. */
export type OutcomeBase = ReturnType<typeof outcomeBase>;

/** The start of one occurrence's delivery: its outcomes' shared fields and its logger. */
export function outcomeOf(
  ctx: Pick<DeliveryContext, 'account' | 'logger'>,
  subscription: CheckedSubscription,
  { period, due, kind }: DeliveryOccurrence,
): { readonly base: OutcomeBase; readonly log: Logger } {
  return {
    base: outcomeBase(ctx, subscription, { period, due, kind }),
    log: ctx.logger.child({ subscription: subscription.name, period: period.label }),
  };
}

/** A Message-ID in the sender's domain (`<uuid@example.com>`). */
export function newMessageId(from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'uptrends-etl.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/**
 * Records, sends and settles the mail of one occurrence whose files are written (`ctx.mail` set).
 * `notifiedStates` (the early warning) is recorded with the attempt, in the same statement.
 */
export async function handOver(
  ctx: DeliveryContext & { readonly mail: NonNullable<DeliveryContext['mail']> },
  subscription: CheckedSubscription,
  occurrence: DeliveryOccurrence,
  files: readonly string[],
  body: MailBody,
  notifiedStates?: readonly NotifiedState[],
): Promise<DeliveryOutcome> {
  const { period, due, kind } = occurrence;
  const { base, log } = outcomeOf(ctx, subscription, occurrence);
  const messageId = newMessageId(ctx.mail.from);
  let deliveryId: number;
  try {
    deliveryId = await prepareDelivery(ctx.warehouse.db, {
      subscription: subscription.name,
      accountId: ctx.account.accountId,
      periodStart: period.start,
      periodEnd: period.end,
      periodLabel: period.label,
      dueOn: due,
      kind,
      messageId,
      recipients: subscription.recipients,
      files,
      notifiedStates,
    });
  } catch (error) {
    if (!(error instanceof AlreadyDeliveredError)) throw error;
    log.info(`subscription ${subscription.name}: ${period.label} is already delivered or on its way`);
    return { ...base, status: 'already-delivered', files, rejected: [], messageId: null, error: null };
  }
  try {
    const sent = await (ctx.sendMail ?? sendReportMail)({
      smtpUrl: ctx.mail.smtpUrl,
      from: ctx.mail.from,
      to: subscription.recipients,
      ...body,
      files,
      messageId,
      subject: subscription.subject,
      subscription: subscription.name,
      allowPartialRejection: true,
      onHandOver: () => markHandingOver(ctx.warehouse.db, deliveryId),
    });
    const rejected = sent.rejected ?? [];
    await finishDelivery(ctx.warehouse.db, deliveryId, {
      status: 'sent',
      accepted: sent.accepted,
      rejected,
      error: rejected.length > 0 ? `the SMTP server refused ${rejected.join(', ')}` : undefined,
    });
    log.info(
      { accepted: sent.accepted.length, rejected: rejected.length, messageId },
      `subscription ${subscription.name}: ${period.label} sent`,
    );
    return { ...base, status: 'sent', files, rejected, messageId, error: null };
  } catch (error) {
    const maybeDelivered =
      error instanceof MailError && error.context.handedOver === true && error.context.smtpCode === undefined;
    const status = maybeDelivered ? 'unknown' : 'failed';
    const message = error instanceof Error ? error.message : String(error);
    await finishDelivery(ctx.warehouse.db, deliveryId, { status, error: message });
    log.error(
      { code: error instanceof EtlError ? error.code : undefined, messageId },
      `subscription ${subscription.name}: ${period.label} ${status === 'unknown' ? 'may or may not have been delivered (no reply after the hand-over); not sent again automatically' : 'not sent, tried again next run'}: ${message}`,
    );
    return { ...base, status, files, rejected: [], messageId, error: message };
  }
}

/**
 * A dry run's outcome for an occurrence that would go out: its files as the run would write them
 * (`would-send` with mail on, `would-write` without), nothing sent and nothing recorded.
 */
export function dryRunOutcome(
  ctx: DeliveryContext,
  base: OutcomeBase,
  preview: PreviewedFiles,
): DeliveryOutcome {
  return {
    ...base,
    status: ctx.mail === undefined ? 'would-write' : 'would-send',
    files: preview.files,
    omitted: ctx.mail === undefined ? [] : preview.omitted,
    rejected: [],
    messageId: null,
    error: null,
  };
}

/** A ledger row for an attempt that failed before anything could be sent. */
export async function recordFailure(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  occurrence: DeliveryOccurrence,
  message: string,
): Promise<void> {
  try {
    const id = await prepareDelivery(ctx.warehouse.db, {
      subscription: subscription.name,
      accountId: ctx.account.accountId,
      periodStart: occurrence.period.start,
      periodEnd: occurrence.period.end,
      periodLabel: occurrence.period.label,
      dueOn: occurrence.due,
      kind: occurrence.kind,
      messageId: newMessageId(ctx.mail?.from ?? ''),
      recipients: subscription.recipients,
      files: [],
    });
    await finishDelivery(ctx.warehouse.db, id, { status: 'failed', error: message });
  } catch (error) {
    if (!(error instanceof AlreadyDeliveredError)) throw error;
  }
}
