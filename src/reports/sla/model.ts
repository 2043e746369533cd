/**
 * The SLA report model, read from the warehouse: the figures of the period and the previous one,
 * of each Trend month and each day, from `uptrends.figures` (the one home of every figure), and
 * the maintenance, SLA definitions and Infra devices beside them. This file chooses and orders
 * rows; it computes no figure (docs/reports.md, "Figures").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { localDays } from '../../time/calendar.ts';
import { elapsedWindow, periodShape, trendMonths, type ReportPeriod } from '../../time/calendar-periods.ts';
import { REPORT_RULES_VERSION } from '../render/calculation-rules.ts';
import { queryCommonScope } from '../queries/common-input.ts';
import type { ResolvedReportRequest } from '../report-request.ts';
import type { Clock } from '../../terms.ts';
import { queryDataAsOf } from '../queries/scope.ts';
import { queryInfraDeviceDays, querySlaDefinitions } from '../queries/facts.ts';
import { querySlaFigureDefinitions, querySlaOverview } from '../queries/sla-overview.ts';
import {
  emptyFigure,
  queryFigures,
  queryInfraDeviceFigures,
  queryMaintenanceFigures,
  type Figure,
  type FigureScope,
} from '../queries/figures.ts';
import { readDailyFigures } from '../queries/daily-figures.ts';
import { DailyMatrix } from './daily-matrix.ts';
import type { InfraDeviceRow, SlaModel, TargetRow, TrendRow } from './model-types.ts';

/** A Trend month as `yyyy-MM`. */
export function trendMonthKey(month: ReportPeriod): string {
  const shape = periodShape(month);
  return shape.kind === 'month' ? shape.month : month.label;
}

/** The account's row of the daily matrix (a monitor's is its GUID). */
const ACCOUNT_KEY = 'account';

/** Name of the row that covers every monitor in scope (the account's figures). */
export const ACCOUNT_ROW_NAME = 'All monitors in scope';

const byGroupThenName = (a: Figure, b: Figure): number =>
  (a.group_names ?? '').localeCompare(b.group_names ?? '') || a.name.localeCompare(b.name);
const allFirstThenName = (a: Figure, b: Figure): number =>
  Number(b.is_all === true) - Number(a.is_all === true) || a.name.localeCompare(b.name);

/**
 * The five monitors with the lowest uptime (the figure they are shown with and held to their
 * target by), of those with any downtime or under 100 %; ties by most downtime, then name. Ranked
 * by downtime while showing uptime, #1 could look better than #2 (issue 41).
 */
export function worstMonitors(monitors: readonly Figure[]): Figure[] {
  return monitors
    .filter((m) => (m.incident_downtime_seconds ?? 0) > 0 || (m.uptime_percentage ?? 100) < 100)
    .sort(
      (a, b) =>
        (a.uptime_percentage ?? 100) - (b.uptime_percentage ?? 100) ||
        (b.incident_downtime_seconds ?? 0) - (a.incident_downtime_seconds ?? 0) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, 5);
}

/** The distinct targets the monitors are held to, most used first. */
function targetsInUse(monitors: readonly Figure[]): TargetRow[] {
  const rows = new Map<string, { row: TargetRow; names: string[] }>();
  for (const m of monitors) {
    const key = `${m.target_source}|${m.sla_name ?? ''}|${m.target_percentage}|${m.target_error_percentage}`;
    const entry = rows.get(key) ?? {
      row: {
        source: m.target_source ?? '',
        slaName: m.sla_name,
        desired: m.target_percentage ?? 0,
        error: m.target_error_percentage ?? 0,
        monitorNames: [],
      },
      names: [],
    };
    entry.names.push(m.name);
    rows.set(key, entry);
  }
  return [...rows.values()]
    .map(({ row, names }) => ({ ...row, monitorNames: names }))
    .sort((a, b) => b.monitorNames.length - a.monitorNames.length || a.source.localeCompare(b.source));
}

