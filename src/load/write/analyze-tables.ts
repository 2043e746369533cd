/**
 * Refreshes the planner statistics of the tables a run changed enough. Embedded PGlite has no
 * autovacuum, so without this its planner never learns table sizes (a report query measured 27 s
 * instead of seconds); on a server it spares the first reports after a large backfill the wait for
 * autovacuum.
 *
 * Which tables: autovacuum's own default rule, applied at the end of the run. A table is analysed
 * when it never was (its row estimate is still -1: a database cloned from a template keeps the
 * estimate but starts with empty change counts), or when the rows changed since its last analysis
 * exceed 50 + 10 % of its estimated rows. ANALYZE is not free on a year of history (it samples up
 * to 30,000 rows; the `raw` jsonb of the large tables is left out since migration 000015):
 * analysing every table after every nightly made the nightly on a year of history 1.2× the
 * nightly on an empty warehouse (bench scenario 3), for statistics that a night's few hundred new
 * rows do not change. The change counts come from the cumulative statistics, which a backend
 * reports up to a few seconds late: a run whose last writes tip a table over the line leaves it to
 * the next run (or to autovacuum).
 *
 * Every other table of the warehouse is analysed once, when it never was: the planner's guess for
 * a table without statistics (ten pages of rows) is far off for the small configuration tables
 * (SLAs, exclusion periods, groups), and with no autovacuum on PGlite that guess stayed for good:
 * the SLA overview's query took 25–29 s on the demo's warehouse instead of 3 s (issue 42). After
 * that first time they are left to autovacuum (or to nobody on PGlite): a few hundred rows of
 * configuration do not move a plan.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../schema.ts';

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

/** Autovacuum's defaults: autovacuum_analyze_threshold and autovacuum_analyze_scale_factor. */
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;

/**
 * What `analyzeTables` looks at: a list of tables (in schema uptrends) under the rule above, or
 * `warehouse`: ANALYZED_TABLES under that rule and every other table of the schema never analysed.
 */
export type AnalyzedTables = readonly string[] | 'warehouse';

/** The tables `tables` names whose statistics are missing or stale. */
export async function staleTables(
  db: Kysely<Database>,
  tables: AnalyzedTables = 'warehouse',
): Promise<string[]> {
  const ruled = tables === 'warehouse' ? ANALYZED_TABLES : tables;
  if (ruled.length === 0 && tables !== 'warehouse') return [];
  const listed = ruled.length === 0 ? sql`false` : sql`c.relname in (${sql.join(ruled)})`;
  const others = tables === 'warehouse' ? sql`c.reltuples < 0` : sql`false`;
  const rows = await sql<{ table: string }>`
    select c.relname as table
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = 'uptrends' and c.relkind in ('r', 'p')
      and ((${listed} and (c.reltuples < 0
        or coalesce(s.n_mod_since_analyze, 0) > ${THRESHOLD_ROWS} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)))
        or ${others})
    order by c.relname`.execute(db);
  return rows.rows.map((r) => r.table);
}

/**
 * Runs ANALYZE on each table `tables` names that exists and is stale (or never analysed); failures are logged, never fatal.
 * Returns the tables analysed.
 */
export async function analyzeTables(
  db: Kysely<Database>,
  logger: Logger,
  tables: AnalyzedTables = 'warehouse',
): Promise<string[]> {
  let chosen: string[];
  try {
    chosen = await staleTables(db, tables);
  } catch (error) {
    logger.warn(`choosing the tables to analyze failed: ${(error as Error).message}`);
    return [];
  }
  const done: string[] = [];
  for (const table of chosen) {
    try {
      await sql`analyze ${sql.table(`uptrends.${table}`)}`.execute(db);
      done.push(table);
    } catch (error) {
      logger.warn({ table }, `analyze of uptrends.${table} failed: ${(error as Error).message}`);
    }
  }
  if (done.length > 0) logger.debug({ tables: done }, `analyzed ${done.join(', ')}`);
  return done;
}
