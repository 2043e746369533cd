/**
 * A warehouse behind this version's SQL (pending migrations, changed functions or views) is
 * refused by the commands that read figures, and named by status; query and serve only warn.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../../../src/errors.ts';
import { exitCodeFor } from '../../../src/cli/exit-codes.ts';
import { migrate, readMigrations, schemaBehindError, schemaLag, SQL_DIR } from '../../../src/load/migrate.ts';
import { getStatus } from '../../../src/pipeline/get-status.ts';
import { statusText } from '../../../src/cli/commands/status.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { runCli } from '../../support/run-cli.ts';

let tdb: TestDatabase;

/** A copy of sql/ a test may change. */
function sqlCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-sql-'));
  cpSync(SQL_DIR, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
});
afterAll(async () => tdb.drop());

describe('schemaLag', () => {
  it('finds nothing behind in a migrated warehouse', async () => {
    const lag = await schemaLag(tdb.warehouse.db);
    expect(lag).toEqual({ pending: [], unknown: [], repeatablesChanged: false });
    expect(schemaBehindError(lag, 'here')).toBeUndefined();
  });

  it('names a migration this version has and the warehouse has not', async () => {
    const dir = sqlCopy();
    writeFileSync(path.join(dir, 'migrations/900001_probe.sql'), 'create table uptrends.probe (x int);');
    const lag = await schemaLag(tdb.warehouse.db, dir);
    expect(lag).toEqual({ pending: ['900001_probe'], unknown: [], repeatablesChanged: false });
    const error = schemaBehindError(lag, '/data/wh');
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error?.code).toBe('WAREHOUSE_SCHEMA_BEHIND');
    expect(error?.retriable).toBe(false);
    expect(exitCodeFor(error)).toBe(3);
    expect(error?.message).toMatch(
      /\/data\/wh is behind.*1 migration not applied \(900001_probe\).*uptrends-etl migrate/,
    );
  });

  it('sees a changed function file, and a migration only a newer version knows', async () => {
    const dir = sqlCopy();
    const fn = path.join(dir, 'functions/80-sla_burn.sql');
    writeFileSync(fn, `${'-- a later definition\n'}${readFileSync(fn, 'utf8')}`);
    const latest = readdirSync(path.join(dir, 'migrations')).sort().at(-1);
    rmSync(path.join(dir, 'migrations', latest as string));
    const lag = await schemaLag(tdb.warehouse.db, dir);
    expect(lag.pending).toEqual([]);
    expect(lag.unknown).toEqual([(latest as string).slice(0, 6)]);
    expect(lag.repeatablesChanged).toBe(true);
    expect(schemaBehindError(lag, 'x')?.message).toMatch(
      /SQL functions and views are not those of this version/,
    );
  });
});

describe('reading a warehouse that is behind', () => {
  let latest: string;
  beforeAll(async () => {
    // As if the warehouse was last migrated by the previous release.
    const row = await sql<{ version: string; name: string }>`
      select version, name from uptrends.schema_migration order by version desc limit 1`.execute(
      tdb.warehouse.db,
    );
    latest = `${row.rows[0]?.version}_${row.rows[0]?.name}`;
    await sql`delete from uptrends.schema_migration where version = ${row.rows[0]?.version}`.execute(
      tdb.warehouse.db,
    );
    await sql`update uptrends.schema_repeatable set checksum = 'older'`.execute(tdb.warehouse.db);
  });

  it('status lists the pending migration', async () => {
    const status = await getStatus(tdb.warehouse);
    expect(status.pendingMigrations).toEqual([latest]);
    expect(status.sqlObjectsChanged).toBe(true);
    expect(statusText(status).join('\n')).toContain(
      `pending migrations: ${latest} (run: uptrends-etl migrate)`,
    );
  });

  it('report refuses it (exit 3, naming the migration); query warns and answers', async () => {
    await tdb.release();
    try {
      const cwd = mkdtempSync(path.join(os.tmpdir(), 'uptrends-lag-'));
      const report = await runCli(['report', 'sla', '--month', '2026-10'], tdb.env, cwd);
      expect(report.code).toBe(3);
      expect(report.stderr).toContain('WAREHOUSE_SCHEMA_BEHIND');
      expect(report.stderr).toContain(latest);
      expect(report.stderr).not.toMatch(/this is a bug/i);
      const atRisk = await runCli(['report', 'at-risk'], tdb.env, cwd);
      expect(atRisk.code).toBe(3);
      expect(atRisk.stderr).toContain('WAREHOUSE_SCHEMA_BEHIND');

      const query = await runCli(['query', '--format', 'csv', 'select 1 as one'], tdb.env, cwd);
      expect(query.code).toBe(0);
      expect(query.stdout).toBe('one\n1\n');
      expect(query.stderr).toMatch(/schema is behind this version \(1 migrations pending, SQL functions/);
    } finally {
      await tdb.reopen();
    }
  });

  it('after migrate the report is no longer refused', async () => {
    // Only the ledger row is restored: the migration's objects are all still there.
    const [version, ...name] = latest.split('_');
    const file = readMigrations().find((m) => m.version === version);
    await sql`insert into uptrends.schema_migration (version, name, checksum)
      values (${version}, ${name.join('_')}, ${file?.checksum})`.execute(tdb.warehouse.db);
    const result = await migrate(tdb.warehouse.db);
    expect(result.applied).toEqual([]);
    expect(result.repeatables.length).toBeGreaterThan(0);
    expect(await schemaLag(tdb.warehouse.db)).toEqual({
      pending: [],
      unknown: [],
      repeatablesChanged: false,
    });
    await tdb.release();
    try {
      const cwd = mkdtempSync(path.join(os.tmpdir(), 'uptrends-lag-'));
      const report = await runCli(['report', 'sla', '--month', '2026-10'], tdb.env, cwd);
      expect(report.stderr).not.toContain('WAREHOUSE_SCHEMA_BEHIND');
      expect(report.code).not.toBe(3);
    } finally {
      await tdb.reopen();
    }
  });
});
