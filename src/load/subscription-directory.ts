/**
 * What a report subscription names, as the warehouse knows it: monitor groups and monitors (scope),
 * SLA definitions (`sla:`, what the SLA overview is based on) and operator groups with their operators' e-mail addresses (recipients). Read once per run; the
 * subscription check turns names the warehouse does not know into errors at their line in the file.
 * Removed groups, monitors, operators and memberships (deleted_at set) are left out: a subscription
 * never mails someone who left the account, nor an operator of another account. Operators'
 * addresses come as the API sent them: the subscription check parses each (email-address.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A named thing with its GUID. */
export interface NamedEntity {
  readonly guid: string;
  readonly name: string;
}

/** An operator with an e-mail address, as the API gave it (not yet checked: email-address.ts). */
export interface OperatorAddress {
  readonly guid: string;
  readonly name: string;
  readonly email: string;
}

/** An operator group and its current members that have an e-mail address. */
export interface OperatorGroupRecipients extends NamedEntity {
  readonly operators: readonly OperatorAddress[];
}

/** Everything a subscription may name, for one account. */
export interface SubscriptionDirectory {
  readonly monitorGroups: readonly NamedEntity[];
  readonly monitors: readonly NamedEntity[];
  /** SLA definitions by their Description. */
  readonly slas: readonly NamedEntity[];
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
  const slas = await querySlaNames(db, accountId);
  const groupRows = await sql<NamedEntity>`
    select operator_group_guid::text as guid, coalesce(description, operator_group_guid::text) as name
    from uptrends.operator_group
    where account_id = ${accountId} and deleted_at is null
    order by name`.execute(db);
  const members = await sql<{ group_guid: string; guid: string; name: string; email: string }>`
    select m.operator_group_guid::text as group_guid, o.operator_guid::text as guid,
           coalesce(o.full_name, o.operator_guid::text) as name, o.email
    from uptrends.operator_group_member m
    join uptrends.operator o
      on o.operator_guid = m.operator_guid and o.account_id = m.account_id and o.deleted_at is null
    where m.account_id = ${accountId} and m.deleted_at is null
      and o.email is not null and btrim(o.email) <> ''
    order by lower(o.email), o.operator_guid`.execute(db);
  return {
    monitorGroups: groups.rows,
    monitors: monitors.rows,
    slas,
    operatorGroups: groupRows.rows.map((g) => ({
      guid: g.guid,
      name: g.name,
      operators: members.rows
        .filter((m) => m.group_guid === g.guid)
        .map((m) => ({ guid: m.guid, name: m.name, email: m.email })),
    })),
  };
}

/**
 * The SLA definitions of `accountId` by name (their Description, else the GUID): those not removed,
 * and those removed after `since` (a report on the past may name a definition removed since).
 */
export async function querySlaNames(
  db: Kysely<Database>,
  accountId: string,
  since?: Date,
): Promise<NamedEntity[]> {
  const rows = await sql<NamedEntity>`
    select sla_guid::text as guid, coalesce(description, sla_guid::text) as name
    from uptrends.sla
    where account_id = ${accountId}
      and (deleted_at is null or deleted_at > ${since ?? null}::timestamptz)
    order by name, guid`.execute(db);
  return rows.rows;
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
