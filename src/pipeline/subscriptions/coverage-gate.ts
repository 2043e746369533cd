/**
 * Whether a subscription's period is covered by the warehouse's data well enough to be sent
 * (issue 14: a report whose period is not fully covered is not sent). A period that is not
 * covered is held: nothing is written to the ledger, so the next run tries it again (within the
 * catch-up limit), by which time a backfill or a later nightly may have read the missing time.
 *
 * The decision is the reports' own (uptrends.figures, alerts_data_state): every monitor in the
 * subscription's scope must have its alerts read over all of its life within the period. The
 * nightly schedule and `report send --subscription` both go through `periodCoverage`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { queryAlertGaps, queryFigures } from '../../reports/queries/figures.ts';
import { queryReportScope } from '../../reports/queries/scope.ts';
import { localText } from '../../reports/render/cell-values.ts';
import { figureText } from '../../reports/render/figure-format.ts';
import { DEFAULT_SLA_TARGET } from '../../reports/report-defaults.ts';
import type { ReportPeriod } from '../../time/periods.ts';

/** The verdict on one period. */
export type PeriodCoverage =
  { readonly covered: true } | { readonly covered: false; readonly reason: string };

/** What the gate is asked about. */
export interface CoverageQuestion {
  readonly accountId: string;
  readonly period: ReportPeriod;
  readonly monitorGroups: readonly string[];
  readonly monitors: readonly string[];
  /** "Now" of the run (a period not yet ended is never covered). */
  readonly now: Date;
}

/** Decides whether `question.period` may be reported. */
export async function periodCoverage(
  db: Kysely<Database>,
  question: CoverageQuestion,
): Promise<PeriodCoverage> {
  const { period } = question;
  // A period that has not ended cannot be covered, whatever the data says (scheduled periods end
  // before their due date; this guards `nightly --as-of` in the future and manual sends).
  if (period.end.getTime() > question.now.getTime()) {
    return { covered: false, reason: `the period ${period.label} has not ended yet` };
  }
  const scope = await queryReportScope(db, {
    accountId: question.accountId,
    range: period,
    monitorGroups: question.monitorGroups,
    monitors: question.monitors,
  });
  const restricted = question.monitorGroups.length > 0 || question.monitors.length > 0;
  const figureScope = {
    accountId: question.accountId,
    monitorGuids: restricted ? scope.monitors.map((m) => m.monitor_guid) : null,
    groupGuids: null,
    asOf: question.now,
    target: { desired: DEFAULT_SLA_TARGET },
  };
  // The reports' own judgement: the account row of the period, its alerts read in full.
  const [account] = await queryFigures(db, figureScope, [period], { grains: ['account'], medians: false });
  if (account === undefined || account.alerts_data_state === 'complete') return { covered: true };
  const gaps = await queryAlertGaps(db, figureScope, period);
  const zone = period.zone;
  const shown = gaps
    .slice(0, 3)
    .map((g) => `${localText(g.start, zone)} to ${localText(g.end, zone)}`)
    .join(', ');
  return {
    covered: false,
    reason: `the alerts stream has not been read for all of ${period.label} (${figureText('coverage', account.alerts_coverage)} of the monitored time covered; missing ${shown}${gaps.length > 3 ? ` and ${gaps.length - 3} more range(s)` : ''} ${zone}): run uptrends-etl sync --from/--to over the missing days`,
  };
}
