/**
 * Writes of `uptrends.monitor_history`, the configuration versions of each monitor: which version
 * is open, closing a version when the configuration changed, and closing the versions of monitors
 * that disappeared. The monitors stream decides what changed; these are its statements.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, MappedRow } from '../schema.ts';

/** The config hash of each monitor's open version. */
export async function openHistoryHashes(
  db: Kysely<Database>,
  accountId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('monitor_history')
    .select(['monitor_guid', 'config_hash'])
    .where('account_id', '=', accountId)
    .where('valid_to', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.monitor_guid, r.config_hash]));
}

/** The open version of each of `monitorGuids` that has one. */
export async function openVersions(
  db: Kysely<Database>,
  monitorGuids: readonly string[],
): Promise<Map<string, MappedRow<'monitor_history'>>> {
  if (monitorGuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('monitor_history')
    .selectAll()
    .where('monitor_guid', 'in', monitorGuids)
    .where('valid_to', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.monitor_guid, r]));
}

/** Closes the open version of each monitor at `at`; returns rows changed. */
export async function closeHistoryVersions(
  db: Kysely<Database>,
  monitorGuids: readonly string[],
  at: Date,
): Promise<number> {
  if (monitorGuids.length === 0) return 0;
  const result = await db
    .updateTable('monitor_history')
    .set({ valid_to: at })
    .where('monitor_guid', 'in', monitorGuids)
    .where('valid_to', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Closes the open version of every monitor of the account marked deleted, at its deletion. */
export async function closeDeletedMonitorsHistory(db: Kysely<Database>, accountId: string): Promise<number> {
  const result = await sql`
    update uptrends.monitor_history h set valid_to = m.deleted_at
    from uptrends.monitor m
    where h.monitor_guid = m.monitor_guid and h.valid_to is null and m.deleted_at is not null
      and m.account_id = ${accountId} and m.deleted_at > h.valid_from`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
