/**
 * The floors of issue 31, measured in the same run as the backfill they judge, on the same data:
 * - ETL floor: `JSON.parse` of the very bodies the simulator served the sync, plus encoding the
 *   rows the sync left as COPY text, in one child process (children/etl-floor-child.ts);
 * - Postgres floor: the server CPU of a raw `COPY` of those rows into tables made `like` the
 *   warehouse's (`including all`: same columns, defaults and indexes), in the same database.
 * The sync's CPU divided by its floor is judged; both count the same alerts, so the ratio of the
 * totals is the ratio per alert.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EtlFloorInput, EtlFloorResult } from './children/etl-floor-child.ts';
import type { CleanupStack } from './cleanup-stack.ts';
import { databaseName } from './measured-sync.ts';
import { DatabaseCpu, postgresCpuMs, postmasterPid } from './process-cpu.ts';
import { runChild, type ChildMeasure } from './run-child.ts';
import { adminQuery, type ScratchWarehouse } from './scratch-warehouse.ts';

/** The ETL floor of one run. */
export interface EtlFloor extends EtlFloorResult {
  /** parse + encode, ms. */
  cpuMs: number;
}

/** The Postgres floor of one run. */
export interface PostgresFloor {
  rows: number;
  tables: number;
  /** CPU of the processes serving the database during the COPYs, ms (process-cpu.ts, DatabaseCpu). */
  cpuMs: number;
  /** CPU of the whole server meanwhile, ms, other clients included. */
  serverCpuMs: number;
  /** Wall time of the COPYs, ms. */
  wallMs: number;
}

/** A schema the floor's tables go into, apart from the warehouse's own. */
const FLOOR_SCHEMA = 'bench_floor';

/** The warehouse's tables that hold rows: plain tables and partitioned parents, not partitions. */
async function filledTables(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'uptrends' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const filled: string[] = [];
  for (const { name } of result.rows) {
    const any = await client.query(`select 1 from uptrends.${pg.escapeIdentifier(name)} limit 1`);
    if (any.rowCount !== 0) filled.push(name);
  }
  return filled;
}

async function connect(warehouse: ScratchWarehouse): Promise<pg.Client> {
  if (warehouse.backend !== 'postgres') throw new Error('the floors are measured on Postgres');
  const client = new pg.Client({ connectionString: warehouse.location });
  await client.connect();
  return client;
}

/** The ETL floor of the run that filled `warehouse` while the simulator recorded `bodiesFile`. */
export async function measureEtlFloor(
  warehouse: ScratchWarehouse,
  bodiesFile: string,
  cleanup: CleanupStack,
): Promise<EtlFloor> {
  const client = await connect(warehouse);
  let tables: string[];
  try {
    tables = (await filledTables(client)).map((t) => `uptrends.${pg.escapeIdentifier(t)}`);
  } finally {
    await client.end();
  }
  const input: EtlFloorInput = { bodiesFile, tables };
  // The recorded bodies of a year's backfill are a few hundred MB held at once.
  const result = await runChild<EtlFloorResult & ChildMeasure>(
    'etl-floor-child',
    input,
    warehouse.env,
    cleanup,
    ['--expose-gc', '--max-old-space-size=8192'],
  );
  return { ...result, cpuMs: result.parseCpuMs + result.encodeCpuMs };
}

/**
 * The Postgres floor: each filled table's rows (without generated columns, which COPY cannot take)
 * written to a file by the server, then, after a checkpoint, read back by `COPY ... FROM` into a
 * fresh table of the same definition, timed by the server's CPU. The tables are dropped after.
 */
export async function measurePostgresFloor(
  warehouse: ScratchWarehouse,
  cleanup: CleanupStack,
): Promise<PostgresFloor> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-floor-'));
  cleanup.add(`floor ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  // The server process (user postgres) writes and reads the files.
  chmodSync(dir, 0o777);
  const postmaster = await postmasterPid();
  const client = await connect(warehouse);
  try {
    const tables = await filledTables(client);
    const copies: string[] = [];
    let rows = 0;
    await client.query(`create schema ${FLOOR_SCHEMA}`);
    for (const table of tables) {
      const source = `uptrends.${pg.escapeIdentifier(table)}`;
      const target = `${FLOOR_SCHEMA}.${pg.escapeIdentifier(table)}`;
      const cols = await client.query<{ list: string }>(
        `select string_agg(quote_ident(attname), ', ' order by attnum) as list from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        [source],
      );
      const list = cols.rows[0]!.list;
      const file = pg.escapeLiteral(path.join(dir, `${table}.copy`));
      const out = await client.query(`copy (select ${list} from ${source}) to ${file}`);
      rows += out.rowCount ?? 0;
      await client.query(`create table ${target} (like ${source} including all)`);
      copies.push(`copy ${target} (${list}) from ${file}`);
    }
    await adminQuery('checkpoint');
    if (postmaster === undefined) throw new Error('the Postgres floor needs the server on this machine');
    const before = postgresCpuMs(postmaster);
    const database = new DatabaseCpu(postmaster, databaseName(warehouse.location));
    const started = performance.now();
    for (const copy of copies) await client.query(copy);
    const wallMs = performance.now() - started;
    const cpuMs = database.stop();
    const after = postgresCpuMs(postmaster);
    await client.query(`drop schema ${FLOOR_SCHEMA} cascade`);
    const serverCpuMs = before === undefined || after === undefined ? NaN : after - before;
    return { rows, tables: tables.length, cpuMs, serverCpuMs, wallMs };
  } finally {
    await client.end();
  }
}
