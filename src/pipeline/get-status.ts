/**
 * The programmatic `status`: recent runs, watermarks and row counts, as plain data so the CLI can
 * print it as text or JSON and tests can assert on it.
 */
import { sql } from 'kysely';
import type { Warehouse } from '../load/connection/db.ts';
import { deliveryProblems, type DeliveryProblem } from '../load/ledgers/delivery-ledger.ts';
import { schemaLag } from '../load/migrate.ts';
import { listRuns, type RunSummary } from './run-history.ts';

export type { JobCounts, RunDetail, RunSummary } from './run-history.ts';

/** The warehouse status. */
export interface WarehouseStatus {
  warehouse: { backend: string; location: string };
  pendingMigrations: string[];
  /** The SQL functions and views differ from this version's (a migrate re-applies them). */
  sqlObjectsChanged: boolean;
  runs: RunSummary[];
  watermarks: {
    accountId: string;
    stream: string;
    partitions: number;
    oldest: string | null;
    newest: string | null;
  }[];
  tables: { table: string; rows: number }[];
  /** Report deliveries of the last 31 days that failed (tried again next run) or are unknown. */
  deliveries: DeliveryProblem[];
  /** Every account of the warehouse with its latest run and the newest data. */
  accounts: AccountStatus[];
}

/** One account: its configuration name, its latest run, its last good run and its newest data. */
export interface AccountStatus {
  accountId: string;
  /** Name in the configuration file; null for an account loaded before names were kept. */
  name: string | null;
  zone: string;
  lastRun: { runId: number; command: string; status: string; startedAt: string } | null;
  /** When the latest run that succeeded finished; null when none did. */
  lastSucceededAt: string | null;
  runningRuns: number;
  /** The newest watermark of any stream (data complete up to). */
  newestWatermark: string | null;
  /**
   * Streams the latest finished run skipped, with why (the right the API account lacks, a route
   * the service does not offer, no Infra credentials): from the run ledger's stream counts.
   */
  skippedStreams: { stream: string; notice: string }[];
}

/** Reads the status; works on an empty (even unmigrated) warehouse. */
export async function getStatus(warehouse: Warehouse, runLimit = 10): Promise<WarehouseStatus> {
  const { db } = warehouse;
  const lag = await schemaLag(db);
  const pending = lag.pending;
  const migrated =
    (
      await sql<{ present: boolean }>`select to_regclass('uptrends.etl_run') is not null as present`.execute(
        db,
      )
    ).rows[0]?.present === true;
  if (!migrated) {
    return {
      warehouse: { backend: warehouse.backend, location: warehouse.location },
      pendingMigrations: pending,
      sqlObjectsChanged: lag.repeatablesChanged,
      runs: [],
      watermarks: [],
      tables: [],
      deliveries: [],
      accounts: [],
    };
  }
  const runs = await listRuns(db, runLimit);
  const watermarks = await db
    .selectFrom('etl_state')
    .select((eb) => [
      'account_id',
      'stream',
      eb.fn.countAll<number>().as('partitions'),
      eb.fn.min('watermark').as('oldest'),
      eb.fn.max('watermark').as('newest'),
    ])
    .groupBy(['account_id', 'stream'])
    .orderBy('stream')
    .execute();
  const tables = await tableRowCounts(warehouse);
  const iso = (value: unknown): string | null =>
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;
  return {
    warehouse: { backend: warehouse.backend, location: warehouse.location },
    pendingMigrations: pending,
    sqlObjectsChanged: lag.repeatablesChanged,
    runs,
    watermarks: watermarks.map((w) => ({
      accountId: w.account_id,
      stream: w.stream,
      partitions: Number(w.partitions),
      oldest: iso(w.oldest),
      newest: iso(w.newest),
    })),
    tables,
    deliveries: await deliveryProblems(db),
    accounts: await accountStatuses(warehouse, iso),
  };
}

/**
 * The row count of every table of the warehouse the role may read (but the migration ledger), in
 * one statement: on the embedded engine each statement costs a round trip through the WebAssembly
 * engine, and status counted its 40 tables one by one.
 */
