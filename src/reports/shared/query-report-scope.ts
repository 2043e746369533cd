/**
 * The monitors and monitor groups a report covers. Only Production monitors count (Uptrends
 * leaves Staging and Development monitors out of uptime and SLAs), and only those that existed,
 * and were not paused, at some point of `range`. The range is wider than the report period on purpose: the previous
 * period and the Trend months need the monitors of their own time, and the models clip each
 * monitor to its life themselves.
 */
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../errors.ts';
import type { ReportGroup, ReportMonitor } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

/** What `queryReportScope` reads. */
export interface ReportScopeQuery {
  readonly accountId: string;
  /** Data range: monitors and memberships that ended before it or began after it are left out. */
  readonly range: Interval;
  /** Monitor groups to report on, by guid or name (description); empty or absent: every monitor. */
  readonly monitorGroups?: readonly string[] | undefined;
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
  // A missing mode is the API's default, Production; Staging and Development never count.
  // A paused monitor (IsActive false) runs no checks: its life ends when it was paused, which is
  // its LastModified instant as far as the API tells. Counting it as monitored and never down
  // would lift every figure it is part of.
  // `deleted_at` of the input means the end of the monitor's life to the models; nothing shows it.
  const monitors = await sql<Omit<ReportMonitor, 'groups'>>`
    select monitor_guid::text as monitor_guid,
           coalesce(name, monitor_guid::text) as name,
           coalesce(monitor_type, '') as monitor_type,
           check_interval_seconds,
           created_at,
           life_end as deleted_at
    from (
      select m.*,
             case when m.is_active is false then least(m.deleted_at, m.last_modified_at) else m.deleted_at end as life_end
      from uptrends.monitor m
      where m.account_id = ${accountId}
    ) m
    where (monitor_mode is null or lower(monitor_mode) = 'production')
      and (life_end is null or life_end > ${range.start})
      and (created_at is null or created_at < ${range.end})
    order by name, monitor_guid`.execute(db);

  const requested = query.monitorGroups ?? [];
  const selected = requested.length > 0 ? resolveGroups(requested, groups.rows) : groups.rows;
  const selectedGuids = new Set(selected.map((g) => g.monitor_group_guid));
  const groupsOf = new Map<string, string[]>();
  for (const m of members.rows) {
    if (!selectedGuids.has(m.monitor_group_guid)) continue;
    groupsOf.set(m.monitor_guid, [...(groupsOf.get(m.monitor_guid) ?? []), m.monitor_group_guid]);
  }
  const inScope = monitors.rows
    .filter((m) => requested.length === 0 || groupsOf.has(m.monitor_guid))
    .map((m): ReportMonitor => ({ ...m, groups: [...(groupsOf.get(m.monitor_guid) ?? [])].sort() }));
  const inScopeGuids = new Set(inScope.map((m) => m.monitor_guid));
  const reportGroups = selected.map((g): ReportGroup => ({
    ...g,
    members: members.rows
      .filter((m) => m.monitor_group_guid === g.monitor_group_guid && inScopeGuids.has(m.monitor_guid))
      .map((m) => m.monitor_guid)
      .sort(),
  }));
  const scope = requested.length === 0 ? 'All monitors' : selected.map((g) => g.description).join(', ');
  return { monitors: inScope, groups: reportGroups, scope };
}
