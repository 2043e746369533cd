import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
let cwd: string;
beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  cwd = mkdtempSync(path.join(os.tmpdir(), 'cli-'));
});
afterAll(async () => {
  await tdb.drop();
  rmSync(cwd, { recursive: true, force: true });
});

describe('uptrends-etl (spawned)', () => {
  it('--help lists the commands with examples and exits 0', async () => {
    const result = await runCli(['--help'], {}, cwd);
    expect(result.code).toBe(0);
    for (const word of ['migrate', 'check', 'status', 'Examples:', 'Exit codes'])
      expect(result.stdout).toContain(word);
  });

  it('migrate is a no-op on a migrated warehouse, and status --json prints valid JSON', async () => {
    const migrate = await runCli(['migrate'], tdb.env, cwd);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(jsonLines(migrate.stdout)).toMatchObject([{ result: 'migrate', applied: [] }]);
    const status = await runCli(['status', '--json'], tdb.env, cwd);
    expect(status.code, status.stderr).toBe(0);
    const parsed = JSON.parse(status.stdout) as {
      pendingMigrations: string[];
      runs: unknown[];
      tables: { table: string }[];
    };
    expect(parsed.pendingMigrations).toEqual([]);
    expect(parsed.runs).toEqual([]);
    expect(parsed.tables.map((t) => t.table)).toContain('etl_run');
  });

  it('migrate creates the embedded warehouse from nothing, in the data dir', async () => {
    const dataDir = path.join(cwd, 'fresh');
    const first = await runCli(['migrate'], { UPTRENDS_ETL_DATA_DIR: dataDir }, cwd);
    expect(first.code, first.stderr).toBe(0);
    expect(jsonLines(first.stdout)[0]!.applied).toContain('000001_run_ledger');
    const second = await runCli(['migrate', '--no-json'], { UPTRENDS_ETL_DATA_DIR: dataDir }, cwd);
    expect(second.stdout).toMatch(/ 0 applied/);
  });

  it('exits 2 for an unparseable DATABASE_URL, naming it without echoing the password', async () => {
    const result = await runCli(['status'], { DATABASE_URL: 'not a url with s3cr3t-pw' }, cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).not.toContain('s3cr3t-pw');
  });

  it('exits 3 when the database does not answer, with the password redacted', async () => {
    const result = await runCli(['status'], { DATABASE_URL: 'postgres://u:s3cr3t-pw@127.0.0.1:1/x' }, cwd);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('127.0.0.1:1');
    expect(result.stderr).not.toContain('s3cr3t-pw');
  });

  it('exits 2 for an unknown option and reads settings from a .env file', async () => {
    expect((await runCli(['status', '--nope'], {}, cwd)).code).toBe(2);
    const envDir = mkdtempSync(path.join(os.tmpdir(), 'cli-env-'));
    writeFileSync(path.join(envDir, '.env'), 'UPTRENDS_TIMEZONE=Not/AZone\n');
    const result = await runCli(['status'], {}, envDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('UPTRENDS_TIMEZONE');
  });

  it('simulate on a port in use exits 2 naming the address (issue 32, finding 12: it was exit 1, "a bug")', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (taken.address() as AddressInfo).port;
      const result = await runCli(
        ['simulate', '--port', String(port), '--monitors', '5', '--days', '3'],
        {},
        cwd,
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `simulate: 127.0.0.1:${port} is in use by another program: choose another with --port`,
      );
      expect(result.stderr).not.toMatch(/this is a bug/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
