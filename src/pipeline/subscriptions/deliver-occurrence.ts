/**
 * One delivery: a subscription's reports for one period, written and e-mailed, with the ledger
 * moved through its states around the SMTP hand-over (src/load/delivery-ledger.ts has the states
 * and what each one means after a crash).
 *
 * Order, and why: coverage first (a period that is not covered is held, nothing recorded); then
 * the files (a failure here records nothing: nothing was sent); then `prepared` with a Message-ID
 * fixed in advance; then SMTP, with `handing_over` committed by the hand-over hook before the
 * message's final "."; then `sent`, `failed` or `unknown`. A send that fails never stops the
 * other deliveries of the run: the outcome says what happened and the caller sums up.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { EtlError, MailError } from '../../errors.ts';
import {
  AlreadyDeliveredError,
  finishDelivery,
  markHandingOver,
  prepareDelivery,
  type DeliveryKind,
} from '../../load/delivery-ledger.ts';
import type { Warehouse } from '../../load/db.ts';
import type { Logger } from '../../logger.ts';
import {
  sendReportMail,
  type SendReportMailOptions,
  type SentReportMail,
} from '../../reports/mail/send-report-mail.ts';
import { runReports } from '../../reports/run-reports.ts';
import type { Clock, LocalDate } from '../../terms.ts';
import type { ReportPeriod } from '../../time/periods.ts';
import { periodCoverage } from './coverage-gate.ts';
import { reportKinds, type CheckedSubscription } from './subscriptions.ts';

/** How this run delivers. */
export interface DeliveryContext {
  readonly config: Config;
  readonly warehouse: Pick<Warehouse, 'db'>;
  readonly accountId: string;
  /** Folder the files go into (a sub-folder per subscription of the file). */
  readonly outDir: string;
  /** SMTP and sender; undefined: write the files, mail nothing, record nothing. */
  readonly mail: { readonly smtpUrl: string; readonly from: string } | undefined;
  readonly clock: Clock;
  readonly logger: Logger;
  /** (Default: sendReportMail) */
  readonly sendMail?: (options: SendReportMailOptions) => Promise<SentReportMail>;
}

/** What one delivery did. */
export interface DeliveryOutcome {
  readonly subscription: string;
  readonly period: ReportPeriod;
  readonly due: LocalDate | null;
  readonly kind: DeliveryKind;
  /** held: not covered (tried again next run); written: files only (mail off). */
  readonly status: 'held' | 'written' | 'sent' | 'failed' | 'unknown' | 'already-delivered';
  readonly files: readonly string[];
  readonly recipients: readonly string[];
  readonly rejected: readonly string[];
  readonly messageId: string | null;
  readonly error: string | null;
}

/** A Message-ID in the sender's domain (`<uuid@example.com>`). */
export function newMessageId(from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'uptrends-etl.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/** Writes and (when mail is on) sends `subscription`'s reports for `period`. */
export async function deliverOccurrence(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  occurrence: { readonly period: ReportPeriod; readonly due: LocalDate | null; readonly kind: DeliveryKind },
): Promise<DeliveryOutcome> {
  const { period, due, kind } = occurrence;
  const base = { subscription: subscription.name, period, due, kind, recipients: subscription.recipients };
  const log = ctx.logger.child({ subscription: subscription.name, period: period.label });
  const coverage = await periodCoverage(ctx.warehouse.db, {
    accountId: ctx.accountId,
    period,
    monitorGroups: subscription.monitorGroups,
    monitors: subscription.monitors,
    now: ctx.clock(),
  });
  if (!coverage.covered) {
    log.warn(`subscription ${subscription.name}: ${period.label} held, not sent: ${coverage.reason}`);
    return { ...base, status: 'held', files: [], rejected: [], messageId: null, error: coverage.reason };
  }
  let written: Awaited<ReturnType<typeof runReports>>;
  try {
    written = await runReports(
      ctx.config,
      ctx.warehouse,
      {
        reports: reportKinds(subscription),
        period,
        accountId: ctx.accountId,
        monitorGroups: subscription.monitorGroups,
        monitors: subscription.monitors,
        targetOverride: subscription.slaTarget,
        // The default subscription writes where nightly always wrote; the file's ones each in a sub-folder.
        outDir: subscription.fileIndex === undefined ? ctx.outDir : path.join(ctx.outDir, subscription.name),
        formats: subscription.formats,
        mail: false,
      },
      { clock: ctx.clock, logger: ctx.logger },
    );
  } catch (error) {
    // Nothing was sent. With mail on, the failure goes into the ledger (status shows it, the next
    // run tries again); a broken report must not stop the other subscriptions.
    const message = `the reports could not be written: ${error instanceof Error ? error.message : String(error)}`;
    log.error(`subscription ${subscription.name}: ${period.label} not sent: ${message}`);
    if (ctx.mail !== undefined) await recordFailure(ctx, subscription, occurrence, message);
    return { ...base, status: 'failed', files: [], rejected: [], messageId: null, error: message };
  }
  const files = written.paths;
  if (ctx.mail === undefined) {
    return { ...base, status: 'written', files, rejected: [], messageId: null, error: null };
  }
  const messageId = newMessageId(ctx.mail.from);
  let deliveryId: number;
  try {
    deliveryId = await prepareDelivery(ctx.warehouse.db, {
      subscription: subscription.name,
      accountId: ctx.accountId,
      periodStart: period.start,
      periodEnd: period.end,
      periodLabel: period.label,
      dueOn: due,
      kind,
      messageId,
      recipients: subscription.recipients,
      files,
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
      sla: written.sla?.model,
      incidents: written.incidents?.model,
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

/** A ledger row for an attempt that failed before anything could be sent. */
async function recordFailure(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  occurrence: { readonly period: ReportPeriod; readonly due: LocalDate | null; readonly kind: DeliveryKind },
  message: string,
): Promise<void> {
  try {
    const id = await prepareDelivery(ctx.warehouse.db, {
      subscription: subscription.name,
      accountId: ctx.accountId,
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
