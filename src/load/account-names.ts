/**
 * The accounts of the warehouse by the names the configuration file gives them
 * (`uptrends.account.account_name`, migration 000014): a run records its account's name, and
 * commands that take `--account` accept the name or the Uptrends AccountId
 * (`queryReportAccount`, src/reports/queries/scope.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { type Database } from './schema.ts';

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
