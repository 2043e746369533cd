/**
 * Whether a subscription's period is covered by the warehouse's data well enough to be sent
 * (issue 14: a report whose period is not fully covered is not sent). A period that is not
 * covered is held: nothing is written to the ledger, so the next run tries it again (within the
 * catch-up limit), by which time a backfill or a later nightly may have read the missing time.
 *
 * The decision is the reports' own (uptrends.figures, alerts_data_state): every monitor in the
 * subscription's scope must have its alerts read over all of its life within the period. The
 * gate reads the account row the report's own model read (one scope and one figures query per
 * report and delivery, none of the gate's own unless the period is held). The nightly schedule
 * and `report send --subscription` both go through `periodCoverage`.
 */
import { noDataReason } from '../../reports/queries/period-data.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { queryAlertGaps, type Figure } from '../../reports/queries/figures.ts';
import { queryReportScope } from '../../reports/queries/scope.ts';
import { localText } from '../../reports/render/cell-values.ts';
import { figureText } from '../../reports/render/figure-format.ts';
import { scopeFilters, type ResolvedReportRequest } from '../../reports/report-request.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';

/** The verdict on one period. */
export type PeriodCoverage =
  { readonly covered: true } | { readonly covered: false; readonly reason: string };

/**
 * A period that has not ended cannot be covered, whatever the data says (scheduled periods end
 * before their due date; this guards `nightly --as-of` in the future and manual sends). Asked
 * before any query: undefined when the period has ended.
 */
export function notEndedYet(period: ReportPeriod, now: Date): PeriodCoverage | undefined {
  if (period.end.getTime() > now.getTime()) {
    return { covered: false, reason: `the period ${period.label} has not ended yet` };
  }
  return undefined;
}

/**
 * Decides whether the request's period may be reported, from the account row of the period that
 * the report itself read (its model's `account`): no query of its own when the period is covered;
 * only a held period reads where its alerts are missing, to say so.
 */
export async function periodCoverage(
  db: Kysely<Database>,
  request: ResolvedReportRequest,
  account: Figure,
  asOf: Date,
): Promise<PeriodCoverage> {
  const { period } = request;
  // A period without data is held (issue 40, item 10): an empty row (window_index 0, nothing in
  // scope had figures) or a row of which nothing was read; its report would say "No data" throughout.
  // (A period whose monitored time was not read at all is held below, naming the missing range.)
  const empty = noDataReason(account, period);
  if (account.alerts_data_state === 'complete') {
    return empty === null ? { covered: true } : { covered: false, reason: empty };
  }
  const scope = await queryReportScope(db, {
    accountId: request.account.accountId,
    range: period,
    monitorGroups: request.scope.monitorGroups,
    monitors: request.scope.monitors,
  });
  const gaps = await queryAlertGaps(
    db,
    {
      accountId: request.account.accountId,
      monitorGuids: scopeFilters(request.scope, scope).monitorGuids,
      asOf,
    },
    period,
  );
  // Nothing missing, and still not complete: no monitor in scope was monitored in the period
  // (its figures are n/a, not complete), which is the reason to say, not an empty list of ranges.
  if (gaps.length === 0 && empty !== null) return { covered: false, reason: empty };
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
