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

/** What the at-risk report reads of `uptrends.sla_burn_days`. */
export interface BurnDays {
  /** Each service's `since_day` by `burnKey` (null for ok and unknown): one row per service read. */
  readonly since: ReadonlyMap<string, string | null>;
  /** Every point of the `drawn` services, in the function's order. */
  readonly points: readonly BurnPoint[];
}

/**
 * Since when each service's state holds, and the points of the services a chart draws, from one
 * call of `uptrends.sla_burn_days`. The filter runs in Postgres: the period-start point of every
 * service (which carries its `since_day`, the same on each of its points) and every point of the
 * drawn ones come up, not the other thirty-odd points of every service (at 10,000 monitors, a
 * third of a million rows node held only to read one value of each service).
 */
export async function queryBurnDays(
  db: Kysely<Database>,
  scope: BurnScope,
  period: Interval,
  drawn: readonly Pick<Burn, 'grain' | 'monitor_guid' | 'monitor_group_guid'>[],
): Promise<BurnDays> {
  const guids = (grain: string, pick: (b: (typeof drawn)[number]) => string | null): string[] =>
    drawn.filter((b) => b.grain === grain).map((b) => pick(b) ?? '00000000-0000-0000-0000-000000000000');
  const { rows } = await sql<SlaBurnDaysRow>`
    select d.*
    from uptrends.sla_burn_days(${burnArguments(scope, period)}) d
    where (not d.projected and d.point_at = ${period.start}::timestamptz)
       or (d.grain = 'monitor' and d.monitor_guid = any(${guids('monitor', (b) => b.monitor_guid)}::uuid[]))
       or (d.grain = 'group' and d.monitor_group_guid = any(${guids('group', (b) => b.monitor_group_guid)}::uuid[]))
    order by d.grain, d.name, d.monitor_guid, d.monitor_group_guid, d.projected, d.point_at`.execute(db);
  const keys = new Set(drawn.map(burnKey));
  const since = new Map<string, string | null>();
  const points: BurnPoint[] = [];
  for (const row of rows as BurnPoint[]) {
    const key = burnKey(row);
    if (!since.has(key)) since.set(key, row.since_day);
    if (keys.has(key)) points.push(row);
  }
  return { since, points };
}

/** The key of a service across checks: `monitor:<guid>` or `group:<guid>`. */
export function burnKey(row: {
  readonly grain: string | null;
  readonly monitor_guid: string | null;
  readonly monitor_group_guid: string | null;
}): string {
  return `${row.grain}:${row.grain === 'monitor' ? row.monitor_guid : row.monitor_group_guid}`;
}
