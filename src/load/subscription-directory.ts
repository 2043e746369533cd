/**
 * What a report subscription names, as the warehouse knows it: monitor groups and monitors (scope)
 * and operator groups with their operators' e-mail addresses (recipients). Read once per run; the
 * subscription check turns names the warehouse does not know into errors at their line in the file.
 * Removed groups, monitors, operators and memberships (deleted_at set) are left out: a subscription
 * never mails someone who left the account.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A named thing with its GUID. */
export interface NamedEntity {
  readonly guid: string;
  readonly name: string;
}

/** An operator group and the e-mail addresses of its current members. */
export interface OperatorGroupRecipients extends NamedEntity {
  readonly emails: readonly string[];
}

/** Everything a subscription may name, for one account. */
export interface SubscriptionDirectory {
  readonly monitorGroups: readonly NamedEntity[];
  readonly monitors: readonly NamedEntity[];
  readonly operatorGroups: readonly OperatorGroupRecipients[];
}

/** Reads the directory of `accountId`. */
export async function querySubscriptionDirectory(
  db: Kysely<Database>,
  accountId: string,
): Promise<SubscriptionDirectory> {
  const groups = await sql<NamedEntity>`
    select monitor_group_guid::text as guid, coalesce(description, monitor_group_guid::text) as name
    from uptrends.monitor_group
    where account_id = ${accountId} and deleted_at is null
    order by name`.execute(db);
  const monitors = await sql<NamedEntity>`
    select monitor_guid::text as guid, coalesce(name, monitor_guid::text) as name
    from uptrends.monitor
    where account_id = ${accountId} and deleted_at is null
    order by name`.execute(db);
  const operatorGroups = await sql<NamedEntity & { emails: string[] | null }>`
    select g.operator_group_guid::text as guid,
           coalesce(g.description, g.operator_group_guid::text) as name,
           array_remove(array_agg(distinct lower(o.email) order by lower(o.email)), null) as emails
    from uptrends.operator_group g
    left join uptrends.operator_group_member m
      on m.operator_group_guid = g.operator_group_guid and m.deleted_at is null
    left join uptrends.operator o
      on o.operator_guid = m.operator_guid and o.deleted_at is null and o.email is not null
    where g.account_id = ${accountId} and g.deleted_at is null
    group by g.operator_group_guid, g.description
    order by name`.execute(db);
  return {
    monitorGroups: groups.rows,
    monitors: monitors.rows,
    operatorGroups: operatorGroups.rows.map((g) => ({ guid: g.guid, name: g.name, emails: g.emails ?? [] })),
  };
}

/** What a name matched: the entity, nothing, or several (then the GUID must be given). */
export type NameMatch<T extends NamedEntity> =
  | { readonly kind: 'one'; readonly entity: T }
  | { readonly kind: 'none' }
  | { readonly kind: 'many'; readonly entities: readonly T[] };

/** Finds `wanted` by GUID or by case-insensitive name. */
export function matchName<T extends NamedEntity>(wanted: string, entities: readonly T[]): NameMatch<T> {
  const key = wanted.trim().toLowerCase();
  const byGuid = entities.find((e) => e.guid === key);
  if (byGuid !== undefined) return { kind: 'one', entity: byGuid };
  const byName = entities.filter((e) => e.name.toLowerCase() === key);
  if (byName.length === 1) return { kind: 'one', entity: byName[0]! };
  return byName.length === 0 ? { kind: 'none' } : { kind: 'many', entities: byName };
}
