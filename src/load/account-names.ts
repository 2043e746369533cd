/**
 * The accounts of the warehouse by the names the configuration file gives them
 * (`uptrends.account.account_name`, migration 000014): a run records its account's name, and
 * commands that take `--account` accept the name or the Uptrends AccountId.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ConfigError } from '../errors.ts';
import { type Database } from './schema.ts';

/** One account of the warehouse. */
export interface WarehouseAccount {
  readonly accountId: string;
  /** The configuration file's name; null for an account loaded before names were kept. */
  readonly name: string | null;
  readonly zone: string;
}

/**
 * Takes `name` away from any other account (a file that renamed its accounts, or an account whose
 * credentials now point elsewhere): a name belongs to one account at a time.
 */
export async function releaseAccountName(
  trx: Transaction<Database> | Kysely<Database>,
  name: string,
  accountId: string,
): Promise<void> {
  await sql`update uptrends.account set account_name = null
    where lower(account_name) = lower(${name}) and account_id <> ${accountId}`.execute(trx);
}

/** Every account of the warehouse, by name then id. */
export async function listWarehouseAccounts(db: Kysely<Database>): Promise<WarehouseAccount[]> {
  const rows = await sql<{ account_id: string; account_name: string | null; iana_zone: string }>`
    select account_id, account_name, iana_zone from uptrends.account
    order by account_name nulls last, account_id`.execute(db);
  return rows.rows.map((r) => ({ accountId: r.account_id, name: r.account_name, zone: r.iana_zone }));
}

/**
 * The AccountId of the account called `wanted` (its configuration name, without case, or its
 * AccountId); a ConfigError naming the accounts there are when none matches.
 */
export async function findWarehouseAccount(
  db: Kysely<Database>,
  wanted: string,
  setting = '--account',
): Promise<WarehouseAccount> {
  const accounts = await listWarehouseAccounts(db);
  const found =
    accounts.find((a) => a.name !== null && a.name.toLowerCase() === wanted.toLowerCase()) ??
    accounts.find((a) => a.accountId === wanted);
  if (found !== undefined) return found;
  const known = accounts.map((a) => (a.name === null ? a.accountId : `${a.name} (${a.accountId})`));
  throw new ConfigError(
    `account "${wanted}" is not in the warehouse (it holds: ${known.join(', ') || 'no account yet: run sync first'}).`,
    { context: { setting } },
  );
}
