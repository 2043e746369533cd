/**
 * The reports' one way to their figures: typed reads of the warehouse's figure functions
 * (sql/functions: uptrends.figures, incident_figures, maintenance_figures, incident_start_heat_map,
 * infra_device_figures). Nothing here computes a figure; it passes the scope, the periods and the
 * target settings down and hands the rows up, named as the SQL names them.
 */
import { sql, type AliasedRawBuilder, type Kysely } from 'kysely';
import type {
  Database,
  FiguresRow,
  IncidentFiguresRow,
  IncidentStartHeatMapRow,
  InfraDeviceFiguresRow,
  MaintenanceFiguresRow,
} from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import { internedWords } from './interned-words.ts';

/** What a figure row is about. */
export type Grain = 'monitor' | 'group' | 'account';

/** One row of `uptrends.figures`, with the columns every row has made non-null. */
export interface Figure extends FiguresRow {
  readonly window_index: number;
  readonly window_start: Date;
  readonly window_end: Date;
  readonly elapsed_end: Date;
  readonly grain: Grain;
  readonly name: string;
  readonly members: number;
  readonly data_state: string;
}

/** The target settings of a report: the default, or an override that holds every row to it. */
export interface TargetSettings {
  /** Desired threshold in percent. */
  readonly desired: number;
  /** Error threshold in percent. (Default: the desired one, no At risk band) */
  readonly error?: number | undefined;
  /** Hold every monitor and group to `desired`, whatever their own target. (Default: false) */
  readonly override?: boolean | undefined;
}

/** Whose figures, as of when: resolved once by the report's entry point. */
export interface FigureScope {
  readonly accountId: string;
  /** The monitors in scope; null: every monitor of the account. */
  readonly monitorGuids: readonly string[] | null;
  /** The groups shown; null: every group. */
  readonly groupGuids: readonly string[] | null;
  /** "Now": a period not yet ended counts up to it. */
  readonly asOf: Date;
  readonly target: TargetSettings;
}

/** Options of `queryFigures`. */
export interface FigureQueryOptions {
  /** For each window (by position), the position of the window it is compared with. */
  readonly compareTo?: readonly (number | null)[];
  /** Compute medians (they need every member's durations side by side). (Default: true) */
  readonly medians?: boolean;
  /** Only these grains. (Default: all) */
  readonly grains?: readonly Grain[];
  /**
   * Only these grains in the windows after the first (the previous period's account row beside
   * the period's every row). (Default: `grains`)
   */
  readonly laterWindowGrains?: readonly Grain[];
}

/** A window as Postgres range text, `[start,end)`. */
function rangeText(window: Interval): string {
  return `[${window.start.toISOString()},${window.end.toISOString()})`;
}

const uuids = (guids: readonly string[] | null): readonly string[] | null =>
  guids === null ? null : [...guids];

/** The call of `uptrends.figures` for `windows`, as the table `f` (every column, every grain). */
export function figuresSource(
  scope: FigureScope,
  windows: readonly Interval[],
  options: Pick<FigureQueryOptions, 'compareTo' | 'medians'> = {},
): AliasedRawBuilder<FiguresRow, 'f'> {
  const compareTo = options.compareTo?.map((i) => (i === null ? null : i + 1)) ?? null;
  return sql<FiguresRow>`uptrends.figures(
        ${scope.accountId},
        ${windows.map(rangeText)}::tstzrange[],
        ${scope.asOf}::timestamptz,
        ${uuids(scope.monitorGuids)}::uuid[],
        ${uuids(scope.groupGuids)}::uuid[],
        ${scope.target.desired}::double precision,
        ${scope.target.error ?? null}::double precision,
        ${scope.target.override === true},
        ${compareTo}::integer[],
        ${options.medians ?? true}
      )`.as('f');
}

/** The figures of every window (1-based `window_index` in the order given). */
export async function queryFigures(
  db: Kysely<Database>,
  scope: FigureScope,
  windows: readonly Interval[],
  options: FigureQueryOptions = {},
): Promise<Figure[]> {
  if (windows.length === 0) return [];
  const grains = options.grains ?? ['monitor', 'group', 'account'];
  const later = options.laterWindowGrains ?? grains;
  const rows = await db
    .selectFrom(figuresSource(scope, windows, options))
    .selectAll()
    .where('f.grain', 'in', [...grains])
    .where((eb) => eb.or([eb('f.window_index', '=', 1), eb('f.grain', 'in', [...later])]))
    .execute();
  return rows as Figure[];
}

/** Scope of the per-period functions (one period, no targets). */
export type PeriodScope = Pick<FigureScope, 'accountId' | 'monitorGuids' | 'asOf'>;

/** One incident that touches the period (`uptrends.incident_figures`), oldest first. */
export interface IncidentFigure extends IncidentFiguresRow {
  readonly monitor_guid: string;
  readonly monitor_name: string;
  readonly incident_key: string;
  readonly started_at: Date;
}

/** One maintenance interval touching the period (`uptrends.maintenance_figures`). */
export interface MaintenanceFigure extends MaintenanceFiguresRow {
  readonly monitor_guid: string;
  readonly monitor_name: string;
  readonly start_at: Date;
  readonly end_at: Date;
}

const MAINTENANCE_WORDS = ['monitor_guid', 'monitor_name', 'maintenance_type'] as const;

