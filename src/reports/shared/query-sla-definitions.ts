/**
 * SLA definitions and which monitor group is held to which of them. The API never says which
 * monitors or groups an SLA applies to; the one place an account ties an SLA to groups is a public
 * status page (its `SlaGuid` with its `MonitorGroupGuids`). A group shown on pages with different
 * SLAs takes the one of a published page first, then of the page first by name, so the answer is
 * the same on every run.
 */
import { sql, type Kysely } from 'kysely';
import type { ReportSlaDefinition } from './report-input.ts';
import { type Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';

/** SLA definitions with the group -> SLA assignments taken from status pages. */
export interface SlaDefinitionsData {
  readonly slaDefinitions: readonly ReportSlaDefinition[];
  /** monitor_group_guid -> sla_guid. */
  readonly groupSla: ReadonlyMap<string, string>;
}

/**
 * The account's SLA definitions that existed during `range` (a definition without both uptime
 * thresholds cannot give a status and is left out), and their group assignments.
 */
export async function querySlaDefinitions(
  db: Kysely<Database>,
  accountId: string,
  range: Interval,
): Promise<SlaDefinitionsData> {
  const definitions = await sql<ReportSlaDefinition>`
    select sla_guid::text as sla_guid,
           coalesce(description, sla_guid::text) as description,
           uptime_error_threshold,
           uptime_warning_threshold
    from uptrends.sla
    where account_id = ${accountId}
      and (deleted_at is null or deleted_at > ${range.start})
      and uptime_error_threshold is not null and uptime_warning_threshold is not null
    order by description, sla_guid`.execute(db);
  const assignments = await sql<{ monitor_group_guid: string; sla_guid: string }>`
    select g.guid::text as monitor_group_guid, p.sla_guid::text as sla_guid
    from uptrends.public_status_page p
    cross join lateral unnest(p.monitor_group_guids) as g(guid)
    where p.account_id = ${accountId} and p.deleted_at is null and p.sla_guid is not null
    order by coalesce(p.is_published, false) desc, p.name, p.public_status_page_guid`.execute(db);
  const known = new Set(definitions.rows.map((d) => d.sla_guid));
  const groupSla = new Map<string, string>();
  for (const a of assignments.rows) {
    if (known.has(a.sla_guid) && !groupSla.has(a.monitor_group_guid))
      groupSla.set(a.monitor_group_guid, a.sla_guid);
  }
  return { slaDefinitions: definitions.rows, groupSla };
}
