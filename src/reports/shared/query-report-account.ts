/**
 * Which account a report is about, and its zone. Every day, month and heat-map hour of a report is
 * cut in `account.iana_zone`, the zone the sync converted the API's local timestamps with, so the
 * report and the warehouse's `*_local` columns always agree.
 */
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../errors.ts';
import type { IanaZone } from '../../terms.ts';
import { type Database } from '../../load/schema.ts';

/** The account a report covers. */
export interface ReportAccount {
  readonly accountId: string;
  readonly zone: IanaZone;
}

/** Tells the user what to run instead of failing on a missing table or row. */
function noDataYet(): ConfigError {
  return new ConfigError('no data yet: run uptrends-etl sync (the warehouse holds no Uptrends account).', {
    context: { table: 'uptrends.account' },
  });
}

/**
 * The account to report on: `accountId` when given, else the only account in the warehouse.
 * Throws a ConfigError when the warehouse is empty (or not migrated), when the account is unknown,
 * or when several accounts exist and none was chosen.
 */
export async function queryReportAccount(db: Kysely<Database>, accountId?: string): Promise<ReportAccount> {
  const present = await sql<{
    present: boolean;
  }>`select to_regclass('uptrends.account') is not null as present`.execute(db);
  if (present.rows[0]?.present !== true) throw noDataYet();
  const rows = await sql<{ account_id: string; iana_zone: string }>`
    select account_id, iana_zone from uptrends.account order by account_id`.execute(db);
  if (rows.rows.length === 0) throw noDataYet();
  const ids = rows.rows.map((r) => r.account_id).join(', ');
  if (accountId !== undefined) {
    const row = rows.rows.find((r) => r.account_id === accountId);
    if (row === undefined) {
      throw new ConfigError(`account ${accountId} is not in the warehouse; it holds: ${ids}.`, {
        context: { setting: '--account' },
      });
    }
    return { accountId: row.account_id, zone: row.iana_zone };
  }
  const only = rows.rows[0]!;
  if (rows.rows.length > 1) {
    throw new ConfigError(`the warehouse holds several accounts (${ids}): choose one with --account.`, {
      context: { setting: '--account' },
    });
  }
  return { accountId: only.account_id, zone: only.iana_zone };
}
