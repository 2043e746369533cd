/**
 * What both reports resolve the same way before reading their figures: the account and its zone,
 * the period (ended, or "to date"), the previous period and the monitors and groups in scope. Each
 * report passes how far back its scope must reach (the SLA report's Trend months go back a year).
 */
import type { Kysely } from 'kysely';
import { ConfigError } from '../../errors.ts';
import { type Clock } from '../../terms.ts';
import { reportPeriodOf, type PeriodChoice } from '../../time/report-periods.ts';
import { previousPeriod, type ReportPeriod } from '../../time/periods.ts';
import { queryReportAccount, queryReportScope, type ReportAccount, type ReportScope } from './scope.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';
import { localText } from '../render/cell-values.ts';

/** Options shared by `loadSlaModel` and `loadIncidentModel`. */
export interface LoadReportInputOptions {
  /** The account to report on. (Default: the only account in the warehouse) */
  readonly accountId?: string | undefined;
  /** The account, resolved at the edge (src/api/report-job.ts). (Default: looked up by `accountId`) */
  readonly account?: ReportAccount | undefined;
  /**
   * The period: a ReportPeriod in the account zone (what the entry points resolve), or a choice
   * resolved in that zone here (the demo's PreviousMonth, tests).
   */
  readonly period: PeriodChoice | ReportPeriod;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** "Now": generation time, running periods, presets. */
  readonly clock: Clock;
  /**
   * Allow a period that has not ended yet: the report covers it up to now and every sheet says
   * "to date". Without it such a period is refused. (Default: false)
   */
  readonly toDate?: boolean | undefined;
}

function isReportPeriod(period: PeriodChoice | ReportPeriod): period is ReportPeriod {
  return 'start' in period && period.start instanceof Date;
}

/** The period in the account zone; a ready-made period in another zone would mislabel every day. */
function periodFor(options: LoadReportInputOptions, account: ReportAccount, now: Date): ReportPeriod {
  const period = options.period;
  if (!isReportPeriod(period)) return reportPeriodOf(period, now, account.zone);
  if (period.zone !== account.zone) {
    throw new ConfigError(
      `the report period is in ${period.zone} but account ${account.accountId} is in ${account.zone}.`,
      {
        context: { setting: 'period' },
      },
    );
  }
  return period;
}

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
}

/** Resolves the account, the period and the scope of a report. */
export async function queryCommonScope(
  db: Kysely<Database>,
  options: LoadReportInputOptions,
  rangeStart: (period: ReportPeriod, previous: ReportPeriod) => Date,
): Promise<CommonScopeData> {
  const generatedAt = options.clock();
  const account = options.account ?? (await queryReportAccount(db, options.accountId));
  const period = endedOrToDate(
    periodFor(options, account, generatedAt),
    generatedAt,
    options.toDate === true,
  );
  const previous = previousPeriod(period);
  const range = { start: rangeStart(period, previous), end: period.end };
  const scope = await queryReportScope(db, {
    accountId: account.accountId,
    range,
    monitorGroups: options.monitorGroups,
    monitors: options.monitors,
  });
  const monitorGuids = scope.monitors.map((m) => m.monitor_guid);
  return { account, generatedAt, period, previousPeriod: previous, range, scope, monitorGuids };
}
