/**
 * `uptrends-etl serve` (issue 16): the embedded warehouse reached by a real Postgres client and by
 * psql while serve holds it; sessions read-only; a command that needs the directory meanwhile gets
 * the lock refusal (exit 6); SIGTERM releases it; a Postgres warehouse is refused (exit 2).
 * Issue 32: no client can switch the read-only default off or write (finding 6: any client could,
 * and what it changed stayed), COPY TO PROGRAM is refused instead of hanging serve for everyone
 * (finding 5), a statement past --timeout is ended and the next client is served (the engine
 * could not be interrupted), and a port in use exits 2. The fuzz test is serve-fuzz.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { migrate } from '../../../src/load/migrate.ts';
import { spawnCli, type SpawnedCli } from '../../support/reliability-cli.ts';
import { runCli } from '../../support/run-cli.ts';

const M1 = '10000000-0000-4000-8000-000000000001';
let dir: string;
let env: Record<string, string>;
let serve: SpawnedCli;
let serveExited = false;
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
  serve = spawnCli(['serve', '--port', '0', '--json', '--timeout', '3'], env, 180_000, dir);
  void serve.done.then(() => (serveExited = true));
  await serve.waitFor(/"result":"serve"/);
  // The result line names the port it really listens on (--port 0 picks a free one).
  const line = serve
    .output()
    .stdout.split('\n')
    .find((l) => l.includes('"result":"serve"'))!;
  port = (JSON.parse(line) as { port: number }).port;
}, 120_000);

afterAll(() => {
  // A test that failed before SIGTERM must not leave serve running.
  if (serve.pid !== undefined && !serveExited) {
    try {
      process.kill(serve.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A connected pg client of serve. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** What a write would have changed: the read-only default, the tables, the ledger. */
async function warehouseState(client: pg.Client): Promise<unknown> {
  const one = async (text: string): Promise<unknown> => (await client.query(text)).rows;
  return {
    readOnly: await one('show default_transaction_read_only'),
    tables: await one(`select count(*)::int as n from pg_tables where schemaname = 'uptrends'`),
    runs: await one('select count(*)::int as n, max(run_id)::int as max from uptrends.etl_run'),
  };
}

