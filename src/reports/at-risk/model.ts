/**
 * The at-risk report model (the SLA early warning, issue 34), read from the warehouse: every
 * monitor and group of the running calendar month as of an instant, from `uptrends.sla_burn`, and
 * the budget left over the month for the ones the chart draws, from `uptrends.sla_burn_days`. This
 * file resolves the period and the scope, and chooses and orders rows; it computes no figure
 * (docs/reports.md, "Early warning").
 */
import type { Kysely } from 'kysely';
import { ConfigError } from '../../errors.ts';
import type { Database } from '../../load/schema.ts';
import type { Clock } from '../../terms.ts';
import { localDateOf } from '../../time/calendar.ts';
import { monthPeriod, type ReportPeriod } from '../../time/calendar-periods.ts';
import { REPORT_RULES_VERSION } from '../render/calculation-rules.ts';
import { instantText } from '../render/figure-format.ts';
import type { TargetSettings } from '../queries/figures.ts';
import { queryDataAsOf, queryReportScope, type ReportAccount } from '../queries/scope.ts';
import { scopeFilters } from '../report-request.ts';
import {
  burnKey,
  queryBurn,
  queryBurnDays,
  type Burn,
  type BurnPoint,
  type BurnScope,
} from '../queries/sla-burn.ts';
import type { BurnState } from '../../terms.ts';

/** Most services the budget chart draws, one small panel each (more are not readable on a page). */
export const CHART_SERVICES = 6;

/**
 * Most services the one-page summary lists (the workbook's first sheet and the PDF), worst first;
 * the others are counted there and listed on "All services". With more rows the page would not hold
 * the chart and the rules.
 */
export const BRIEF_ROWS = 8;

/** A service of the report: its row of `uptrends.sla_burn` and since when its state holds. */
export interface ServiceBurn extends Burn {
  /**
   * The local day the state began, as `uptrends.sla_burn_days` gives it (`since_day`, the same on
   * each of the service's points; null for ok and unknown): for `breached` the day the budget
   * left went below zero; for `at risk` and `watch` the first day of the latest run of days on
   * which the budget left fell.
   */
  readonly since_day: string | null;
}

/** Options of `loadAtRiskModel`, resolved at the edge (command, subscription or API call). */
export interface LoadAtRiskModelOptions {
  /** The account, looked up at the edge (src/api/report-job.ts) or by the delivery session. */
  readonly account: ReportAccount;
  /** The instant the warning is as of; never after now. (Default: the instant the alerts were read up to, at most now) */
  readonly asOf?: Date | undefined;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** The default target, or an override of every target. */
  readonly target: TargetSettings;
  /** The at-risk horizon in days. */
  readonly atRiskWithinDays: number;
  /** "Now": generation time, and the as-of instant when none is given. */
  readonly clock: Clock;
}

/** How many services are in each state (`unknown`: a window it rests on was not read in full). */
export type StateCounts = Readonly<Record<BurnState | 'unknown', number>>;

/** The whole at-risk report. */
export interface AtRiskModel {
  readonly account: ReportAccount;
  /** The running calendar month (the one holding the last instant before `asOf`). */
  readonly period: ReportPeriod;
  readonly asOf: Date;
  readonly generatedAt: Date;
  /** The end of the last completed alert sync window. */
  readonly dataAsOf: Date;
  readonly scope: string;
  readonly target: TargetSettings;
  readonly atRiskWithinDays: number;
  readonly rulesVersion: string;
  /** Every Production monitor and group in scope, most severe first. */
  readonly services: readonly ServiceBurn[];
  /** The services breached, at risk or on watch, most severe first. */
  readonly warned: readonly ServiceBurn[];
  /** The first BRIEF_ROWS of `warned`: the one-page summary's rows. */
  readonly brief: readonly ServiceBurn[];
  readonly counts: StateCounts;
  /** The services the budget chart draws and their points. */
  readonly chart: { readonly services: readonly ServiceBurn[]; readonly points: readonly BurnPoint[] };
}

