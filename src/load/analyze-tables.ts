/**
 * Refreshes the planner statistics of the tables a run wrote. Embedded PGlite has no autovacuum,
 * so without this its planner never learns table sizes (a report query measured 27 s instead of
 * seconds); on a server it spares the first reports after a large backfill the wait for autovacuum.
 * ANALYZE samples a bounded number of rows, so its cost does not grow with history.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';

/** Tables worth analysing after a load (the large and the often-joined ones). */
export const ANALYZED_TABLES: readonly string[] = [
  'alert',
  'incident',
  'monitor_statistics',
  'monitor',
  'monitor_group_member',
  'maintenance_period',
  'infra_device_uptime_daily',
];

/** Runs ANALYZE on each table that exists; failures are logged, never fatal. */
export async function analyzeTables(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  logger: Logger,
  tables: readonly string[] = ANALYZED_TABLES,
): Promise<void> {
  for (const table of tables) {
    try {
      const exists = await sql<{
        present: boolean;
      }>`select to_regclass(${`uptrends.${table}`}) is not null as present`.execute(db);
      if (exists.rows[0]?.present === true) await sql`analyze ${sql.table(`uptrends.${table}`)}`.execute(db);
    } catch (error) {
      logger.warn({ table }, `analyze of uptrends.${table} failed: ${(error as Error).message}`);
    }
  }
}