describe('uptrends-etl serve (spawned)', () => {
  it('a pg client reads uptrends.v_incident from the embedded warehouse', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const rows = await client.query<{ monitor_guid: string; incident_key: string }>(
        'select monitor_guid::text as monitor_guid, incident_key from uptrends.v_incident',
      );
      expect(rows.rows).toEqual([{ monitor_guid: M1, incident_key: 'k1' }]);
      await expect(client.query('create table uptrends.pwned (x int)')).rejects.toThrow(/not CREATE/);
      // serve's engine thread starts with the tool's engine settings (engine-settings.ts).
      expect((await client.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await client.end();
    }
  });

  it.each([
    ['set transaction read write', /READ WRITE/],
    ['begin read write', /READ WRITE/],
    ['start transaction isolation level serializable, read write', /READ WRITE/],
    ['set default_transaction_read_only = off', /cannot be changed/],
    ['set session characteristics as transaction read write', /READ WRITE/],
    ["select set_config('default_transaction_read_only', 'off', false)", /set_config\(\)/],
    ['reset all', /cannot be changed/],
    ['discard all', /not DISCARD/],
    ['drop table uptrends.report_delivery', /not DROP/],
    ["copy (select 1) to program 'touch /tmp/uptrends-etl-serve-pwned'", /not COPY/],
    ['select pg_stat_reset()', /pg_stat_reset\(\)/],
    ["select pg_logical_emit_message(true, 'p', 'x')", /pg_logical_emit_message\(\)/],
    ['commit; drop table uptrends.monitor', /one statement at a time/],
  ])('finding 6: %s is refused, and nothing changes', async (text, reason) => {
    const client = await connect();
    try {
      const before = await warehouseState(client);
      await expect(client.query(text)).rejects.toThrow(reason);
      // The same through the extended protocol (a statement with a parameter is parsed, bound, run).
      await expect(client.query({ text: `${text} -- $1`, values: [1] })).rejects.toThrow(reason);
      await expect(client.query('create table uptrends.pwned (x int)')).rejects.toThrow(/not CREATE/);
      expect(await warehouseState(client)).toEqual(before);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('finding 6: a write hidden in a reading statement fails in the engine, which stays read-only', async () => {
    const client = await connect();
    try {
      await expect(client.query('explain analyze delete from uptrends.monitor')).rejects.toThrow(
        /read-only transaction/,
      );
      await client.query('begin isolation level repeatable read');
      await expect(client.query("select nextval('uptrends.etl_run_run_id_seq')")).rejects.toThrow(
        /nextval\(\)/,
      );
      await client.query('rollback');
      expect((await client.query('show default_transaction_read_only')).rows).toEqual([
        { default_transaction_read_only: 'on' },
      ]);
    } finally {
      await client.end();
    }
  });

  it('session statements of psql and BI tools run: transactions, cursors, display settings', async () => {
    const client = await connect();
    try {
      await client.query("set application_name = 'report tool'");
      await client.query('begin read only');
      await client.query('declare c cursor for select g from generate_series(1, 5) g');
      expect((await client.query('fetch 2 from c')).rows).toEqual([{ g: 1 }, { g: 2 }]);
      await client.query('close c');
      await client.query('commit');
      expect((await client.query({ text: 'select $1::int + 1 as n', values: [41] })).rows).toEqual([
        { n: 42 },
      ]);
    } finally {
      await client.end();
    }
  });

  it('finding 5 and the timeout: a statement past --timeout is ended, and the next client is served', async () => {
    const stuck = await connect();
    const started = Date.now();
    await expect(stuck.query('select count(*) from generate_series(1, 2000000000)')).rejects.toThrow(
      /statement timeout/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await connect();
    try {
      expect((await next.query('select count(*)::int as n from uptrends.monitor')).rows).toEqual([{ n: 1 }]);
    } finally {
      await next.end();
      await stuck.end().catch(() => undefined);
    }
  });

  it('a CancelRequest (psql on Ctrl+C) ends the running statement at once', async () => {
    const running = await connect();
    const key = running as unknown as { processID: number; secretKey: number };
    const pending = running.query('select count(*) from generate_series(1, 2000000000)');
    pending.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    await new Promise<void>((resolve, reject) => {
      const socket = connectTcp(port, '127.0.0.1', () => {
        const request = Buffer.alloc(16);
        request.writeInt32BE(16, 0);
        request.writeInt32BE(80_877_102, 4);
        request.writeInt32BE(key.processID, 8);
        request.writeInt32BE(key.secretKey, 12);
        socket.end(request);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await expect(pending).rejects.toThrow(/canceling statement due to user request/);
    expect(Date.now() - sent).toBeLessThan(2_000);
    await running.end().catch(() => undefined);
    const next = await connect();
    expect((await next.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await next.end();
  });

  it('a client that keeps a transaction open without a message is disconnected after --timeout; others are served', async () => {
    const idle = await connect();
    await idle.query('begin');
    const other = await connect();
    try {
      const started = Date.now();
      expect((await other.query('select 7 as n')).rows).toEqual([{ n: 7 }]);
      expect(Date.now() - started).toBeGreaterThan(2_000);
      await expect(idle.query('select 1')).rejects.toThrow();
    } finally {
      await other.end();
      await idle.end().catch(() => undefined);
    }
  });

  it('finding 12: a second serve on the port in use exits 2 and says so', async () => {
    const result = await runCli(
      ['serve', '--port', String(port), '--data-dir', path.join(dir, 'other')],
      {},
      dir,
      30_000,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /127\.0\.0\.1:\d+ is in use by another program: choose another with --port/,
    );
    expect(result.stderr).not.toMatch(/this is a bug/);
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
    // Issue 41, item 9: it names serve, its pid and address, and how to go on (before: a pid only).
    expect(result.stderr).toContain(
      `is held by uptrends-etl serve (pid ${serve.pid}, listening on 127.0.0.1:${port}). Stop it`,
    );
    expect(result.stderr).toContain(`kill ${serve.pid}`);
    expect(result.stderr).toContain(`psql postgres://postgres@127.0.0.1:${port}/postgres`);
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

  it('SIGINT stops it within a second while a statement runs, and releases the warehouse', async () => {
    // The engine is busy (it ignored signals in the main thread before); serve still stops at once.
    const busy = await connect();
    busy.query('select count(*) from generate_series(1, 2000000000)').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    process.kill(serve.pid!, 'SIGINT');
    const stopped = await serve.done;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(stopped.stderr).not.toMatch(/this is a bug/i);
    const after = await runCli(
      ['query', '--format', 'json', 'select count(*)::int as n from uptrends.monitor'],
      env,
      dir,
    );
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout.trim()).toBe('{"n":1}');
    await busy.end().catch(() => undefined);
  });
});