const SEVERITY: Readonly<Record<string, number>> = { breached: 0, 'at risk': 1, watch: 2, unknown: 3, ok: 4 };
const CHART_ORDER: Readonly<Record<string, number>> = {
  'at risk': 0,
  watch: 1,
  breached: 2,
  unknown: 3,
  ok: 4,
};

/** Most severe first; within a state the most budget used, monitors before groups, then by name. */
export function bySeverity(a: Burn, b: Burn): number {
  return (
    SEVERITY[a.state ?? 'unknown']! - SEVERITY[b.state ?? 'unknown']! ||
    (b.period_budget_used ?? -1) - (a.period_budget_used ?? -1) ||
    Number(a.grain === 'group') - Number(b.grain === 'group') ||
    a.name.localeCompare(b.name)
  );
}

/** The calendar month an as-of instant belongs to: the one holding the instant just before it. */
export function runningMonth(asOf: Date, zone: string): ReportPeriod {
  return monthPeriod(localDateOf(new Date(asOf.getTime() - 1), zone).slice(0, 7), zone);
}

/** Reads the early warning of one account and scope as of an instant. */
export async function loadAtRiskModel(
  db: Kysely<Database>,
  options: LoadAtRiskModelOptions,
): Promise<AtRiskModel> {
  const generatedAt = options.clock();
  const { account } = options;
  // Without --as-of: as of the instant the alerts were read up to (never after now). As of now,
  // the minutes since the last sync are unread, and a window not read in full has no rate: every
  // state would be unknown.
  const dataAsOf = await queryDataAsOf(db, account.accountId, generatedAt);
  const asOf = options.asOf ?? minDate(generatedAt, dataAsOf);
  if (asOf.getTime() > generatedAt.getTime()) {
    throw new ConfigError(
      `--as-of ${instantText(asOf, account.zone)} (${account.zone}) is in the future: the early warning is as of now or a past instant.`,
      { context: { setting: '--as-of' } },
    );
  }
  const period = runningMonth(asOf, account.zone);
  const scoped = await queryReportScope(db, {
    accountId: account.accountId,
    range: period,
    monitorGroups: options.monitorGroups,
    monitors: options.monitors,
  });
  const choice = { monitorGroups: options.monitorGroups ?? [], monitors: options.monitors ?? [] };
  const scope: BurnScope = {
    accountId: account.accountId,
    ...scopeFilters(choice, scoped),
    asOf,
    target: options.target,
    atRiskWithinDays: options.atRiskWithinDays,
  };
  // The services first: the chart's choice rests on their states, and sla_burn_days then sends up
  // one row per service (its since day) and the points of the drawn ones only.
  const rows = (await queryBurn(db, scope, period)).sort(bySeverity);
  const counts = { ok: 0, watch: 0, 'at risk': 0, breached: 0, unknown: 0 };
  for (const r of rows) counts[r.state ?? 'unknown'] += 1;
  // The chart draws what needs action first: at risk, then watch, then breached (already lost).
  const drawn = rows
    .filter((s) => (s.state !== null && s.state !== 'ok') || (s.period_budget_used ?? 0) > 0)
    .sort(
      (a, b) => CHART_ORDER[a.state ?? 'unknown']! - CHART_ORDER[b.state ?? 'unknown']! || bySeverity(a, b),
    )
    .slice(0, CHART_SERVICES);
  const days = await queryBurnDays(db, scope, period, drawn);
  const services: ServiceBurn[] = rows.map((r) => ({ ...r, since_day: days.since.get(burnKey(r)) ?? null }));
  // The chart's services are the report's own (with their since day), not the rows read before.
  const byKey = new Map(services.map((s) => [burnKey(s), s]));
  const warned = services.filter(
    (s) => s.state === 'breached' || s.state === 'at risk' || s.state === 'watch',
  );
  return {
    account,
    period,
    asOf,
    generatedAt,
    dataAsOf,
    scope: scoped.scope,
    target: options.target,
    atRiskWithinDays: options.atRiskWithinDays,
    rulesVersion: REPORT_RULES_VERSION,
    services,
    warned,
    brief: warned.slice(0, BRIEF_ROWS),
    counts,
    chart: { services: drawn.map((d) => byKey.get(burnKey(d))!), points: days.points },
  };
}

function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
