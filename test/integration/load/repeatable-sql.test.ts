/**
 * The repeatable step of `migrate`: views and functions live in sql/views and sql/functions and are
 * re-applied whenever a file changes, converging old and new warehouses on the files' definitions.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readRepeatables, SQL_DIR } from '../../../src/load/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.drop());

function sqlCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-sql-'));
  cpSync(SQL_DIR, dir, { recursive: true });
  return dir;
}

async function recorded(): Promise<Record<string, string>> {
  const rows = await tdb.warehouse.db.selectFrom('schema_repeatable').select(['file', 'checksum']).execute();
  return Object.fromEntries(rows.map((r) => [r.file, r.checksum]));
}

async function viewColumns(view: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'uptrends' and table_name = ${view} order by ordinal_position`.execute(
    tdb.warehouse.db,
  );
  return result.rows.map((r) => r.name);
}

describe('repeatable SQL (views and functions)', () => {
  it('a migrated warehouse records every function and view file with its checksum', async () => {
    const files = readRepeatables();
    expect(files.map((f) => f.kind)).toContain('view');
    expect(files.map((f) => f.kind)).toContain('function');
    expect(await recorded()).toEqual(Object.fromEntries(files.map((f) => [f.file, f.checksum])));
  });

  it('re-applies all files when one changes, then is a no-op again', async () => {
    const dir = sqlCopy();
    const file = path.join(dir, 'views/10-v_incident.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- touched\n`);
    const first = await migrate(tdb.warehouse.db, dir);
    expect(first.repeatables).toEqual(readRepeatables(dir).map((f) => f.file));
    expect((await migrate(tdb.warehouse.db, dir)).repeatables).toEqual([]);
    // Back to the real files: applied again, recorded again.
    expect((await migrate(tdb.warehouse.db)).repeatables).toHaveLength(readRepeatables().length);
  });

  it('replaces a view whose columns changed, and views depending on it come back', async () => {
    const dir = sqlCopy();
    const daily = path.join(dir, 'views/60-v_monitor_uptime_daily.sql');
    const original = readFileSync(daily, 'utf8');
    // Drop a column (coverage): `create or replace view` cannot do that.
    const changed = original.replace(/\n {2}f\.coverage,/, '');
    expect(changed).not.toBe(original);
    writeFileSync(daily, changed);
    await migrate(tdb.warehouse.db, dir);
    expect(await viewColumns('v_monitor_uptime_daily')).not.toContain('coverage');
    expect(await viewColumns('v_monitor_uptime_monthly')).toContain('uptime_percentage');
    expect(await viewColumns('v_group_uptime_monthly')).toContain('mttr_seconds');
    await migrate(tdb.warehouse.db);
    expect(await viewColumns('v_monitor_uptime_daily')).toContain('coverage');
  });

  it('replaces a function whose result or arguments changed, and the views depending on it come back', async () => {
    const dir = sqlCopy();
    const file = path.join(dir, 'functions/64-data_state.sql');
    const original = readFileSync(file, 'utf8');
    // A second argument: `create or replace` would make a second function beside the first.
    const changed = original
      .replace(
        'p_read_seconds double precision)',
        'p_read_seconds double precision, p_slack double precision default 1)',
      )
      .replace(
        'data_state(double precision, double precision)',
        'data_state(double precision, double precision, double precision)',
      );
    expect(changed).not.toBe(original);
    writeFileSync(file, changed);
    await migrate(tdb.warehouse.db, dir);
    const overloads = async (): Promise<number[]> =>
      (
        await sql<{ arguments: number }>`
          select p.pronargs as arguments from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'uptrends' and p.proname = 'data_state'`.execute(tdb.warehouse.db)
      ).rows.map((r) => r.arguments);
    expect(await overloads()).toEqual([3]);
    expect(await viewColumns('v_group_uptime_monthly')).toContain('data_state');
    await migrate(tdb.warehouse.db);
    expect(await overloads()).toEqual([2]);
    expect(await viewColumns('v_monitor_uptime_daily')).toContain('coverage');
  });

  it('converges a warehouse migrated before views were repeatable (no ledger, an older view)', async () => {
    const db = tdb.warehouse.db;
    const before = await sql<{
      def: string;
    }>`select pg_get_viewdef('uptrends.v_incident'::regclass) as def`.execute(db);
    await sql`drop table uptrends.schema_repeatable`.execute(db);
    await sql`delete from uptrends.schema_migration where version = '000007'`.execute(db);
    await sql`drop view uptrends.v_incident`.execute(db);
    await sql`create view uptrends.v_incident as select i.account_id, i.monitor_guid from uptrends.incident i`.execute(
      db,
    );
    const result = await migrate(db);
    expect(result.applied).toEqual(['000007_schema_bookkeeping']);
    expect(result.repeatables).toHaveLength(readRepeatables().length);
    const after = await sql<{
      def: string;
    }>`select pg_get_viewdef('uptrends.v_incident'::regclass) as def`.execute(db);
    expect(after.rows[0]?.def).toBe(before.rows[0]?.def);
  });
});
