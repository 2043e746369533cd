/**
 * One check of an at-risk subscription (the SLA early warning, issue 34): the early warning as of
 * the local midnight that starts the due day (its ledger period is the day before, the day it
 * judges), compared with what the last delivered mail of the subscription reported
 * (`report_delivery.notified_states`). Nothing changed: nothing is written, sent or recorded.
 * Something changed: the report is written and mailed through the same hand-over as every
 * subscription, and the states it reports are recorded with the attempt, so the next check counts
 * from this mail once it is delivered and never mails the same change twice.
 *
 * A failed mail is not a baseline: the next day's check reports its changes again. A mail whose
 * hand-over was interrupted (`unknown`) counts as delivered, as everywhere in the ledger. A day
 * checked again after a later mail went out (`nightly --as-of` an older day) sends nothing: the
 * later mail already told what changed.
 */
import path from 'node:path';
import { DELIVERED_STATUSES, loadDeliveries, type DeliveryRow } from '../../load/ledgers/delivery-ledger.ts';
import { loadAtRiskModel, type AtRiskModel } from '../../reports/at-risk/model.ts';
import { compareWithLastMail } from '../../reports/at-risk/state-changes.ts';
import { writeAtRiskReport } from '../../reports/at-risk/write-at-risk-report.ts';
import { withReportSet } from '../../reports/render/report-set.ts';
import { targetSettingsOf } from '../../reports/report-request.ts';
import { previewReportFiles } from '../../reports/mail/mail-preview.ts';
import {
  dryRunOutcome,
  handOver,
  outcomeBase,
  recordFailure,
  type DeliveryContext,
  type DeliveryOccurrence,
  type DeliveryOutcome,
} from './hand-over.ts';
import type { CheckedSubscription } from './subscriptions.ts';
import type { EarlyWarningSubscription } from '../../config-file/subscriptions-section.ts';

/** The last delivered early-warning mail of a subscription before `asOf`, or null. */
export function lastMailBefore(deliveries: readonly DeliveryRow[], asOf: Date): DeliveryRow | null {
  const mails = deliveries
    .filter(
      (d) =>
        d.notifiedStates !== null &&
        DELIVERED_STATUSES.includes(d.status) &&
        d.periodEnd.getTime() < asOf.getTime(),
    )
    .sort((a, b) => a.periodEnd.getTime() - b.periodEnd.getTime() || a.deliveryId - b.deliveryId);
  return mails.at(-1) ?? null;
}

/** Checks, and when something changed writes and mails, `subscription`'s early warning. */
export async function deliverAtRisk(
  ctx: DeliveryContext,
  subscription: CheckedSubscription & { readonly warning: EarlyWarningSubscription },
  occurrence: DeliveryOccurrence,
): Promise<DeliveryOutcome> {
  const { period, kind } = occurrence;
  const base = outcomeBase(ctx, subscription, occurrence);
  const log = ctx.logger.child({ subscription: subscription.name, period: period.label });
  const none = { files: [], rejected: [], messageId: null } as const;
  const failed = async (step: string, error: unknown): Promise<DeliveryOutcome> => {
    // Nothing was sent. With mail on, the failure goes into the ledger (status shows it); the next
    // day's check reports what changed again.
    const message = `${step}: ${error instanceof Error ? error.message : String(error)}`;
    log.error(`subscription ${subscription.name}: ${period.label} not sent: ${message}`);
    if (ctx.mail !== undefined && ctx.dryRun !== true)
      await recordFailure(ctx, subscription, occurrence, message);
    return { ...base, status: 'failed', ...none, error: message };
  };
  // The check as of the midnight that ends the day it judges (its ledger period).
  const asOf = period.end;
  let model: AtRiskModel;
  try {
    model = await loadAtRiskModel(ctx.warehouse.db, {
      account: ctx.account,
      asOf,
      monitorGroups: subscription.monitorGroups,
      monitors: subscription.monitors,
      target: targetSettingsOf(subscription.slaTarget),
      atRiskWithinDays: subscription.warning.atRiskWithinDays,
      clock: ctx.clock,
    });
  } catch (error) {
    return failed('the early warning could not be read', error);
  }
  const deliveries = await loadDeliveries(ctx.warehouse.db, ctx.account.accountId, [subscription.name]);
  // A day checked again after a later mail went out: that mail told what changed already.
  const latest = lastMailBefore(deliveries, new Date(8.64e15));
  if (kind === 'scheduled' && latest !== null && latest.periodEnd.getTime() > asOf.getTime()) {
    log.info(
      `subscription ${subscription.name}: ${period.label}: a later early-warning mail (${latest.periodLabel}) went out already`,
    );
    return { ...base, status: 'unchanged', ...none, error: null };
  }
  const last = lastMailBefore(deliveries, asOf);
  const check = compareWithLastMail(
    last?.notifiedStates ?? null,
    model.services,
    subscription.warning.notify,
  );
  // A scheduled check mails changes only; a send asked for by hand goes out anyway.
  if (check.changes.length === 0 && kind === 'scheduled') {
    log.info(
      `subscription ${subscription.name}: ${period.label}: no service entered or left ${subscription.warning.notify.join(' or ')}`,
    );
    return { ...base, status: 'unchanged', ...none, error: null };
  }
  if (ctx.dryRun === true) {
    try {
      const outDir = path.join(ctx.outDir, subscription.name);
      const preview = await previewReportFiles(outDir, (dir) =>
        writeAtRiskReport(model, { outDir: dir, formats: subscription.formats }),
      );
      return dryRunOutcome(ctx, base, preview);
    } catch (error) {
      return failed('the report could not be written', error);
    }
  }
  let files: string[];
  try {
    const written = await withReportSet(path.join(ctx.outDir, subscription.name), undefined, async (dir) => ({
      paths: await writeAtRiskReport(model, { outDir: dir, formats: subscription.formats }),
    }));
    files = [...written.paths];
  } catch (error) {
    return failed('the report could not be written', error);
  }
  if (ctx.mail === undefined)
    return { ...base, status: 'written', files, rejected: [], messageId: null, error: null };
  return handOver(
    { ...ctx, mail: ctx.mail },
    subscription,
    occurrence,
    files,
    { atRisk: { model, check, since: last?.periodEnd ?? null } },
    check.notified,
  );
}
