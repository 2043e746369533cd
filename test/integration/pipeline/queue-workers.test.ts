/**
 * Issue 18, the kill test (real Postgres only: the queue lives there): 12 simulated accounts, three
 * `worker` processes and `nightly --queue`; one worker is SIGKILLed while it runs a job. Every
 * account's tables equal a clean single-process sync of the same accounts, each (account, stream)
 * job ran to completion exactly once (the killed one's run is closed as interrupted and run again
 * by another worker), and `status` shows every account. SIGTERM stops the other workers cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { resolveAccounts } from '../../../src/config-file/resolve-accounts.ts';
import { silentLogger } from '../../../src/logger.ts';
import { getStatus } from '../../../src/pipeline/get-status.ts';
import { STREAMS } from '../../../src/pipeline/streams/index.ts';
import { syncAccounts } from '../../../src/pipeline/sync-accounts.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { BIN, jsonLines, runCli } from '../../support/run-cli.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const ACCOUNTS = 12;
const NOW = new Date('2025-06-18T09:00:00Z');
const TABLES = [
  'account',
  'monitor',
  'monitor_group',
  'monitor_group_member',
  'maintenance_period',
  'sla',
  'operator',
  'alert',
  'incident',
  'monitor_statistics',
];
const SYNC_FLAGS = ['--initial-days', '4'];

const postgres = inject('testDb').backend === 'postgres';
let queued: TestDatabase;
let reference: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  if (!postgres) return;
  [queued, reference] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  // Latency keeps jobs running long enough for a worker to be killed inside one.
  sim = await startSimulator({ seed: 21, monitors: 4, days: 6, now: NOW, accounts: ACCOUNTS, latencyMs: 15 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-queue-'));
  const lines = ['accounts:'];
  env = { ...queued.env, UPTRENDS_API_URL: sim.apiUrl, UPTRENDS_ETL_LOG_FORMAT: 'json' };
  sim.accounts.forEach((a, i) => {
    lines.push(
      `  - { name: acct-${i + 1}, username_env: SIM_USER_${i + 1}, password_env: SIM_PASSWORD_${i + 1} }`,
    );
    env[`SIM_USER_${i + 1}`] = a.credentials.username;
    env[`SIM_PASSWORD_${i + 1}`] = a.credentials.password;
  });
  writeFileSync(path.join(dir, 'uptrends-etl.yaml'), `${lines.join('\n')}\n`);
  // The clean reference: every account synced in this process, one after another.
  const accounts = resolveAccounts(
    { ...env, ...reference.env },
    parseConfigFile(lines.join('\n'), 'uptrends-etl.yaml'),
  );
  const outcomes = await syncAccounts(
    accounts,
    { ...DEFAULT_SYNC_OPTIONS, initialDays: 4 },
    {
      logger: silentLogger(),
      command: 'nightly',
    },
  );
  expect(outcomes.every((o) => o.summary?.status === 'succeeded')).toBe(true);
}, 180_000);

afterAll(async () => {
  if (!postgres) return;
  await sim.close();
  await queued.drop();
  await reference.drop();
  rmSync(dir, { recursive: true, force: true });
});

function startWorker(): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string }> } {
  const child = spawn(process.execPath, [BIN, 'worker', '--stale-after', '5'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.resume();
  const done = new Promise<{ code: number | null; stdout: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout })),
  );
  return { child, done };
}

describe.runIf(postgres)('nightly --queue with three workers, one of them killed', () => {
  it('completes every job once, equals a clean sync, and status shows every account', async () => {
    const workers = [startWorker(), startWorker(), startWorker()];
    const nightly = runCli(['nightly', '--queue', '--report-on', 'never', ...SYNC_FLAGS], env, dir, 150_000);
    // Kill the worker of the first job seen running (its pid from the worker registry).
    const db = queued.warehouse.db;
    let killed: string | undefined;
    for (let i = 0; i < 600 && killed === undefined; i++) {
      const running = await sql<{ worker_id: string; pid: number }>`
        select w.worker_id, w.pid from uptrends.etl_run r
        join uptrends.etl_worker w on w.worker_id = r.options->'job'->>'worker'
        where r.status = 'running' limit 1`
        .execute(db)
        .catch(() => ({ rows: [] }));
      const hit = running.rows[0];
      if (hit !== undefined) {
        const victim = workers.find((w) => w.child.pid === hit.pid);
        if (victim !== undefined) {
          victim.child.kill('SIGKILL');
          killed = hit.worker_id;
        }
      }
      if (killed === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(killed, 'no worker was caught running a job').toBeDefined();
    const result = await nightly;
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(jsonLines(result.stdout).filter((l) => l.result === 'nightly')).toHaveLength(ACCOUNTS);

    // Each (account, stream) job of the batch ran to completion exactly once.
    const runs = await sql<{ account: string; stream: string; status: string; worker: string }>`
      select options->>'account' as account, options->'streams'->>0 as stream, status,
        options->'job'->>'worker' as worker
      from uptrends.etl_run where command = 'worker' order by run_id`.execute(db);
    const succeeded = new Map<string, number>();
    for (const r of runs.rows.filter((r) => r.status === 'succeeded')) {
      const key = `${r.account}/${r.stream}`;
      succeeded.set(key, (succeeded.get(key) ?? 0) + 1);
    }
    // One job per account and stream of the registry.
    expect(succeeded.size).toBe(ACCOUNTS * STREAMS.length);
    expect([...succeeded.values()].every((n) => n === 1)).toBe(true);
    // The killed worker's run was closed (as crashed by the next process that opened the
    // warehouse, or as interrupted by the worker sweep) and its job done by another worker.
    const interrupted = runs.rows.filter((r) => r.status === 'interrupted' || r.status === 'crashed');
    expect(interrupted.length).toBeGreaterThanOrEqual(1);
    expect(interrupted.every((r) => r.worker === killed)).toBe(true);
    expect(runs.rows.some((r) => r.status === 'running')).toBe(false);

    // Every account's tables equal the clean single-process sync.
    expect(await tableSnapshot(db, TABLES)).toEqual(await tableSnapshot(reference.warehouse.db, TABLES));
    // Watermarks are the clock of each run; the same streams and partitions have one.
    const marks = (w: TestDatabase) =>
      sql<{ k: string }>`select account_id || '/' || stream || '/' || partition as k from uptrends.etl_state
        where watermark is not null order by 1`
        .execute(w.warehouse.db)
        .then((r) => r.rows.map((row) => row.k));
    expect(await marks(queued)).toEqual(await marks(reference));

    const status = await getStatus(queued.warehouse);
    expect(status.accounts.map((a) => a.name).sort()).toEqual(
      Array.from({ length: ACCOUNTS }, (_, i) => `acct-${i + 1}`).sort(),
    );
    expect(status.accounts.every((a) => a.lastRun?.status === 'succeeded')).toBe(true);
    expect(new Set(status.accounts.map((a) => a.zone)).size).toBeGreaterThanOrEqual(3);

    // SIGTERM stops the surviving workers cleanly; they leave the registry.
    const survivors = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    expect(survivors).toHaveLength(2);
    for (const w of survivors) w.child.kill('SIGTERM');
    for (const w of survivors) {
      const { code, stdout } = await w.done;
      expect(code).toBe(0);
      expect(jsonLines(stdout).find((l) => l.result === 'worker')).toBeDefined();
    }
    const left = await sql<{ n: number }>`select count(*)::int as n from uptrends.etl_worker`.execute(db);
    // The killed worker's row was swept; the others removed theirs.
    expect(left.rows[0]!.n).toBe(0);
  }, 180_000);

  it('worker refuses the embedded PGlite warehouse with exit code 2', async () => {
    const pglite = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-pglite-'));
    try {
      const result = await runCli(['worker'], { UPTRENDS_ETL_DATA_DIR: pglite }, dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/worker needs the Postgres warehouse \(DATABASE_URL\)/);
    } finally {
      rmSync(pglite, { recursive: true, force: true });
    }
  });
});
