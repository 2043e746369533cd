/**
 * "Data as of" in the title block: the end of the last completed alert window, so a reader knows
 * that incidents after it may be missing. Alerts decide it because incidents, the report's main
 * figure, are built from them.
 */
import { sql, type Kysely } from 'kysely';
import { type Database } from '../../load/schema.ts';

/** The etl_state stream and partition of a default (all monitors) alert sync. */
const ALERTS_STREAM = 'alerts';
const ALL_MONITORS_PARTITION = 'all';

/**
 * The alerts watermark of the account: the all-monitors partition when it exists, else the oldest
 * watermark of the group or monitor partitions (each covers only its part, so the oldest is the
 * one that holds for all). Without any alert sync, when the configuration was last read; `fallback`
 * when not even that exists.
 */
export async function queryDataAsOf(db: Kysely<Database>, accountId: string, fallback: Date): Promise<Date> {
  const rows = await sql<{ partition: string; watermark: Date }>`
    select partition, watermark from uptrends.etl_state
    where account_id = ${accountId} and stream = ${ALERTS_STREAM} and watermark is not null
    order by watermark`.execute(db);
  const all = rows.rows.find((r) => r.partition === ALL_MONITORS_PARTITION);
  const oldest = rows.rows[0];
  if (all !== undefined) return all.watermark;
  if (oldest !== undefined) return oldest.watermark;
  const account = await sql<{ last_seen_at: Date }>`
    select last_seen_at from uptrends.account where account_id = ${accountId}`.execute(db);
  return account.rows[0]?.last_seen_at ?? fallback;
}
