/**
 * The SLA overview of the report period: `uptrends.sla_figures` (the one home of the SLA overview
 * figures, docs/reports.md "SLA overview") for every SLA definition of the account, or the one
 * chosen, per monitor in scope and for the account, with the exclusion periods that applied. Read
 * and ordered only; no figure is computed here.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, SlaFiguresRow } from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import { internedWords } from './interned-words.ts';

/**
 * The columns of `uptrends.sla_figures` the SLA overview shows (sheet, CSV, PDF, mail). Only these
 * are read: at 10,000 monitors and four definitions the whole rows (window bounds as three Dates
 * each, the read seconds, the members...) held 42 MB for the whole report.
 */
const OVERVIEW_COLUMNS = [
  'sla_guid',
  'sla_name',
  'grain',
  'monitor_guid',
  'name',
  'uptime_warning_threshold',
  'uptime_error_threshold',
  'total_time_threshold',
  'operator_response_time_threshold',
  'excluded_seconds',
  'downtime_seconds',
  'downtime_percentage',
  'sla_uptime_percentage',
  'status',
  'incident_downtime_seconds',
  'incident_uptime_percentage',
  'confirmed_errors',
  'average_total_time',
  'total_time_status',
  'operator_response_time',
  'operator_response_status',
  'statistics_buckets',
  'coverage',
  'data_state',
] as const satisfies readonly (keyof SlaFiguresRow)[];

/**
 * The words rows repeat (definition, grain, statuses, and a monitor's GUID and name in every
 * definition): one string each, not one per row read.
 */
const REPEATED_WORDS = [
  'monitor_guid',
  'name',
  'sla_guid',
  'sla_name',
  'grain',
  'status',
  'total_time_status',
  'operator_response_status',
  'data_state',
] as const satisfies readonly (typeof OVERVIEW_COLUMNS)[number][];

/** A row of `uptrends.sla_figures` (monitor or account grain), the columns the overview shows. */
export type SlaOverviewFigure = Pick<SlaFiguresRow, (typeof OVERVIEW_COLUMNS)[number]> & {
  readonly sla_guid: string;
  readonly name: string;
};

/** An exclusion period of a definition that overlaps the period, as the service defined it. */
export interface AppliedExclusion {
  readonly description: string;
  /** Account-local wall clocks as sent. */
  readonly fromLocal: string;
  readonly untilLocal: string;
  /** Real seconds of it inside the period (a DST change counted as the clock says). */
  readonly seconds: number;
}

/** One SLA definition's overview: its monitors, the account row, the exclusions that applied. */
export interface SlaOverviewSection {
  readonly slaGuid: string;
  readonly slaName: string;
  readonly monitors: readonly SlaOverviewFigure[];
  readonly account: SlaOverviewFigure | null;
  readonly exclusions: readonly AppliedExclusion[];
}

/** What to read: the account, the monitors in scope (null: all), the period, the definitions. */
export interface SlaOverviewScope {
  readonly accountId: string;
  readonly monitorGuids: readonly string[] | null;
  readonly asOf: Date;
  /** The definitions to show by GUID (null: every definition of the account). */
  readonly slaGuids: readonly string[] | null;
}

/**
 * The SLA overview's figures the Definitions sheet explains: the term (the sheet's header, with
 * its unit), the column of uptrends.sla_figures / v_sla_monthly whose description is the rule,
 * and how the sheet shows it when that differs from the column's unit.
 */
export const SLA_FIGURE_TERMS: readonly {
  readonly term: string;
  readonly column: string;
  readonly shown?: string;
}[] = [
  { term: 'SLA target uptime', column: 'uptime_warning_threshold' },
  { term: 'SLA error threshold', column: 'uptime_error_threshold' },
  { term: 'SLA uptime', column: 'sla_uptime_percentage' },
  { term: 'Uptime status (Met, Warning, Error)', column: 'status' },
  { term: 'Excluded (h)', column: 'excluded_seconds', shown: 'in hours' },
  { term: 'Monitored time (SLA)', column: 'monitored_seconds' },
  { term: 'Confirmed errors', column: 'confirmed_errors' },
  { term: 'Downtime (min), SLA overview', column: 'downtime_seconds', shown: 'in minutes' },
  { term: 'Downtime %', column: 'downtime_percentage' },
  { term: 'SLA target total time (s)', column: 'total_time_threshold' },
  { term: 'SLA total time (s)', column: 'average_total_time' },
  { term: 'Total time status (Met, Error)', column: 'total_time_status' },
  { term: 'SLA operator response time target (min)', column: 'operator_response_time_threshold' },
  { term: 'SLA operator response time (min)', column: 'operator_response_time' },
  { term: 'Response time status (Met, Error)', column: 'operator_response_status' },
  { term: 'Uptime % (incidents), SLA overview', column: 'incident_uptime_percentage' },
  { term: 'Coverage, SLA overview', column: 'coverage' },
];

