/**
 * Who and what a report covers, read from the warehouse: the account and its zone, the monitors
 * and groups in scope (all, or the groups asked for by name or GUID), and how fresh the data is
 * (the end of the last completed sync window).
 */
import { type Kysely, sql } from 'kysely';
import { ConfigError } from '../../errors.ts';
import type { Database } from '../../load/schema.ts';
import type { ReportGroup, ReportMonitor } from './report-input.ts';
import type { IanaZone } from '../../terms.ts';
import type { Interval } from '../../time/intervals.ts';

/** The account a report covers. */
export interface ReportAccount {
  readonly accountId: string;
  readonly zone: IanaZone;
  /** Its name in the configuration file's `accounts:` section; null when none was recorded. */
  readonly name: string | null;
}

/** Tells the user what to run instead of failing on a missing table or row. */
function noDataYet(): ConfigError {
  return new ConfigError('no data yet: run uptrends-etl sync (the warehouse holds no Uptrends account).', {
    context: { table: 'uptrends.account' },
  });
}

/**
 * The account to report on: `accountId` when given (the Uptrends account id, or the name the
 * configuration file's `accounts:` section gives it, in any case), else the only account in the
 * warehouse. Throws a ConfigError when the warehouse is empty (or not migrated), when the account
 * is unknown, or when several accounts exist and none was chosen.
 */
export async function queryReportAccount(db: Kysely<Database>, accountId?: string): Promise<ReportAccount> {
  const present = await sql<{
    present: boolean;
  }>`select to_regclass('uptrends.account') is not null as present`.execute(db);
  if (present.rows[0]?.present !== true) throw noDataYet();
  // account_name through to_jsonb: a warehouse from before migration 000014 has no such column.
  const rows = await sql<{ account_id: string; iana_zone: string; account_name: string | null }>`
    select account_id, iana_zone, to_jsonb(a) ->> 'account_name' as account_name
    from uptrends.account a order by account_id`.execute(db);
  if (rows.rows.length === 0) throw noDataYet();
  const ids = rows.rows
    .map((r) => (r.account_name === null ? r.account_id : `${r.account_id} (${r.account_name})`))
    .join(', ');
  if (accountId !== undefined) {
    const wanted = accountId.toLowerCase();
    const row =
      rows.rows.find((r) => r.account_id === accountId) ??
      rows.rows.find((r) => r.account_name?.toLowerCase() === wanted);
    if (row === undefined) {
      throw new ConfigError(`account ${accountId} is not in the warehouse; it holds: ${ids}.`, {
        context: { setting: '--account' },
      });
    }
    return { accountId: row.account_id, zone: row.iana_zone, name: row.account_name };
  }
  const only = rows.rows[0]!;
  if (rows.rows.length > 1) {
    throw new ConfigError(`the warehouse holds several accounts (${ids}): choose one with --account.`, {
      context: { setting: '--account' },
    });
  }
  return { accountId: only.account_id, zone: only.iana_zone, name: only.account_name };
}

/** What `queryReportScope` reads. */
export interface ReportScopeQuery {
  readonly accountId: string;
  /** Data range: monitors and memberships that ended before it or began after it are left out. */
  readonly range: Interval;
  /** Monitor groups to report on, by guid or name (description); empty or absent: every monitor. */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors to report on besides the groups' members, by guid or name. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
}

/** Monitors and groups in scope, plus the human description of the scope. */
export interface ReportScope {
  readonly monitors: readonly ReportMonitor[];
  readonly groups: readonly ReportGroup[];
  readonly scope: string;
}

interface GroupRow {
  monitor_group_guid: string;
  description: string;
  is_all: boolean;
}

/** Each requested group by guid or (case-insensitive) name; unknown or ambiguous names are a ConfigError. */
function resolveGroups(requested: readonly string[], groups: readonly GroupRow[]): GroupRow[] {
  const chosen = new Map<string, GroupRow>();
  for (const wanted of requested) {
    const key = wanted.trim().toLowerCase();
    const byGuid = groups.find((g) => g.monitor_group_guid === key);
    const byName = groups.filter((g) => g.description.toLowerCase() === key);
    if (byGuid === undefined && byName.length > 1) {
      throw new ConfigError(
        `--monitor-group "${wanted}" names ${byName.length} groups; give the guid: ${byName.map((g) => g.monitor_group_guid).join(', ')}.`,
        {
          context: { setting: '--monitor-group' },
        },
      );
    }
    const group = byGuid ?? byName[0];
    if (group === undefined) {
      const names = groups.map((g) => g.description).sort((a, b) => a.localeCompare(b));
      throw new ConfigError(
        `--monitor-group "${wanted}" is not a monitor group of this account; known groups: ${names.join(', ') || '(none)'}.`,
        {
          context: { setting: '--monitor-group' },
        },
      );
    }
    chosen.set(group.monitor_group_guid, group);
  }
  return [...chosen.values()];
}

/** Each requested monitor by guid or (case-insensitive) name; unknown or ambiguous names are a ConfigError. */
function resolveMonitors(
  requested: readonly string[],
  monitors: readonly Omit<ReportMonitor, 'groups'>[],
): Set<string> {
  const chosen = new Set<string>();
  for (const wanted of requested) {
    const key = wanted.trim().toLowerCase();
    const byGuid = monitors.find((m) => m.monitor_guid === key);
    const byName = monitors.filter((m) => m.name.toLowerCase() === key);
    if (byGuid === undefined && byName.length > 1) {
      throw new ConfigError(
        `monitor "${wanted}" names ${byName.length} monitors; give the guid: ${byName.map((m) => m.monitor_guid).join(', ')}.`,
        { context: { setting: 'monitors' } },
      );
    }
    const monitor = byGuid ?? byName[0];
    if (monitor === undefined) {
      throw new ConfigError(
        `monitor "${wanted}" is not a Production monitor of this account in the report period.`,
        { context: { setting: 'monitors' } },
      );
    }
    chosen.add(monitor.monitor_guid);
  }
  return chosen;
}

