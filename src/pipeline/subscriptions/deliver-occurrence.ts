/**
 * One delivery: a subscription's reports for one period, written and e-mailed, with the ledger
 * moved through its states around the SMTP hand-over (hand-over.ts; src/load/ledgers/delivery-ledger.ts
 * has the states and what each one means after a crash). An at-risk subscription (the early
 * warning) goes its own way from here: deliver-at-risk.ts.
 *
 * Order, and why: a period not yet ended is held at once; then the models are read and the
 * coverage gate judges from them (a period that is not covered is held, nothing recorded); then
 * the files (a failure here records nothing: nothing was sent); then the hand-over. A send that
 * fails never stops the other deliveries of the run: the outcome says what happened and the
 * caller sums up.
 */
import path from 'node:path';
import type { ResolvedReportRequest } from '../../reports/report-request.ts';
import { targetSettingsOf } from '../../reports/report-request.ts';
import { loadReportModels, writeReportFiles, type ReportModels } from '../../reports/run-reports.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import { previewReportFiles } from '../../reports/mail/mail-preview.ts';
import { notEndedYet, periodCoverage } from './coverage-gate.ts';
import { deliverAtRisk } from './deliver-at-risk.ts';
import {
  dryRunOutcome,
  handOver,
  outcomeOf,
  recordFailure,
  type DeliveryContext,
  type DeliveryOccurrence,
  type DeliveryOutcome,
} from './hand-over.ts';
import { isEarlyWarning, reportKinds, type CheckedSubscription } from './subscriptions.ts';

export { type DeliveryContext, type DeliveryOutcome } from './hand-over.ts';

/**
 * The report request of one delivery, from the session's resolved parts: its account, the
 * occurrence's period, the subscription's scope, target, SLA definitions and formats. The mail goes through the
 * hand-over (hand-over.ts), not through the report run.
 */
export function deliveryRequest(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  period: ReportPeriod,
): ResolvedReportRequest {
  return {
    account: ctx.account,
    period,
    toDate: false,
    scope: { monitorGroups: subscription.monitorGroups, monitors: subscription.monitors },
    target: targetSettingsOf(subscription.slaTarget),
    slaGuids: subscription.slaGuids,
    output: {
      reports: reportKinds(subscription),
      // The default subscription writes where nightly always wrote; the file's ones each in a sub-folder.
      outDir: subscription.fileIndex === undefined ? ctx.outDir : path.join(ctx.outDir, subscription.name),
      formats: subscription.formats,
    },
    mail: undefined,
  };
}

/** Writes and (when mail is on) sends `subscription`'s reports for `period`. */
export async function deliverOccurrence(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  occurrence: DeliveryOccurrence,
): Promise<DeliveryOutcome> {
  if (isEarlyWarning(subscription)) return deliverAtRisk(ctx, subscription, occurrence);
  const { period } = occurrence;
  const { base, log } = outcomeOf(ctx, subscription, occurrence);
  const held = (reason: string): DeliveryOutcome => {
    log.warn(`subscription ${subscription.name}: ${period.label} held, not sent: ${reason}`);
    return { ...base, status: 'held', files: [], rejected: [], messageId: null, error: reason };
  };
  const failed = async (error: unknown): Promise<DeliveryOutcome> => {
    // Nothing was sent. With mail on, the failure goes into the ledger (status shows it, the next
    // run tries again); a broken report must not stop the other subscriptions.
    const message = `the reports could not be written: ${error instanceof Error ? error.message : String(error)}`;
    log.error(`subscription ${subscription.name}: ${period.label} not sent: ${message}`);
    if (ctx.mail !== undefined && ctx.dryRun !== true)
      await recordFailure(ctx, subscription, occurrence, message);
    return { ...base, status: 'failed', files: [], rejected: [], messageId: null, error: message };
  };
  const now = ctx.clock();
  const early = notEndedYet(period, now);
  if (early !== undefined && !early.covered) return held(early.reason);
  const request = deliveryRequest(ctx, subscription, period);
  let models: ReportModels;
  try {
    models = await loadReportModels(ctx.warehouse.db, request, ctx.clock);
  } catch (error) {
    return failed(error);
  }
  // The gate judges from the figures the report read: the SLA model's account row, else the
  // incident model's (the same row of uptrends.figures).
  const accountRow = models.account;
  const coverage = await periodCoverage(ctx.warehouse.db, request, accountRow, now);
  if (!coverage.covered) return held(coverage.reason);
  if (ctx.dryRun === true) {
    // The same files, written where they are removed again: names, sizes and attachments as sent.
    try {
      const preview = await previewReportFiles(request.output.outDir, async (dir) => {
        const scratch = { ...request, output: { ...request.output, outDir: dir } };
        return (await writeReportFiles(models, scratch, { clock: ctx.clock })).paths;
      });
      return dryRunOutcome(ctx, base, preview);
    } catch (error) {
      return failed(error);
    }
  }
  let files: readonly string[];
  let written: Awaited<ReturnType<typeof writeReportFiles>>;
  try {
    written = await writeReportFiles(models, request, { clock: ctx.clock, logger: ctx.logger });
    files = written.paths;
  } catch (error) {
    return failed(error);
  }
  if (ctx.mail === undefined) {
    return { ...base, status: 'written', files, rejected: [], messageId: null, error: null };
  }
  return handOver({ ...ctx, mail: ctx.mail }, subscription, occurrence, files, {
    sla: written.sla?.digest,
    incidents: written.incidents?.model,
  });
}
