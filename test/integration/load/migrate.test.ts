import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, pendingMigrations, readMigrations, SQL_DIR } from '../../../src/load/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;

/** A copy of sql/ (migrations, functions, views) a test may change. */
function sqlCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-sql-'));
  cpSync(SQL_DIR, dir, { recursive: true });
  return dir;
}
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.drop());

describe('migrate', () => {
  it('leaves nothing pending and is a no-op the second time', async () => {
    expect(await pendingMigrations(tdb.warehouse.db)).toEqual([]);
    const again = await migrate(tdb.warehouse.db);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBe(readMigrations().length);
    expect(again.repeatables).toEqual([]);
  });

  it('puts every table in schema uptrends, each table, view and column with a comment', async () => {
    const missing = await sql<{ object: string }>`
      select c.relname as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'uptrends' and c.relkind in ('r', 'v', 'm', 'p')
        and obj_description(c.oid, 'pg_class') is null
      union all
      select c.relname || '.' || a.attname from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'uptrends' and c.relkind in ('r', 'p', 'v') and a.attnum > 0 and not a.attisdropped
        and col_description(c.oid, a.attnum) is null `.execute(tdb.warehouse.db);
    expect(missing.rows.map((r) => r.object)).toEqual([]);
  });

  it('keeps the raw documents of the large tables out of the planner statistics (000015)', async () => {
    const targets = await sql<{ column: string; target: number }>`
      select c.relname || '.' || a.attname as column, coalesce(a.attstattarget::int, -1) as target
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'uptrends' and a.attname = 'raw' and c.relname in
        ('alert', 'monitor_statistics', 'infra_device_uptime_daily', 'monitor')
      order by 1`.execute(tdb.warehouse.db);
    expect(targets.rows).toEqual([
      { column: 'alert.raw', target: 0 },
      { column: 'infra_device_uptime_daily.raw', target: 0 },
      // Small tables keep the default (-1; null from Postgres 17 on, as in PGlite): their analysis
      // costs nothing worth saving.
      { column: 'monitor.raw', target: -1 },
      { column: 'monitor_statistics.raw', target: 0 },
    ]);
  });

  it('refuses a migration edited after it was applied', async () => {
    const dir = sqlCopy();
    writeFileSync(path.join(dir, 'migrations/000001_run_ledger.sql'), '-- edited\n');
    await expect(migrate(tdb.warehouse.db, dir)).rejects.toThrow(/changed after it was applied/);
  });

  it('applies a new migration once, in its own transaction, and rolls back a failing one', async () => {
    const dir = sqlCopy();
    writeFileSync(path.join(dir, 'migrations/900001_probe.sql'), 'create table uptrends.probe (x int);');
    writeFileSync(
      path.join(dir, 'migrations/900002_broken.sql'),
      'create table uptrends.probe2 (x int); select no_such_fn();',
    );
    await expect(migrate(tdb.warehouse.db, dir)).rejects.toThrow(/Migration failed/);
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'uptrends' and table_name like 'probe%' order by 1`.execute(tdb.warehouse.db);
    expect(tables.rows.map((r) => r.name)).toEqual(['probe']);
    const pending = await pendingMigrations(tdb.warehouse.db, path.join(dir, 'migrations'));
    expect(pending.map((m) => m.version)).toEqual(['900002']);
  });
});