/** Reads the monitors and groups in scope of a report. */
export async function queryReportScope(db: Kysely<Database>, query: ReportScopeQuery): Promise<ReportScope> {
  const { accountId, range } = query;
  // Soft-deleted rows are kept while they overlap the range: a report on the past must still see
  // a monitor (or membership) that has since been removed.
  const groups = await sql<GroupRow>`
    select monitor_group_guid::text as monitor_group_guid,
           coalesce(description, monitor_group_guid::text) as description,
           is_all
    from uptrends.monitor_group
    where account_id = ${accountId} and (deleted_at is null or deleted_at > ${range.start})
    order by is_all, description, monitor_group_guid`.execute(db);
  const members = await sql<{ monitor_group_guid: string; monitor_guid: string }>`
    select monitor_group_guid::text as monitor_group_guid, monitor_guid::text as monitor_guid
    from uptrends.monitor_group_member
    where account_id = ${accountId} and (deleted_at is null or deleted_at > ${range.start})`.execute(db);
  // Production monitors only, alive in the range: the warehouse's rules (uptrends.monitor_is_production,
  // monitor_life_start, monitor_life_end), the same the figures use. A paused monitor's life ends
  // at its pause: counting it as monitored and never down would lift every figure it is part of.
  // `deleted_at` of the input means the end of the monitor's life to the models; nothing shows it.
  const monitors = await sql<Omit<ReportMonitor, 'groups'>>`
    select monitor_guid::text as monitor_guid,
           coalesce(name, monitor_guid::text) as name,
           coalesce(monitor_type, '') as monitor_type,
           check_interval_seconds,
           created_at,
           nullif(uptrends.monitor_life_end(m), 'infinity'::timestamptz) as deleted_at
    from uptrends.monitor m
    where m.account_id = ${accountId}
      and uptrends.monitor_is_production(m)
      and uptrends.monitor_life_end(m) > ${range.start}
      and uptrends.monitor_life_start(m) < ${range.end}
    order by name, monitor_guid`.execute(db);

  const requested = query.monitorGroups ?? [];
  const requestedMonitors = query.monitors ?? [];
  const pickedGroups = requested.length > 0 ? resolveGroups(requested, groups.rows) : [];
  const pickedMonitors =
    requestedMonitors.length > 0 ? resolveMonitors(requestedMonitors, monitors.rows) : new Set<string>();
  const restricted = requested.length > 0 || requestedMonitors.length > 0;
  const pickedGuids = new Set(pickedGroups.map((g) => g.monitor_group_guid));
  const memberOfPicked = new Set(
    members.rows.filter((m) => pickedGuids.has(m.monitor_group_guid)).map((m) => m.monitor_guid),
  );
  // Only the monitors read above (Production, alive in the range) can be in scope.
  const inScopeGuids = new Set(
    monitors.rows
      .map((m) => m.monitor_guid)
      .filter((guid) => !restricted || memberOfPicked.has(guid) || pickedMonitors.has(guid)),
  );
  // Groups shown: the ones asked for; with monitors only, the groups those monitors are in (the
  // built-in "All monitors" group would claim to be all of them, so it is left out then).
  const selected =
    requested.length > 0
      ? pickedGroups
      : restricted
        ? groups.rows.filter(
            (g) =>
              !g.is_all &&
              members.rows.some(
                (m) => m.monitor_group_guid === g.monitor_group_guid && inScopeGuids.has(m.monitor_guid),
              ),
          )
        : groups.rows;
  const selectedGuids = new Set(selected.map((g) => g.monitor_group_guid));
  const groupsOf = new Map<string, string[]>();
  for (const m of members.rows) {
    if (!selectedGuids.has(m.monitor_group_guid)) continue;
    groupsOf.set(m.monitor_guid, [...(groupsOf.get(m.monitor_guid) ?? []), m.monitor_group_guid]);
  }
  const inScope = monitors.rows
    .filter((m) => inScopeGuids.has(m.monitor_guid))
    .map((m): ReportMonitor => ({ ...m, groups: [...(groupsOf.get(m.monitor_guid) ?? [])].sort() }));
  const reportGroups = selected.map((g): ReportGroup => ({
    ...g,
    members: members.rows
      .filter((m) => m.monitor_group_guid === g.monitor_group_guid && inScopeGuids.has(m.monitor_guid))
      .map((m) => m.monitor_guid)
      .sort(),
  }));
  const scope = restricted
    ? [
        ...pickedGroups.map((g) => g.description),
        ...monitors.rows.filter((m) => pickedMonitors.has(m.monitor_guid)).map((m) => m.name),
      ].join(', ')
    : 'All monitors';
  return { monitors: inScope, groups: reportGroups, scope };
}

/**
 * The instant the account's alerts were read up to (uptrends.alerts_read_until: the all-monitors
 * partition's watermark, else the oldest of the partitions', else when the configuration was last
 * read); `fallback` when the warehouse does not hold the account. The view v_sla_burn takes the
 * same instant, so a report and the view name the same "as of".
 */
export async function queryDataAsOf(db: Kysely<Database>, accountId: string, fallback: Date): Promise<Date> {
  const rows = await sql<{ at: Date | null }>`
    select uptrends.alerts_read_until(${accountId}) as at`.execute(db);
  return rows.rows[0]?.at ?? fallback;
}
