/**
 * One delivery: a subscription's reports for one period, written and e-mailed, with the ledger
 * moved through its states around the SMTP hand-over (hand-over.ts; src/load/ledgers/delivery-ledger.ts
 * has the states and what each one means after a crash). An at-risk subscription (the early
 * warning) goes its own way from here: deliver-at-risk.ts.
 *
 * Order, and why: coverage first (a period that is not covered is held, nothing recorded); then
 * the files (a failure here records nothing: nothing was sent); then the hand-over. A send that
 * fails never stops the other deliveries of the run: the outcome says what happened and the
 * caller sums up.
 */
import path from 'node:path';
import { runReports } from '../../reports/run-reports.ts';
import { periodCoverage } from './coverage-gate.ts';
import { deliverAtRisk } from './deliver-at-risk.ts';
import {
  handOver,
  recordFailure,
  type DeliveryContext,
  type DeliveryOccurrence,
  type DeliveryOutcome,
} from './hand-over.ts';
import { isEarlyWarning, reportKinds, type CheckedSubscription } from './subscriptions.ts';

export { newMessageId, type DeliveryContext, type DeliveryOutcome } from './hand-over.ts';

/** Writes and (when mail is on) sends `subscription`'s reports for `period`. */
export async function deliverOccurrence(
  ctx: DeliveryContext,
  subscription: CheckedSubscription,
  occurrence: DeliveryOccurrence,
): Promise<DeliveryOutcome> {
  if (isEarlyWarning(subscription)) return deliverAtRisk(ctx, subscription, occurrence);
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
  return handOver({ ...ctx, mail: ctx.mail }, subscription, occurrence, files, {
    sla: written.sla?.model,
    incidents: written.incidents?.model,
  });
}
