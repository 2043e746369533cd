/**
 * The early warning's one way to its figures: typed reads of `uptrends.sla_burn` (per monitor and
 * group: budget, burn rates, projections, state) and `uptrends.sla_burn_days` (the budget left over
 * the period, so far and projected). Nothing here computes a figure; the scope, the period, the
 * as-of instant and the settings go down, the rows come up named as the SQL names them
 * (docs/reports.md, "Early warning").
 */
import { sql, type Kysely } from 'kysely';
import type { Database, SlaBurnDaysRow, SlaBurnRow } from '../../load/schema.ts';
import type { BurnState } from '../../terms.ts';
import type { Interval } from '../../time/intervals.ts';
import type { TargetSettings } from './figures.ts';

/** One row of `uptrends.sla_burn`, with the columns every row has made non-null. */
export interface Burn extends SlaBurnRow {
  readonly period_start: Date;
  readonly period_end: Date;
  readonly as_of: Date;
  readonly grain: 'monitor' | 'group';
  readonly name: string;
  readonly members: number;
  readonly state: BurnState | null;
  readonly alerts_data_state: string;
}

/** One point of `uptrends.sla_burn_days`. */
export interface BurnPoint extends SlaBurnDaysRow {
  readonly grain: 'monitor' | 'group';
  readonly name: string;
  readonly point_at: Date;
  readonly local_day: string;
  readonly period_day: number;
  readonly projected: boolean;
}

/** Whose early warning, as of when, with which settings: resolved once at the edge. */
export interface BurnScope {
  readonly accountId: string;
  /** The monitors in scope; null: every monitor of the account. */
  readonly monitorGuids: readonly string[] | null;
  /** The groups shown; null: every group. */
  readonly groupGuids: readonly string[] | null;
  /** The instant the figures are as of; nothing after it is counted. */
  readonly asOf: Date;
  readonly target: TargetSettings;
  /** At risk when the 1- and 3-day rates would spend the remaining budget within this many days. */
  readonly atRiskWithinDays: number;
}

const uuids = (guids: readonly string[] | null): readonly string[] | null =>
  guids === null ? null : [...guids];

const rangeText = (period: Interval): string => `[${period.start.toISOString()},${period.end.toISOString()})`;

/** The arguments both functions take, in their order. */
function burnArguments(scope: BurnScope, period: Interval) {
  return sql.join([
    sql`${scope.accountId}`,
    sql`${rangeText(period)}::tstzrange`,
    sql`${scope.asOf}::timestamptz`,
    sql`${uuids(scope.monitorGuids)}::uuid[]`,
    sql`${uuids(scope.groupGuids)}::uuid[]`,
    sql`${scope.target.desired}::double precision`,
    sql`${scope.target.error ?? null}::double precision`,
    sql`${scope.target.override === true}`,
    sql`${scope.atRiskWithinDays}::double precision`,
  ]);
}

/** Every monitor and group of `period` as of `scope.asOf`: its budget, burn rates and state. */
export async function queryBurn(db: Kysely<Database>, scope: BurnScope, period: Interval): Promise<Burn[]> {
  const rows = await db
    .selectFrom(sql<SlaBurnRow>`uptrends.sla_burn(${burnArguments(scope, period)})`.as('b'))
    .selectAll()
    .execute();
  return rows as Burn[];
}

/** The budget left over `period` of every monitor and group, point by point. */
export async function queryBurnPoints(
  db: Kysely<Database>,
  scope: BurnScope,
  period: Interval,
): Promise<BurnPoint[]> {
  const rows = await db
    .selectFrom(sql<SlaBurnDaysRow>`uptrends.sla_burn_days(${burnArguments(scope, period)})`.as('d'))
    .selectAll()
    .execute();
  return rows as BurnPoint[];
}

/** The key of a service across checks: `monitor:<guid>` or `group:<guid>`. */
export function burnKey(row: {
  readonly grain: string | null;
  readonly monitor_guid: string | null;
  readonly monitor_group_guid: string | null;
}): string {
  return `${row.grain}:${row.grain === 'monitor' ? row.monitor_guid : row.monitor_group_guid}`;
}
