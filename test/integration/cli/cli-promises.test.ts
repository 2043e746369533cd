/**
 * The CLI keeps its word, spawned as a user runs it: options are honoured (`nightly --streams`),
 * the same failure has the same exit code in every command (`check` like `sync`), results are
 * JSON lines when stdout is not a terminal and text with --no-json, logs follow NO_COLOR and
 * FORCE_COLOR, and text `status` says which stream failed and why.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { jsonLines, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  // The CLI runs on the system clock, so the simulator's clock is now too.
  sim = await startSimulator({ seed: 8, monitors: 4, days: 35 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'cli-promises-'));
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (password = sim.credentials.password): Record<string, string> => ({
  UPTRENDS_API_URL: sim.apiUrl,
  UPTRENDS_USERNAME: sim.credentials.username,
  UPTRENDS_PASSWORD: password,
});

/** The start of an ANSI escape sequence (colours). */
const ANSI = '\u001b[';

describe('options are honoured', () => {
  it('nightly --streams slas runs slas only, and says so as JSON lines on stdout and stderr', async () => {
    const result = await runCli(
      ['nightly', '--streams', 'slas', '--report-on', 'never'],
      { ...tdb.env, ...api() },
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    const lines = jsonLines(result.stdout);
    const sync = lines.find((l) => l.result === 'sync')!;
    expect(Object.keys(sync.streams as object)).toEqual(['slas']);
    expect(lines.find((l) => l.result === 'nightly')).toMatchObject({ status: 'succeeded', deliveries: 0 });
    // Logs are JSON lines too: a cron log that takes both streams holds one format.
    const logs = jsonLines(result.stderr);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => typeof l.level === 'string')).toBe(true);

    const warehouse = await tdb.reopen();
    const run = await warehouse.db
      .selectFrom('etl_run')
      .select(['options', 'stream_counts'])
      .where('run_id', '=', sync.runId as number)
      .executeTakeFirstOrThrow();
    expect(Object.keys(run.stream_counts as object)).toEqual(['slas']);
    await tdb.release();
  }, 120_000);

  it('--no-json prints text results where stdout is not a terminal; --json the JSON lines', async () => {
    const text = await runCli(['status', '--no-json'], tdb.env, dir);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^warehouse: .+\nrecent runs:\n/);
    const json = await runCli(['--json', 'status', '--runs', '1'], tdb.env, dir);
    const [status, ...rest] = jsonLines(json.stdout);
    expect(rest).toEqual([]);
    expect(status).toMatchObject({ result: 'status' });
    expect(status!.runs).toHaveLength(1);
  });
});

describe('the same failure has the same exit code in every command', () => {
  it('no API credentials: check exits 2 naming UPTRENDS_USERNAME, like sync', async () => {
    const check = await runCli(['check'], tdb.env, dir);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('UPTRENDS_USERNAME');
    expect(jsonLines(check.stdout).map((l) => [l.name, l.status])).toEqual([
      ['warehouse reachable', 'ok'],
      ['warehouse migrated', 'ok'],
      ['API credentials', 'failed'],
      ['infra API credentials', 'skipped'],
    ]);
    const sync = await runCli(['sync'], tdb.env, dir);
    expect(sync.code).toBe(2);
    expect(sync.stderr).toContain('UPTRENDS_USERNAME');
  });

  it('refused credentials: check and sync both exit 4', async () => {
    const env = { ...tdb.env, ...api('not-the-password') };
    const check = await runCli(['check'], env, dir);
    expect(check.code, check.stderr).toBe(4);
    expect(check.stderr).toContain('API_AUTH_FAILED');
    const sync = await runCli(['sync', '--streams', 'timezones'], env, dir);
    expect(sync.code, sync.stderr).toBe(4);
  });

  it('refused credentials on a fresh embedded path: sync and nightly exit 4 and create no warehouse', async () => {
    // Issue 41, item 11: before, the warehouse was created and every migration applied (17 s),
    // and only then were the credentials refused.
    for (const command of [['sync'], ['nightly', '--no-mail']]) {
      const fresh = path.join(dir, `fresh-${command[0]}`);
      const result = await runCli(command, { ...api('not-the-password'), UPTRENDS_ETL_DATA_DIR: fresh }, dir);
      expect(result.code, `${command[0]}: ${result.stderr}`).toBe(4);
      expect(result.stderr).toContain('API_AUTH_FAILED');
      expect(existsSync(fresh), `${command[0]} created ${fresh}`).toBe(false);
    }
  }, 120_000);

  it('refused credentials on an existing warehouse: the failed run is recorded', async () => {
    const env = { ...tdb.env, ...api('not-the-password') };
    const sync = await runCli(['sync', '--streams', 'timezones'], env, dir);
    expect(sync.code, sync.stderr).toBe(4);
    const status = await runCli(['status', '--no-json', '--runs', '1'], tdb.env, dir);
    expect(status.stdout).toMatch(/#\d+ sync failed /);
  });

  it('a host name that does not resolve: exit 4, "could not be resolved"', async () => {
    const check = await runCli(
      ['check', '--no-json'],
      { ...tdb.env, ...api(), UPTRENDS_API_URL: 'http://uptrends-etl-test.invalid/v4' },
      dir,
    );
    expect(check.code).toBe(4);
    expect(check.stderr).toMatch(/host name could not be resolved/);
    expect(check.stdout).toMatch(/^failed +API credentials: .*could not be resolved/m);
  });

  it('a warehouse with pending migrations: check exits 3', async () => {
    // An embedded warehouse that exists but was never migrated (check creates none: issue 33).
    const fresh = path.join(dir, 'unmigrated');
    await (await PGlite.create(fresh)).close();
    const check = await runCli(['check'], { ...api(), UPTRENDS_ETL_DATA_DIR: fresh }, dir);
    expect(check.code, check.stderr).toBe(3);
    expect(check.stderr).toMatch(/pending migration/);
  }, 120_000);
});

describe('status and colours', () => {
  it('text status names the failed stream and the reason of a failed run', async () => {
    sim.setFaults('outage=/Monitor$');
    try {
      const failed = await runCli(['sync', '--streams', 'monitors'], { ...tdb.env, ...api() }, dir);
      expect(failed.code).toBe(4);
    } finally {
      sim.setFaults(undefined);
    }
    const status = await runCli(['status', '--no-json', '--runs', '1'], tdb.env, dir);
    expect(status.stdout).toMatch(/#\d+ sync failed /);
    expect(status.stdout).toMatch(/^ +stream monitors failed: .*\/Monitor/m);
  }, 120_000);

  it('pretty logs are coloured with FORCE_COLOR only, and never with NO_COLOR', async () => {
    const args = ['sync', '--streams', 'timezones', '--log-format', 'pretty'];
    const env = { ...tdb.env, ...api() };
    const plain = await runCli(args, env, dir);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/INFO/);
    expect(plain.stderr).not.toContain(ANSI);
    const forced = await runCli(args, { ...env, FORCE_COLOR: '1' }, dir);
    expect(forced.stderr).toContain(ANSI);
    const none = await runCli(args, { ...env, FORCE_COLOR: '1', NO_COLOR: '1' }, dir);
    expect(none.stderr).toMatch(/INFO/);
    expect(none.stderr).not.toContain(ANSI);
  }, 120_000);
});