/** A term of the SLA overview and its rule, the rule read from uptrends.sla_figure_description. */
export interface SlaFigureDefinition {
  readonly term: string;
  readonly rule: string;
}

/**
 * The SLA overview's terms with their rules from the warehouse's data dictionary
 * (uptrends.sla_figure_description, the one home of the words the views' column comments carry).
 */
export async function querySlaFigureDefinitions(db: Kysely<Database>): Promise<SlaFigureDefinition[]> {
  const columns = SLA_FIGURE_TERMS.map((t) => t.column);
  const { rows } = await sql<{ column: string; description: string | null }>`
    select c as column, uptrends.sla_figure_description(c) as description
    from unnest(${columns}::text[]) as c`.execute(db);
  const described = new Map(rows.map((r) => [r.column, r.description]));
  return SLA_FIGURE_TERMS.map((t) => ({
    term: t.term,
    rule: `${described.get(t.column) ?? '(not described)'}${t.shown === undefined ? '' : ` The sheet shows it ${t.shown}.`} Warehouse column: ${t.column} (uptrends.v_sla_monthly).`,
  }));
}

/** The SLA overview of `period`, one section per definition, by name. */
export async function querySlaOverview(
  db: Kysely<Database>,
  scope: SlaOverviewScope,
  period: Interval,
): Promise<SlaOverviewSection[]> {
  const range = `[${period.start.toISOString()},${period.end.toISOString()})`;
  const figures = await sql<SlaOverviewFigure>`
    select ${sql.join(OVERVIEW_COLUMNS.map((c) => sql.ref(`f.${c}`)))} from uptrends.sla_figures(
      ${scope.accountId},
      array[${range}::tstzrange],
      ${scope.asOf}::timestamptz,
      ${scope.slaGuids === null ? null : [...scope.slaGuids]}::uuid[],
      ${scope.monitorGuids === null ? null : [...scope.monitorGuids]}::uuid[],
      array[]::uuid[]
    ) f
    where f.grain in ('monitor', 'account')
    order by f.sla_name, f.sla_guid, f.name, f.monitor_guid`.execute(db);
  const exclusions = await sql<{
    sla_guid: string;
    description: string | null;
    from_local: string;
    until_local: string;
    seconds: number;
  }>`
    select e.sla_guid::text as sla_guid, e.description,
           to_char(e.from_at_local, 'YYYY-MM-DD HH24:MI') as from_local,
           to_char(e.until_at_local, 'YYYY-MM-DD HH24:MI') as until_local,
           extract(epoch from least(e.until_at, ${period.end}::timestamptz)
             - greatest(e.from_at, ${period.start}::timestamptz))::double precision as seconds
    from uptrends.sla_exclusion_period e
    where e.account_id = ${scope.accountId} and e.deleted_at is null
      and e.from_at < ${period.end}::timestamptz and e.until_at > ${period.start}::timestamptz
    order by e.from_at, e.exclusion_period_id`.execute(db);
  const sections = new Map<
    string,
    { slaName: string; monitors: SlaOverviewFigure[]; account: SlaOverviewFigure | null }
  >();
  const intern = internedWords();
  for (const f of figures.rows) {
    intern(f, REPEATED_WORDS);
    const section = sections.get(f.sla_guid) ?? {
      slaName: f.sla_name ?? f.sla_guid,
      monitors: [],
      account: null,
    };
    if (f.grain === 'account') section.account = f;
    else section.monitors.push(f);
    sections.set(f.sla_guid, section);
  }
  return [...sections.entries()].map(([slaGuid, s]) => ({
    slaGuid,
    slaName: s.slaName,
    monitors: s.monitors,
    account: s.account,
    exclusions: exclusions.rows
      .filter((e) => e.sla_guid === slaGuid)
      .map((e) => ({
        description: e.description ?? '',
        fromLocal: e.from_local,
        untilLocal: e.until_local,
        seconds: e.seconds,
      })),
  }));
}
