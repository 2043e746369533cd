/**
 * The content of warehouse tables without the columns that only say who wrote a row and when
 * (run_id, last_seen_at, loaded_at, captured_at, first_seen_at), sorted: two syncs that loaded the
 * same data give equal snapshots.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/load/schema.ts';

const STAMPS = new Set([
  'run_id',
  'last_seen_at',
  'loaded_at',
  'captured_at',
  'first_seen_at',
  'updated_at',
  'updated_by_run_id',
]);

/** Rows of each table as sorted JSON lines. */
export async function tableSnapshot(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(`uptrends.${table}`)}`.execute(
      db,
    );
    out[table] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .filter(([k]) => !STAMPS.has(k))
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** Row counts of tables, live rows only where the table has deleted_at. */
export async function liveCounts(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const hasDeleted = await sql<{ n: number }>`select count(*) as n from information_schema.columns
      where table_schema = 'uptrends' and table_name = ${table} and column_name = 'deleted_at'`.execute(db);
    const where = hasDeleted.rows[0]?.n ? sql`where deleted_at is null` : sql``;
    const count = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(`uptrends.${table}`)} ${where}`.execute(db);
    out[table] = count.rows[0]?.n ?? 0;
  }
  return out;
}