/** Reads every figure of the SLA report for one period and scope. */
export async function loadSlaModel(
  db: Kysely<Database>,
  request: ResolvedReportRequest,
  clock: Clock,
): Promise<SlaModel> {
  const scoped = await queryCommonScope(db, request, clock, (period, previous) => {
    const first = trendMonths(period)[0]?.start ?? previous.start;
    return first < previous.start ? first : previous.start;
  });
  const { account, period, previousPeriod, generatedAt } = scoped;
  const scope: FigureScope = {
    accountId: account.accountId,
    ...scoped.filters,
    asOf: generatedAt,
    target: request.target,
  };
  const elapsed = elapsedWindow(period, generatedAt);
  const days = localDays(elapsed, period.zone);
  const months = trendMonths(period);
  const firstDay = days[0]?.date;
  const lastDay = days.at(-1)?.date;
  const daily = new DailyMatrix(days.length);
  const [
    main,
    trend,
    ,
    maintenance,
    dataAsOf,
    definitions,
    infraDays,
    infraFigures,
    slaOverview,
    slaFigureDefinitions,
  ] = await Promise.all([
    // Of the previous period only the account row is shown (the comparison is in each row).
    queryFigures(db, scope, [period, previousPeriod], {
      compareTo: [1, null],
      laterWindowGrains: ['account'],
    }),
    queryFigures(db, scope, months, { medians: false, grains: ['group', 'account'] }),
    // The Daily sheets show monitors and the account only: no group rows are computed for them.
    // Read in pages and kept as three fields per monitor and day.
    readDailyFigures(db, scope, days, (f) => {
      if (f.grain === 'account') daily.set(ACCOUNT_KEY, f.window_index - 1, f);
      else if (f.monitor_guid !== null) daily.set(f.monitor_guid, f.window_index - 1, f);
    }),
    queryMaintenanceFigures(db, scope, period),
    queryDataAsOf(db, account.accountId, generatedAt),
    querySlaDefinitions(db, account.accountId, period),
    queryInfraDeviceDays(db, account.accountId, elapsed, period.zone),
    firstDay === undefined || lastDay === undefined
      ? Promise.resolve([])
      : queryInfraDeviceFigures(db, account.accountId, firstDay, lastDay),
    // The chosen SLA definitions ("SLA based on"), by default every one: Uptrends computes each
    // for every monitor.
    querySlaOverview(
      db,
      {
        accountId: account.accountId,
        monitorGuids: scope.monitorGuids,
        asOf: generatedAt,
        slaGuids: request.slaGuids,
      },
      period,
    ),
    querySlaFigureDefinitions(db),
  ]);

  const current = main.filter((f) => f.window_index === 1);
  const monitors = current
    .filter((f) => f.grain === 'monitor' && f.production === true)
    .sort(byGroupThenName);
  const groups = current.filter((f) => f.grain === 'group').sort(allFirstThenName);
  const accountRow =
    current.find((f) => f.grain === 'account') ??
    emptyFigure('account', ACCOUNT_ROW_NAME, period, request.target);
  const accountPrevious =
    main.find((f) => f.window_index === 2 && f.grain === 'account') ??
    emptyFigure('account', ACCOUNT_ROW_NAME, previousPeriod, request.target);

  const trendRows: TrendRow[] = trend.map((f) => {
    const month = months[f.window_index - 1]!;
    return { month: trendMonthKey(month), monthLabel: month.label, figure: f };
  });

  const deviceDays = new Map<string, Map<string, number | null>>();
  for (const d of infraDays) {
    const values = deviceDays.get(d.device_guid) ?? new Map<string, number | null>();
    values.set(d.date, d.uptime_percent);
    deviceDays.set(d.device_guid, values);
  }
  const infraRows: InfraDeviceRow[] = infraFigures
    .map((d) => ({
      deviceId: d.device_id ?? '',
      deviceName: d.device_name ?? d.device_id ?? '',
      values: days.map((day) => deviceDays.get(d.device_id ?? '')?.get(day.date) ?? null),
      uptime: d.uptime_percentage,
      daysWithData: d.days_with_data ?? 0,
    }))
    .sort((a, b) => a.deviceName.localeCompare(b.deviceName));

  // The account is held to the default (or the override): the warehouse's reading of it.
  const defaultTarget = {
    desired: accountRow.target_percentage ?? request.target.desired,
    error: accountRow.target_error_percentage ?? request.target.desired,
  };
  return {
    period,
    previousPeriod,
    elapsedEnd: elapsed.end,
    generatedAt,
    dataAsOf,
    scope: scoped.scope.scope,
    scopeRestricted: scoped.filters.monitorGuids !== null,
    rulesVersion: REPORT_RULES_VERSION,
    defaultTarget,
    account: accountRow,
    accountPrevious,
    monitors,
    groups,
    worst: worstMonitors(monitors),
    daily: {
      days: days.map((d) => d.date),
      rows: monitors.map((monitor) => ({ monitor, days: daily.row(monitor.monitor_guid!) })),
      account: daily.row(ACCOUNT_KEY),
    },
    trend: { months, rows: trendRows },
    maintenance,
    targets: targetsInUse(monitors),
    slaOverview,
    slaChosen: request.slaGuids !== null,
    slaFigureDefinitions,
    slaDefinitions: definitions.slaDefinitions.map((definition) => ({
      definition,
      groupNames: scoped.scope.groups
        .filter((g) => definitions.groupSla.get(g.monitor_group_guid) === definition.sla_guid)
        .map((g) => g.description)
        .sort((a, b) => a.localeCompare(b))
        .join(', '),
    })),
    infra: infraRows.length === 0 ? null : { days: days.map((d) => d.date), rows: infraRows },
  };
}
