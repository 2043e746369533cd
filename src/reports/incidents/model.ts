/**
 * The incident report model, read from the warehouse: one row per incident touching the period
 * (uptrends.incident_figures), the per-monitor and account figures of the same period
 * (uptrends.figures, the rows the SLA report shows) and the heat map of incident starts. This file
 * chooses and orders rows; it computes no figure.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { elapsedWindow, type ReportPeriod } from '../../time/calendar-periods.ts';
import { REPORT_RULES_VERSION } from '../render/calculation-rules.ts';
import { queryCommonScope } from '../queries/common-input.ts';
import type { ResolvedReportRequest } from '../report-request.ts';
import type { Clock } from '../../terms.ts';
import {
  emptyFigure,
  queryFigures,
  queryHeatMap,
  type Figure,
  type FigureScope,
  type IncidentFigure,
} from '../queries/figures.ts';
import { queryIncidentFigures } from '../queries/incident-figures.ts';
import { queryRawAlerts } from '../queries/raw-alerts.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import { queryDataAsOf } from '../queries/scope.ts';
import { DEFAULT_SLA_TARGET } from '../report-defaults.ts';
import { WEEK_DAYS } from '../../time/week-days.ts';

/** The whole incident report. */
export interface IncidentModel {
  readonly period: ReportPeriod;
  readonly elapsedEnd: Date;
  readonly generatedAt: Date;
  readonly dataAsOf: Date;
  readonly scope: string;
  readonly rulesVersion: string;
  /** Every Production monitor in scope: counts, downtime and how completely the alerts were read. */
  readonly account: Figure;
  /**
   * Every incident touching the period, oldest first: a fresh stream on each call (a large
   * account's month is hundreds of thousands of incidents; the files read them once, in pages).
   */
  readonly incidents: () => AsyncIterable<IncidentFigure>;
  /** Per monitor, most downtime first. */
  readonly summary: readonly Figure[];
  /** Per weekday (Monday first): the incidents started in each local hour, then the day's total. */
  readonly heatMap: readonly { readonly hours: readonly number[]; readonly total: number }[];
  /**
   * The raw alerts of the period, oldest first: a fresh stream on each call (the workbook and the
   * CSV each read it once; a year of alerts is never held in memory).
   */
  readonly rawAlerts: () => AsyncIterable<ReportRawAlert>;
}

const ACCOUNT_ROW_NAME = 'All monitors in scope';

/** Options of `loadIncidentModel` besides the request. */
export interface LoadIncidentModelOptions {
  /** Raw alerts read per query. (Default: 5,000) */
  readonly alertPageSize?: number | undefined;
  /** Incidents read per fetch. (Default: 2,000) */
  readonly incidentPageSize?: number | undefined;
}

/** Reads the incident report of one period and scope. */
export async function loadIncidentModel(
  db: Kysely<Database>,
  request: ResolvedReportRequest,
  clock: Clock,
  options: LoadIncidentModelOptions = {},
): Promise<IncidentModel> {
  const scoped = await queryCommonScope(db, request, clock, (_period, previous) => previous.start);
  const { account, period, generatedAt } = scoped;
  // Targets do not show in this report; the default keeps the rows the same as the SLA report's.
  const scope: FigureScope = {
    accountId: account.accountId,
    ...scoped.filters,
    asOf: generatedAt,
    target: { desired: DEFAULT_SLA_TARGET },
  };
  const [figures, cells, dataAsOf] = await Promise.all([
    queryFigures(db, scope, [period], { grains: ['monitor', 'account'] }),
    queryHeatMap(db, scope, period),
    queryDataAsOf(db, account.accountId, generatedAt),
  ]);
  const heatMap = WEEK_DAYS.map(() => ({ hours: Array.from({ length: 24 }, () => 0), total: 0 }));
  for (const c of cells) {
    const day = heatMap[(c.iso_weekday ?? 1) - 1]!;
    if (c.local_hour === null) day.total = c.incidents ?? 0;
    else day.hours[c.local_hour] = c.incidents ?? 0;
  }
  const summary = figures
    .filter((f) => f.grain === 'monitor' && f.production === true)
    .sort(
      (a, b) =>
        (b.incident_downtime_seconds ?? 0) - (a.incident_downtime_seconds ?? 0) ||
        a.name.localeCompare(b.name),
    );
  return {
    period,
    elapsedEnd: elapsedWindow(period, generatedAt).end,
    generatedAt,
    dataAsOf,
    scope: scoped.scope.scope,
    rulesVersion: REPORT_RULES_VERSION,
    account:
      figures.find((f) => f.grain === 'account') ??
      emptyFigure('account', ACCOUNT_ROW_NAME, period, scope.target),
    incidents: queryIncidentFigures(db, scope, period, options.incidentPageSize),
    summary,
    heatMap,
    rawAlerts: queryRawAlerts(db, {
      accountId: account.accountId,
      period,
      monitorGuids: scoped.monitorGuids,
      pageSize: options.alertPageSize,
    }),
  };
}
