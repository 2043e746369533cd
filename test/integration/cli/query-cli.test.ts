/**
 * `uptrends-etl query` as an analyst runs it (issue 16, issue 17 #11): a refused write exits 2
 * before the warehouse is touched; terminal control sequences from monitored sites never reach the
 * terminal in table format; csv is formula-guarded; json is one object a line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const HOSTILE = '\u001b]0;owned\u0007\u001b[2J\u001b[31mred\u001b[0m\r\nsecond line';
let tdb: TestDatabase;
let cwd: string;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await sql`insert into uptrends.etl_run (command) values ('sync')`.execute(tdb.warehouse.db);
  await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
            values ('a', 'UTC', true, 'api', 1)`.execute(tdb.warehouse.db);
  await sql`insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, config_hash, raw, run_id)
            values ('a', '10000000-0000-4000-8000-000000000001', ${HOSTILE}, 'Https', 'Production', 'h', '{}', 1),
                   ('a', '10000000-0000-4000-8000-000000000002', '=HYPERLINK("http://evil.example","x")', 'Https', 'Production', 'h', '{}', 1)`.execute(
    tdb.warehouse.db,
  );
  await tdb.release();
  cwd = mkdtempSync(path.join(os.tmpdir(), 'query-cli-'));
});
afterAll(async () => {
  await tdb.drop();
  rmSync(cwd, { recursive: true, force: true });
});

const query = (args: string[]) => runCli(['query', ...args], tdb.env, cwd);

describe('uptrends-etl query (spawned)', () => {
  it('prints a table without any control character from the data', async () => {
    const result = await query([
      '--format',
      'table',
      'select name from uptrends.monitor order by monitor_guid',
    ]);
    expect(result.code, result.stderr).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stdout).toContain('\uFFFD]0;owned\uFFFD\uFFFD[2J\uFFFD[31mred\uFFFD[0m  second line');
    expect(result.stdout).toMatch(/\(2 rows\)/);
  });

  it('json: one object a line, the text exactly as stored', async () => {
    const result = await query([
      '--format',
      'json',
      'select name from uptrends.monitor order by monitor_guid',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { name: string }).name)).toEqual([
      HOSTILE,
      '=HYPERLINK("http://evil.example","x")',
    ]);
  });

  it('csv: a formula-looking value is guarded', async () => {
    const result = await query(['--format', 'csv', "select name from uptrends.monitor where name like '=%'"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[1]).toMatch(/^"?'=HYPERLINK/);
  });

  it('a write is refused with exit 2 and says why', async () => {
    const result = await query(['commit; create table uptrends.pwned (x int)']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/query refused: one statement at a time/);
    const check = await query(["select count(*) as n from pg_tables where tablename = 'pwned'"]);
    expect(check.stdout).toMatch(/\b0\b/);
  });
});
