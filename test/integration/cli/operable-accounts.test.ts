/**
 * Issue 43 with several accounts: each account's job is its own check (`ping_url_env`) beside the
 * whole job's, and the long-running worker serves `/metrics` (Postgres, where the queue lives).
 * Real CLI processes, the simulator with two accounts and a ping server (node:http).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { BIN, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { startPingRecorder, type PingRecorder } from '../../support/ping-recorder.ts';
import { freePort, sample } from '../../support/prometheus-tools.ts';

const ACCOUNTS = ['north', 'south'];

let dir: string;
let tdb: TestDatabase;
let sim: RunningSimulator;
let job: PingRecorder;
const checks: Record<string, PingRecorder> = {};
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'operable-accounts-'));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 43, monitors: 2, days: 3, accounts: 2 });
  job = await startPingRecorder();
  env = { ...tdb.env, UPTRENDS_API_URL: sim.apiUrl, UPTRENDS_ETL_PING_URL: job.url };
  const lines = ['accounts:'];
  for (const [i, a] of sim.accounts.entries()) {
    const name = ACCOUNTS[i]!;
    checks[name] = await startPingRecorder();
    lines.push(
      `  - { name: ${name}, username_env: SIM_USER_${i}, password_env: SIM_PASSWORD_${i}, ping_url_env: ${name.toUpperCase()}_PING }`,
    );
    env[`SIM_USER_${i}`] = a.credentials.username;
    env[`SIM_PASSWORD_${i}`] = a.credentials.password;
    env[`${name.toUpperCase()}_PING`] = checks[name].url;
  }
  writeFileSync(path.join(dir, 'uptrends-etl.yaml'), `${lines.join('\n')}\n`);
}, 120_000);

afterAll(async () => {
  await Promise.all([sim?.close(), job?.close(), ...Object.values(checks).map((c) => c.close())]);
  await tdb?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const paths = (recorder: PingRecorder): string[] =>
  recorder.pings.map((p) => p.path.replace(recorder.token, '<token>'));
const clear = (): void => {
  for (const r of [job, ...Object.values(checks)]) r.pings.length = 0;
};

describe('one check per account', () => {
  it('south refused, north good: each account pings its own outcome, the job /fail with exit 8', async () => {
    clear();
    const result = await runCli(['sync', '--streams', 'monitors'], { ...env, SIM_PASSWORD_1: 'not-it' }, dir);
    expect(result.code, result.stderr).toBe(8);
    expect(paths(checks.north!)).toEqual(['/ping/<token>/start', '/ping/<token>']);
    expect(paths(checks.south!)).toEqual(['/ping/<token>/start', '/ping/<token>/fail']);
    expect(paths(job)).toEqual(['/ping/<token>/start', '/ping/<token>/fail']);
    // The refused account alone would have exited 4 (credentials refused).
    expect(checks.south!.pings[1]!.body).toContain('uptrends-etl sync: failed, exit code 4');
    expect(checks.south!.pings[1]!.body).toMatch(/error: \[API_AUTH_FAILED\]/);
    expect(checks.north!.pings[1]!.body).toContain('account north: succeeded');
    expect(checks.north!.pings[1]!.body).not.toContain('south');
    expect(job.pings[1]!.body).toContain('uptrends-etl sync: failed, exit code 8');
    expect(job.pings[1]!.body).toMatch(/account north: succeeded, run \d+/);
    expect(job.pings[1]!.body).toContain('account south: failed, exit code 4');
    for (const p of [...job.pings, ...checks.south!.pings]) expect(p.body).not.toContain('not-it');
  }, 120_000);
});

describe('worker --metrics-port (Postgres)', () => {
  it('serves its jobs, the queue and the last runs on loopback, and pings after each job', async (context) => {
    if (tdb.backend !== 'postgres') return context.skip();
    clear();
    const port = await freePort();
    const worker = spawn(process.execPath, [BIN, 'worker', '--metrics-port', String(port)], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    worker.stderr.on('data', (c: Buffer) => (log += c.toString()));
    const stopped = new Promise<number | null>((resolve) => worker.on('close', resolve));
    let text = '';
    try {
      const nightly = await runCli(
        ['nightly', '--queue', '--report-on', 'never', '--streams', 'monitors'],
        env,
        dir,
        150_000,
      );
      expect(nightly.code, nightly.stderr.slice(-2000)).toBe(0);
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      text = await response.text();
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await stopped, log.slice(-2000)).toBe(0);
    expect(log).toContain(`metrics served on http://127.0.0.1:${port}/metrics`);
    // One job per account and stream: two, both done; nothing left waiting.
    expect(sample(text, 'uptrends_etl_worker_jobs_total', { status: 'done' })).toBe(2);
    expect(sample(text, 'uptrends_etl_worker_jobs_total', { status: 'failed' })).toBe(0);
    expect(sample(text, 'uptrends_etl_worker_jobs_queued', {})).toBe(0);
    for (const [i, account] of ACCOUNTS.entries()) {
      // Each simulated account serves its own number of monitors; the monitors stream reads them all.
      expect(sample(text, 'uptrends_etl_last_run_records_read', { account, stream: 'monitors' })).toBe(
        sim.accounts[i]!.monitors,
      );
      expect(
        sample(text, 'uptrends_etl_last_success_timestamp_seconds', { account, stream: 'monitors' }),
      ).toBeGreaterThan(0);
    }
    // The worker's check: start, a success per job; each account's check its own job's success.
    expect(paths(job).filter((p) => p.endsWith('/start')).length).toBeGreaterThanOrEqual(2); // worker and nightly
    expect(paths(job).filter((p) => p === '/ping/<token>').length).toBeGreaterThanOrEqual(3); // 2 jobs + nightly
    for (const account of ACCOUNTS)
      expect(checks[account]!.pings.map((p) => p.body).join('\n')).toContain(`  monitors: succeeded`);
  }, 180_000);
});
