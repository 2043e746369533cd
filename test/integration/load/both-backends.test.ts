/**
 * Runs on PGlite AND on Postgres in every test run (Postgres when a server answers), so the embedded
 * backend stays honest: migrations, the merge, the run ledger, watermarks and locking.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LockError } from '../../../src/errors.ts';
import { openWarehouse, type Warehouse } from '../../../src/load/connection/db.ts';
import { mergeAnyRows } from '../../../src/load/write/merge-rows.ts';
import { analyzeTables } from '../../../src/load/write/analyze-tables.ts';
import { silentLogger } from '../../../src/logger.ts';
import { migrate, readMigrations } from '../../../src/load/migrate.ts';
import { closeRun, openRun } from '../../../src/load/ledgers/run-ledger.ts';
import { loadWatermarks, saveWatermark } from '../../../src/load/ledgers/stream-state.ts';
import { acquireWarehouseLock } from '../../../src/load/locks/warehouse-lock.ts';
import { probePostgres, withDatabase } from '../../support/postgres-probe.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshPglite(): Promise<{ warehouse: Warehouse; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'both-pglite-'));
  const warehouse = await openWarehouse({ dataDir: dir });
  cleanups.push(async () => {
    await warehouse.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  return { warehouse, dir };
}

async function freshPostgres(admin: string): Promise<{ warehouse: Warehouse; url: string }> {
  const name = `uptrends_etl_both_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  const url = withDatabase(admin, name);
  const warehouse = await openWarehouse({ databaseUrl: url });
  cleanups.push(async () => {
    await warehouse.close().catch(() => undefined);
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return { warehouse, url };
}

const adminUrl = await probePostgres();
const backends = [['pglite', () => freshPglite()] as const];
if (adminUrl !== undefined) backends.push(['postgres', () => freshPostgres(adminUrl)] as never);
else console.warn('[both-backends] no Postgres server: running the PGlite half only');

describe.each(backends)('on %s', (backend, open) => {
  it('migrates from nothing, then is a no-op', async () => {
    const { warehouse } = await open();
    const first = await migrate(warehouse.db);
    expect(first.applied).toHaveLength(readMigrations().length);
    expect((await migrate(warehouse.db)).applied).toEqual([]);
    expect(warehouse.backend).toBe(backend);
  });

  it('merges: dedupes a batch, inserts, skips unchanged rows, updates changed ones, keeps insert-only columns', async () => {
    const { warehouse } = await open();
    await migrate(warehouse.db);
    await sql`create table uptrends.merge_probe (id text primary key, v int, note jsonb, first_seen_at timestamptz, run_id bigint)`.execute(
      warehouse.db,
    );
    const t0 = new Date('2025-01-01T00:00:00Z');
    const opts = { table: 'merge_probe', key: ['id'], insertOnly: ['first_seen_at'] };
    const first = await mergeAnyRows(warehouse.db, opts, [
      { id: 'a', v: 1, note: { x: 1 }, first_seen_at: t0, run_id: 1 },
      { id: 'b', v: 1, note: null, first_seen_at: t0, run_id: 1 },
      { id: 'a', v: 2, note: { x: 2 }, first_seen_at: t0, run_id: 1 },
    ]);
    expect(first).toEqual({ rows: 2, written: 2, previous: [] });
    const t1 = new Date('2025-02-01T00:00:00Z');
    const second = await mergeAnyRows(warehouse.db, opts, [
      { id: 'a', v: 2, note: { x: 2 }, first_seen_at: t1, run_id: 2 },
      { id: 'b', v: 5, note: null, first_seen_at: t1, run_id: 2 },
    ]);
    expect(second.written).toBe(1);
    const rows = await sql<{ id: string; v: number; note: unknown; first_seen_at: Date; run_id: number }>`
      select * from uptrends.merge_probe order by id`.execute(warehouse.db);
    expect(rows.rows).toEqual([
      { id: 'a', v: 2, note: { x: 2 }, first_seen_at: t0, run_id: 1 },
      { id: 'b', v: 5, note: null, first_seen_at: t0, run_id: 2 },
    ]);
  });

  it('stores text and JSON holding NUL characters, as U+FFFD (bug: a NUL in an error description failed the window)', async () => {
    const { warehouse } = await open();
    await migrate(warehouse.db);
    await sql`create table uptrends.nul_probe (id text primary key, t text, j jsonb)`.execute(warehouse.db);
    await mergeAnyRows(warehouse.db, { table: 'nul_probe', key: ['id'] }, [
      { id: 'a\u0000', t: 'x\u0000y', j: { 'k\u0000': ['v\u0000'] } },
    ]);
    const rows = await sql<{ id: string; t: string; j: unknown }>`select * from uptrends.nul_probe`.execute(
      warehouse.db,
    );
    expect(rows.rows).toEqual([{ id: 'a\uFFFD', t: 'x\uFFFDy', j: { 'k\uFFFD': ['v\uFFFD'] } }]);
  });

  it('refreshes planner statistics after a load when the rows changed enough (PGlite has no autovacuum)', async () => {
    const { warehouse } = await open();
    await migrate(warehouse.db);
    // Inserts on one session and makes that session report its change counts at once.
    const insert = (from: number, to: number) =>
      warehouse.db.connection().execute(async (conn) => {
        await sql`insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, alert_count, reminder_count, last_alert_at, run_id)
          select 'a', gen_random_uuid(), 'k' || g, now(), 1, 0, now(), 1 from generate_series(${from}::int, ${to}::int) g`.execute(
          conn,
        );
        await sql`select pg_stat_force_next_flush()`.execute(conn);
        await sql`select 1`.execute(conn);
      });
    const estimate = async () =>
      (
        await sql<{
          n: number;
        }>`select reltuples::int as n from pg_class where oid = 'uptrends.incident'::regclass`.execute(
          warehouse.db,
        )
      ).rows[0]?.n;
    await insert(1, 500);
    // Never analysed: analysed whatever the count.
    expect(await analyzeTables(warehouse.db, silentLogger(), ['incident', 'no_such_table'])).toEqual([
      'incident',
    ]);
    expect(await estimate()).toBe(500);
    // 20 changed rows of 500: below autovacuum's line (50 + 10 %), left alone.
    await insert(501, 520);
    expect(await analyzeTables(warehouse.db, silentLogger(), ['incident'])).toEqual([]);
    expect(await estimate()).toBe(500);
    // 220 changed rows: over the line.
    await insert(521, 720);
    expect(await analyzeTables(warehouse.db, silentLogger(), ['incident'])).toEqual(['incident']);
    expect(await estimate()).toBe(720);
  });

  it('analyses every table of the warehouse that never was, once (bug: the SLA tables kept the planner guess on PGlite)', async () => {
    const { warehouse } = await open();
    await migrate(warehouse.db);
    const tableNames = async (where: string) =>
      (
        await sql<{ name: string }>`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'uptrends' and c.relkind in ('r', 'p') and ${sql.raw(where)} order by 1`.execute(
          warehouse.db,
        )
      ).rows.map((r) => r.name);
    const all = await tableNames('true');
    // A new warehouse: no table has statistics yet, so the first pass takes every one of them.
    expect(await tableNames('c.reltuples < 0')).toEqual(all);
    expect(all).toContain('sla');
    expect(await analyzeTables(warehouse.db, silentLogger())).toEqual(all);
    expect(await tableNames('c.reltuples < 0')).toEqual([]);
    // Nothing changed since: the next pass analyses nothing.
    expect(await analyzeTables(warehouse.db, silentLogger())).toEqual([]);
  });

  it('records runs and keeps a backfill from moving a watermark backwards', async () => {
    const { warehouse } = await open();
    await migrate(warehouse.db);
    const runId = await openRun(warehouse.db, 'sync', { streams: ['monitors'] }, '0.0.0');
    const key = { accountId: 'acc', stream: 'alerts', partition: 'g' };
    await saveWatermark(warehouse.db, key, new Date('2025-03-10T00:00:00Z'), runId);
    await saveWatermark(warehouse.db, key, new Date('2025-01-01T00:00:00Z'), runId, { onlyForward: true });
    expect(
      (await loadWatermarks(warehouse.db, key.accountId, key.stream)).get(key.partition)?.toISOString(),
    ).toBe('2025-03-10T00:00:00.000Z');
    await saveWatermark(warehouse.db, key, new Date('2025-03-11T00:00:00Z'), runId, { onlyForward: true });
    expect(
      (await loadWatermarks(warehouse.db, key.accountId, key.stream)).get(key.partition)?.toISOString(),
    ).toBe('2025-03-11T00:00:00.000Z');
    await closeRun(warehouse.db, runId, 'failed', {}, 7, new Error('boom'));
    const run = await warehouse.db
      .selectFrom('etl_run')
      .selectAll()
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('failed');
    expect(run.requests).toBe(7);
    expect(run.error).toEqual({ code: 'INTERNAL', message: 'boom' });
    expect(run.finished_at).toBeInstanceOf(Date);
  });

  it('lets one writer in at a time', async () => {
    const opened = await open();
    await migrate(opened.warehouse.db);
    if (backend === 'pglite') {
      const dir = (opened as { dir: string }).dir;
      await expect(openWarehouse({ dataDir: dir })).rejects.toBeInstanceOf(LockError);
      await opened.warehouse.close();
      const again = await openWarehouse({ dataDir: dir });
      await again.close();
      return;
    }
    const other = await openWarehouse({ databaseUrl: (opened as unknown as { url: string }).url });
    cleanups.push(() => other.close());
    const held = await acquireWarehouseLock(opened.warehouse);
    await expect(acquireWarehouseLock(other)).rejects.toBeInstanceOf(LockError);
    const waiting = acquireWarehouseLock(other, { waitMs: 5000, pollMs: 50 });
    await held.release();
    await (await waiting).release();
  });
});
