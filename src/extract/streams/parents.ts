/** Parent ids read from the warehouse for per-parent list streams (loaded earlier in the run). */
import { sql } from 'kysely';
import type { SyncContext } from '../sync-context.ts';

/** Ids of the live (not deleted) rows of `table` for the run's account. */
export async function liveIds(ctx: SyncContext, table: string, idColumn: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select ${sql.ref(idColumn)}::text as id from ${sql.table(`uptrends.${table}`)}
    where account_id = ${ctx.accountId} and deleted_at is null order by 1`.execute(ctx.db);
  return result.rows.map((r) => r.id);
}
