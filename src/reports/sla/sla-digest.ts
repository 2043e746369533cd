/**
 * What outlives the SLA report's files: the account-level part of the model that the mail, the
 * log's headline and a program calling `runReports` read. The model itself holds every monitor's
 * figure rows, daily figures, maintenance intervals and SLA overview rows (tens of megabytes at
 * 10,000 monitors); once its files are written only this digest is kept, so the incident report
 * that follows never shares the heap with it (docs/reports.md, "Large accounts").
 */
import { detachedDays } from './daily-matrix.ts';
import type { SlaDigest, SlaModel } from './model-types.ts';
import { missedTargets } from './sla-overview-text.ts';

export type { SlaDigest };

/** The digest of a written model; nothing in it refers back to the model's per-monitor rows. */
export function slaDigest(model: SlaModel): SlaDigest {
  return {
    period: model.period,
    previousPeriod: model.previousPeriod,
    generatedAt: model.generatedAt,
    dataAsOf: model.dataAsOf,
    scope: model.scope,
    scopeRestricted: model.scopeRestricted,
    rulesVersion: model.rulesVersion,
    defaultTarget: model.defaultTarget,
    account: model.account,
    accountPrevious: model.accountPrevious,
    groups: model.groups,
    worst: model.worst,
    slaChosen: model.slaChosen,
    daily: { days: model.daily.days, account: detachedDays(model.daily.account) },
    slaOverview: model.slaOverview.map((section) => ({
      ...section,
      monitors: section.monitors.filter((m) => missedTargets(m).length > 0),
    })),
  };
}
