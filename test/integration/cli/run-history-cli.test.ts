/**
 * Issue 33, "Runs you can read": a nightly's queue jobs appear in `status` under their nightly (one
 * line, the jobs counted) and one by one with `status --run <id>`, not as ~60 runs of their own.
 * - Both backends: a ledger written as a queued nightly writes it (a nightly run with its batch,
 *   its jobs' worker runs with retried attempts, a worker run of a batch without a nightly row),
 *   read through the CLI.
 * - Postgres (the queue lives there): a real `nightly --queue` with a spawned `worker`; the
 *   worker's JSON log lines carry the key "stream" once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { BIN, jsonLines, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const STREAMS = ['monitor_groups', 'monitors', 'alerts'];
const ACCOUNTS = ['north', 'south'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'run-history-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("status folds a queued nightly's jobs into it (ledger as a queued nightly writes it)", () => {
  let tdb: TestDatabase;
  let nightlyId: number;

  beforeAll(async () => {
    tdb = await createTestDatabase({ onDisk: true });
    const db = tdb.warehouse.db;
    const run = async (command: string, status: string, options: object): Promise<number> =>
      (
        await sql<{ run_id: number }>`insert into uptrends.etl_run (command, status, options, finished_at)
          values (${command}, ${status}, ${JSON.stringify(options)}::jsonb, now()) returning run_id`.execute(
          db,
        )
      ).rows[0]!.run_id;
    await run('sync', 'succeeded', { streams: ['monitors'] });
    nightlyId = await run('nightly', 'succeeded', { queue: true, batch: 'b-1', accounts: ACCOUNTS });
    for (const account of ACCOUNTS) {
      for (const stream of STREAMS) {
        const job = { account, streams: [stream], job: { batch: 'b-1', jobId: '1', worker: 'w' } };
        // One job tried twice: interrupted, then succeeded; it counts once, by its latest attempt.
        if (account === 'north' && stream === 'alerts') await run('worker', 'interrupted', job);
        await run('worker', account === 'south' && stream === 'alerts' ? 'failed' : 'succeeded', job);
      }
    }
    // A worker run whose nightly is not in the ledger (an older version queued it) stays listed.
    await run('worker', 'succeeded', { account: 'north', streams: ['slas'], job: { batch: 'old' } });
    await tdb.release();
  }, 120_000);
  afterAll(async () => tdb.drop());

  it('one line for the nightly with its jobs counted; the worker runs are not listed', async () => {
    const result = await runCli(['status', '--runs', '20'], tdb.env, dir);
    expect(result.code, result.stderr).toBe(0);
    const status = jsonLines(result.stdout).find((l) => l.result === 'status')!;
    const runs = status.runs as { command: string; runId: number; jobs: unknown }[];
    expect(runs.map((r) => r.command)).toEqual(['worker', 'nightly', 'sync']);
    expect(runs.find((r) => r.command === 'nightly')!.jobs).toEqual({
      total: 6,
      succeeded: 5,
      failed: 1,
      running: 0,
      other: 0,
    });
    const text = await runCli(['status', '--no-json'], tdb.env, dir);
    expect(text.stdout).toContain(
      `6 queue job(s): 5 succeeded, 1 failed; uptrends-etl status --run ${nightlyId} lists them`,
    );
  }, 60_000);

  it('status --run <id> lists each attempt of its jobs; an unknown id exits 2', async () => {
    const result = await runCli(['status', '--no-json', '--run', String(nightlyId)], tdb.env, dir);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`run #${nightlyId}:`);
    expect(lines.filter((l) => /^ +#\d+ worker (north|south) /.test(l))).toHaveLength(7);
    expect(result.stdout).toMatch(/#\d+ worker north alerts interrupted /);
    expect(result.stdout).toMatch(/#\d+ worker south alerts failed /);
    const unknown = await runCli(['status', '--run', '99999'], tdb.env, dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no run 99999 in the ledger');
  }, 60_000);
});

describe('a real nightly --queue (Postgres)', () => {
  let tdb: TestDatabase | undefined;
  let sim: RunningSimulator;
  let env: Record<string, string>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    if (db.backend !== 'postgres') return db.drop();
    tdb = db;
    sim = await startSimulator({ seed: 33, monitors: 2, days: 4, accounts: 2 });
    env = { ...db.env, UPTRENDS_API_URL: sim.apiUrl };
    const lines = ['accounts:'];
    sim.accounts.forEach((a, i) => {
      lines.push(
        `  - { name: ${ACCOUNTS[i]!}, username_env: SIM_USER_${i}, password_env: SIM_PASSWORD_${i} }`,
      );
      env[`SIM_USER_${i}`] = a.credentials.username;
      env[`SIM_PASSWORD_${i}`] = a.credentials.password;
    });
    writeFileSync(path.join(dir, 'uptrends-etl.yaml'), `${lines.join('\n')}\n`);
  }, 120_000);
  afterAll(async () => {
    if (tdb === undefined) return;
    await sim.close();
    await tdb.drop();
    rmSync(path.join(dir, 'uptrends-etl.yaml'), { force: true });
  });

  it('is one run in status with its jobs; worker log lines carry "stream" once', async (context) => {
    if (tdb === undefined) return context.skip();
    const worker = spawn(process.execPath, [BIN, 'worker', '--log-format', 'json'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    worker.stderr.on('data', (c: Buffer) => (log += c.toString()));
    const stopped = new Promise<number | null>((resolve) => worker.on('close', resolve));
    try {
      const nightly = await runCli(
        ['nightly', '--queue', '--report-on', 'never', '--streams', STREAMS.join(','), '--initial-days', '2'],
        env,
        dir,
        150_000,
      );
      expect(nightly.code, nightly.stderr.slice(-2000)).toBe(0);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await stopped).toBe(0);
    const status = jsonLines((await runCli(['status'], env, dir)).stdout).find((l) => l.result === 'status')!;
    const runs = status.runs as { command: string; status: string; runId: number; jobs: { total: number } }[];
    expect(runs.map((r) => r.command)).toEqual(['nightly']);
    expect(runs[0]!.status).toBe('succeeded');
    expect(runs[0]!.jobs).toMatchObject({ total: 6, succeeded: 6 });
    const detail = await runCli(['status', '--no-json', '--run', String(runs[0]!.runId)], env, dir);
    expect(detail.stdout.split('\n').filter((l) => /^ +#\d+ worker /.test(l))).toHaveLength(6);

    const jobLines = log.split('\n').filter((l) => l.includes('"job":'));
    expect(jobLines.length).toBeGreaterThan(0);
    // Every line of a job names it, its stream included.
    for (const line of jobLines) expect(line).toMatch(/"job":\{"id":"\d+","stream":"[a-z_]+"\}/);
    // The top-level keys (the job's own object set aside): "stream" at most once.
    for (const line of jobLines) {
      const topLevel = line.replace(/"job":\{[^}]*\}/, '');
      expect(topLevel.match(/"stream":/g)?.length ?? 0, line).toBeLessThanOrEqual(1);
    }
  }, 180_000);
});
