/**
 * `uptrends-etl serve` (issue 16): the embedded warehouse reached by a real Postgres client and by
 * psql while serve holds it; sessions read-only; a command that needs the directory meanwhile gets
 * the lock refusal (exit 6); SIGTERM releases it; a Postgres warehouse is refused (exit 2).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../src/load/db.ts';
import { migrate } from '../../../src/load/migrate.ts';
import { spawnCli, type SpawnedCli } from '../../support/reliability-cli.ts';
import { runCli } from '../../support/run-cli.ts';

const M1 = '10000000-0000-4000-8000-000000000001';
let dir: string;
let env: Record<string, string>;
let serve: SpawnedCli;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-cli-'));
  env = { UPTRENDS_ETL_DATA_DIR: path.join(dir, 'warehouse') };
  const warehouse = await openWarehouse({ dataDir: env.UPTRENDS_ETL_DATA_DIR });
  await migrate(warehouse.db);
  await sql
    .raw(
      `
    insert into uptrends.etl_run (command) values ('sync');
    insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, config_hash, raw, run_id)
      values ('a', '${M1}', 'Shop', 'Https', 'Production', 'h', '{}', 1);
    insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at, alert_count, reminder_count, last_alert_at, run_id)
      values ('a', '${M1}', 'k1', '2025-10-10T10:00:00Z', '2025-10-10T11:00:00Z', 2, 0, '2025-10-10T11:00:00Z', 1);
  `,
    )
    .execute(warehouse.db);
  await warehouse.close();
  serve = spawnCli(['serve', '--port', '0', '--json'], env, 120_000, dir);
  await serve.waitFor(/"result":"serve"/);
  // The result line names the port it really listens on (--port 0 picks a free one).
  const line = serve
    .output()
    .stdout.split('\n')
    .find((l) => l.includes('"result":"serve"'))!;
  port = (JSON.parse(line) as { port: number }).port;
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('uptrends-etl serve (spawned)', () => {
  it('a pg client reads uptrends.v_incident from the embedded warehouse', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const rows = await client.query<{ monitor_guid: string; incident_key: string }>(
        'select monitor_guid::text as monitor_guid, incident_key from uptrends.v_incident',
      );
      expect(rows.rows).toEqual([{ monitor_guid: M1, incident_key: 'k1' }]);
      await expect(client.query('create table uptrends.pwned (x int)')).rejects.toThrow(
        /read-only transaction/,
      );
    } finally {
      await client.end();
    }
  });

  it('psql connects too (when installed)', (ctx) => {
    if (spawnSync('psql', ['--version']).status !== 0) ctx.skip();
    const result = spawnSync(
      'psql',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-At',
        '-c',
        'select count(*) from uptrends.monitor',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('1');
  });

  it('another command that needs the directory meanwhile is refused with exit 6', async () => {
    const result = await runCli(['query', 'select 1'], env, dir);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/in use by another uptrends-etl process/);
  });

  it('refuses a Postgres warehouse with exit 2', async () => {
    const result = await runCli(
      ['serve', '--port', '0'],
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' },
      dir,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/connect to that Postgres server directly/);
  });

  it('SIGTERM stops it and releases the warehouse', async () => {
    process.kill(serve.pid!, 'SIGTERM');
    const stopped = await serve.done;
    expect(stopped.stderr).not.toMatch(/this is a bug/i);
    const after = await runCli(
      ['query', '--format', 'json', 'select count(*)::int as n from uptrends.monitor'],
      env,
      dir,
    );
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout.trim()).toBe('{"n":1}');
  });
});
