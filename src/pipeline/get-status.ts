/**
 * The programmatic `status`: recent runs, watermarks and row counts, as plain data so the CLI can
 * print it as text or JSON and tests can assert on it.
 */
import { sql } from 'kysely';
import type { Warehouse } from '../load/db.ts';
import { deliveryProblems, type DeliveryProblem } from '../load/delivery-ledger.ts';
import { pendingMigrations } from '../load/migrate.ts';

/** One run of the ledger, as reported. */
export interface RunSummary {
  runId: number;
  command: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  accountId: string | null;
  requests: number;
  streamCounts: unknown;
  error: unknown;
}

/** The warehouse status. */
export interface WarehouseStatus {
  warehouse: { backend: string; location: string };
  pendingMigrations: string[];
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
}

/** Reads the status; works on an empty (even unmigrated) warehouse. */
export async function getStatus(warehouse: Warehouse, runLimit = 10): Promise<WarehouseStatus> {
  const { db } = warehouse;
  const pending = (await pendingMigrations(db)).map((m) => `${m.version}_${m.name}`);
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
      runs: [],
      watermarks: [],
      tables: [],
      deliveries: [],
    };
  }
  const runs = await db.selectFrom('etl_run').selectAll().orderBy('run_id', 'desc').limit(runLimit).execute();
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
  const tableNames = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'uptrends' and table_type = 'BASE TABLE' and table_name <> 'schema_migration'
    order by table_name`.execute(db);
  const tables: { table: string; rows: number }[] = [];
  for (const { table_name } of tableNames.rows) {
    const count = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(`uptrends.${table_name}`)}`.execute(db);
    tables.push({ table: table_name, rows: count.rows[0]?.n ?? 0 });
  }
  const iso = (value: unknown): string | null =>
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;
  return {
    warehouse: { backend: warehouse.backend, location: warehouse.location },
    pendingMigrations: pending,
    runs: runs.map((run) => ({
      runId: run.run_id,
      command: run.command,
      status: run.status,
      startedAt: iso(run.started_at) ?? '',
      finishedAt: iso(run.finished_at),
      accountId: run.account_id,
      requests: run.requests,
      streamCounts: run.stream_counts,
      error: run.error,
    })),
    watermarks: watermarks.map((w) => ({
      accountId: w.account_id,
      stream: w.stream,
      partitions: Number(w.partitions),
      oldest: iso(w.oldest),
      newest: iso(w.newest),
    })),
    tables,
    deliveries: await deliveryProblems(db),
  };
}
