/**
 * What both reports settle the same way before reading their figures, from a resolved request
 * (report-request.ts): the period checked (ended, or "to date"), the previous period and the
 * monitors and groups in scope. Each report passes how far back its scope must reach (the SLA
 * report's Trend months go back a year).
 */
import type { Kysely } from 'kysely';
import { ConfigError } from '../../errors.ts';
import { type Clock } from '../../terms.ts';
import { previousPeriod, type ReportPeriod } from '../../time/calendar-periods.ts';
import { scopeFilters, type ResolvedReportRequest } from '../report-request.ts';
import { queryReportScope, type ReportAccount, type ReportScope } from './scope.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';
import { localText } from '../render/cell-values.ts';

/**
 * A report is about a period that has ended (issue 14): a period still running would show its
 * figures as if final. `toDate` asks for the part so far, labelled "to date"; a period that has not
 * even started is refused either way.
 */
function endedOrToDate(period: ReportPeriod, now: Date, toDate: boolean): ReportPeriod {
  const ends = `${localText(period.end, period.zone)} ${period.zone}`;
  if (period.start.getTime() >= now.getTime()) {
    throw new ConfigError(
      `The report period ${period.label} has not started yet (it starts ${localText(period.start, period.zone)} ${period.zone}): there is nothing to report.`,
      { context: { setting: 'period' } },
    );
  }
  if (period.end.getTime() <= now.getTime()) return period;
  if (!toDate) {
    throw new ConfigError(
      `The report period ${period.label} has not ended yet (it ends ${ends}). Pass --to-date for a report of the part so far, labelled "to date".`,
      { context: { setting: 'period' } },
    );
  }
  return { ...period, label: `${period.label} to date` };
}

/** Account, period, range and scope: what every other query of a report needs. */
export interface CommonScopeData {
  readonly account: ReportAccount;
  readonly generatedAt: Date;
  readonly period: ReportPeriod;
  readonly previousPeriod: ReportPeriod;
  /** The whole data range: from the earliest period the report compares with to the period end. */
  readonly range: Interval;
  readonly scope: ReportScope;
  readonly monitorGuids: readonly string[];
  /** The guid filters of the figure functions: null when the report covers every monitor. */
  readonly filters: ReturnType<typeof scopeFilters>;
}

/** The period checks and the scope of a resolved request: what every other query of a report needs. */
export async function queryCommonScope(
  db: Kysely<Database>,
  request: ResolvedReportRequest,
  clock: Clock,
  rangeStart: (period: ReportPeriod, previous: ReportPeriod) => Date,
): Promise<CommonScopeData> {
  const generatedAt = clock();
  const { account } = request;
  const period = endedOrToDate(request.period, generatedAt, request.toDate);
  const previous = previousPeriod(period);
  const range = { start: rangeStart(period, previous), end: period.end };
  const scope = await queryReportScope(db, {
    accountId: account.accountId,
    range,
    monitorGroups: request.scope.monitorGroups,
    monitors: request.scope.monitors,
  });
  const monitorGuids = scope.monitors.map((m) => m.monitor_guid);
  return {
    account,
    generatedAt,
    period,
    previousPeriod: previous,
    range,
    scope,
    monitorGuids,
    filters: scopeFilters(request.scope, scope),
  };
}