/** The maintenance of the monitors in scope that touches `period`, by start and monitor. */
export async function queryMaintenanceFigures(
  db: Kysely<Database>,
  scope: PeriodScope,
  period: Interval,
): Promise<MaintenanceFigure[]> {
  const rows = await db
    .selectFrom(
      sql<MaintenanceFiguresRow>`uptrends.maintenance_figures(${scope.accountId}, ${period.start}::timestamptz,
        ${period.end}::timestamptz, ${scope.asOf}::timestamptz, ${uuids(scope.monitorGuids)}::uuid[])`.as(
        'm',
      ),
    )
    .selectAll()
    .where('m.production', '=', true)
    .orderBy('m.start_at')
    .orderBy('m.monitor_name')
    .orderBy('m.end_at')
    .execute();
  // A monitor's name, GUID and the maintenance type repeat on each of its intervals.
  const intern = internedWords();
  for (const row of rows) intern(row, MAINTENANCE_WORDS);
  return rows as MaintenanceFigure[];
}

/** Incidents started per local ISO weekday (1 = Monday) and hour; only cells with incidents. */
export async function queryHeatMap(
  db: Kysely<Database>,
  scope: PeriodScope,
  period: Interval,
): Promise<IncidentStartHeatMapRow[]> {
  return db
    .selectFrom(
      sql<IncidentStartHeatMapRow>`uptrends.incident_start_heat_map(${scope.accountId},
        ${period.start}::timestamptz, ${period.end}::timestamptz, ${scope.asOf}::timestamptz,
        ${uuids(scope.monitorGuids)}::uuid[])`.as('h'),
    )
    .selectAll()
    .execute();
}

/** Uptime per Infra device over the local days `firstDay`..`lastDay`; [] without Infra data. */
export async function queryInfraDeviceFigures(
  db: Kysely<Database>,
  accountId: string,
  firstDay: string,
  lastDay: string,
): Promise<InfraDeviceFiguresRow[]> {
  return db
    .selectFrom(
      sql<InfraDeviceFiguresRow>`uptrends.infra_device_figures(${accountId}, ${firstDay}::date, ${lastDay}::date)`.as(
        'd',
      ),
    )
    .selectAll()
    .execute();
}

/**
 * The row of a set that had no member in the window (no monitor existed, or none is in scope):
 * every figure unknown, its data "no data". The figure functions return no row for it.
 */
export function emptyFigure(grain: Grain, name: string, window: Interval, target: TargetSettings): Figure {
  const none = null;
  return {
    window_index: 0,
    window_start: window.start,
    window_end: window.end,
    elapsed_end: window.end,
    grain,
    monitor_guid: none,
    monitor_group_guid: none,
    name,
    is_all: none,
    monitor_type: none,
    check_interval_seconds: none,
    production: none,
    group_names: none,
    members: 0,
    required_seconds: 0,
    monitored_seconds: 0,
    maintenance_seconds: 0,
    incident_downtime_seconds: 0,
    period_downtime_seconds: none,
    statistics_buckets: 0,
    statistics_uptime_seconds: 0,
    statistics_downtime_seconds: 0,
    checks: 0,
    confirmed_errors: 0,
    has_statistics: false,
    incident_uptime_percentage: none,
    statistics_uptime_percentage: none,
    uptime_percentage: none,
    uptime_source: none,
    target_percentage: target.desired,
    target_error_percentage: null,
    target_source: target.override === true ? 'Override' : 'Default',
    sla_name: none,
    status: none,
    error_budget_seconds: 0,
    budget_used: none,
    over_budget_seconds: none,
    incidents_overlapping: 0,
    incidents_started: 0,
    incidents_resolved: 0,
    ongoing_at_end: 0,
    incident_alerts: 0,
    mttr_seconds: none,
    median_ttr_seconds: none,
    longest_ttr_seconds: none,
    mtbf_seconds: none,
    members_missed: 0,
    members_affected: 0,
    alerts_read_seconds: 0,
    statistics_read_seconds: 0,
    covered_seconds: 0,
    coverage: none,
    alerts_coverage: none,
    data_state: 'no data',
    alerts_data_state: 'no data',
    previous_uptime_percentage: none,
    previous_coverage: none,
    previous_data_state: none,
    change_pp: none,
  };
}

/**
 * The stretches of `period` whose alerts were never read for some monitor in scope (within its
 * life), merged and oldest first: what a backfill must read for the period to be complete.
 */
export async function queryAlertGaps(
  db: Kysely<Database>,
  scope: PeriodScope,
  period: Interval,
): Promise<Interval[]> {
  const rows = await sql<{ start_at: Date; end_at: Date }>`
    with mon as (
      select m.monitor_guid,
             uptrends.monitor_life_start(m) as life_start,
             uptrends.monitor_life_end(m) as life_end
      from uptrends.monitor m
      where m.account_id = ${scope.accountId}
        and uptrends.monitor_is_production(m)
        and (${uuids(scope.monitorGuids)}::uuid[] is null or m.monitor_guid = any (${uuids(scope.monitorGuids)}::uuid[]))
    ),
    gaps as (
      select unnest(
        tstzmultirange(tstzrange(greatest(${period.start}::timestamptz, m.life_start),
                                 least(${period.end}::timestamptz, ${scope.asOf}::timestamptz, m.life_end)))
          - c.alerts_covered
      ) as gap
      from mon m
      join uptrends.monitor_coverage(${scope.accountId}) c on c.monitor_guid = m.monitor_guid
      where greatest(${period.start}::timestamptz, m.life_start) < least(${period.end}::timestamptz, ${scope.asOf}::timestamptz, m.life_end)
    )
    select lower(r) as start_at, upper(r) as end_at
    from unnest((select range_agg(g.gap) from gaps g)) as r
    order by 1`.execute(db);
  return rows.rows.map((r) => ({ start: r.start_at, end: r.end_at }));
}