async function tableRowCounts(warehouse: Warehouse): Promise<{ table: string; rows: number }[]> {
  const names = await sql<{ table_name: string }>`
    select c.relname as table_name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'uptrends' and c.relkind in ('r', 'p') and c.relname <> 'schema_migration'
      and has_table_privilege(c.oid, 'select')
    order by c.relname`.execute(warehouse.db);
  if (names.rows.length === 0) return [];
  const counts = names.rows.map(
    ({ table_name }) =>
      sql`select ${table_name}::text as table_name, count(*)::bigint as n from ${sql.table(`uptrends.${table_name}`)}`,
  );
  const rows = await sql<{
    table_name: string;
    n: number | string;
  }>`${sql.join(counts, sql` union all `)}`.execute(warehouse.db);
  const byName = new Map(rows.rows.map((r) => [r.table_name, Number(r.n)]));
  return names.rows.map(({ table_name }) => ({ table: table_name, rows: byName.get(table_name) ?? 0 }));
}

async function accountStatuses(
  warehouse: Warehouse,
  iso: (value: unknown) => string | null,
): Promise<AccountStatus[]> {
  // The catalogue rather than information_schema, whose views cost the embedded engine a second
  // to plan on a cold start.
  const hasNames =
    (
      await sql<{ present: boolean }>`select exists (
        select 1 from pg_catalog.pg_attribute
        where attrelid = to_regclass('uptrends.account') and attname = 'account_name' and not attisdropped
      ) as present`.execute(warehouse.db)
    ).rows[0]?.present === true;
  const name = hasNames ? sql`a.account_name` : sql`null::text`;
  const rows = await sql<{
    account_id: string;
    name: string | null;
    zone: string;
    run_id: number | null;
    command: string | null;
    status: string | null;
    started_at: unknown;
    succeeded_at: unknown;
    running: number;
    newest: unknown;
    skipped: unknown;
  }>`
    select a.account_id, ${name} as name, a.iana_zone as zone,
      l.run_id, l.command, l.status, l.started_at,
      (select max(finished_at) from uptrends.etl_run r
        where r.account_id = a.account_id and r.status = 'succeeded') as succeeded_at,
      (select count(*)::int from uptrends.etl_run r
        where r.account_id = a.account_id and r.status = 'running') as running,
      (select max(watermark) from uptrends.etl_state s where s.account_id = a.account_id) as newest,
      (select r.stream_counts from uptrends.etl_run r
        where r.account_id = a.account_id and r.finished_at is not null
        order by r.run_id desc limit 1) as skipped
    from uptrends.account a
    left join lateral (
      select run_id, command, status, started_at from uptrends.etl_run r
      where r.account_id = a.account_id order by run_id desc limit 1
    ) l on true
    order by ${name} nulls last, a.account_id`.execute(warehouse.db);
  return rows.rows.map((r) => ({
    accountId: r.account_id,
    name: r.name,
    zone: r.zone,
    lastRun:
      r.run_id === null
        ? null
        : {
            runId: Number(r.run_id),
            command: r.command ?? '',
            status: r.status ?? '',
            startedAt: iso(r.started_at) ?? '',
          },
    lastSucceededAt: iso(r.succeeded_at),
    runningRuns: Number(r.running),
    newestWatermark: iso(r.newest),
    skippedStreams: skippedOf(r.skipped),
  }));
}

/** The skipped streams of a run's stream counts (jsonb, or its text). */
function skippedOf(counts: unknown): { stream: string; notice: string }[] {
  const parsed: unknown = typeof counts === 'string' ? JSON.parse(counts) : counts;
  if (parsed === null || typeof parsed !== 'object') return [];
  return Object.entries(parsed as Record<string, { status?: unknown; notice?: unknown }>)
    .filter(([, c]) => c.status === 'skipped')
    .map(([stream, c]) => ({ stream, notice: typeof c.notice === 'string' ? c.notice : 'skipped' }));
}
