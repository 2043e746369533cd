/**
 * Issue 18: `nightly --queue` over 40 accounts on a latency-bound simulator (every answer 50 ms
 * late), with 1, 2 and 4 `worker` processes on this machine. Prints the wall time of the nightly
 * per worker count, the speed-up against one worker (targets: >= 1.8x at 2, >= 3x at 4: the median
 * of interleaved rounds, with its spread) and the queue's own time per job (target: <= 20 ms).
 *
 * Queue time per job: on each worker, the gap between the end of one job and the start of its next
 * (the workers log both instants of every job), averaged over the gaps where jobs were waiting, so
 * it is graphile-worker's completing, fetching and dispatching, not the sync itself. Every worker
 * count starts from an empty warehouse; the compiled build runs, as a user runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { postgresCpuMs, postmasterPid, processCpuMs } from '../process-cpu.ts';
import { REPO_ROOT } from '../repo-root.ts';
import { buildCompiled } from '../run-cli.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchWarehouse } from '../scratch-warehouse.ts';
import { pairRatios, spreadText } from '../side-by-side.ts';

const NAME = 'queue-workers';
const BIN = path.join(REPO_ROOT, 'bin/uptrends-etl.js');
/** Accounts served: 40 in a full run, 12 in a quick one (which must stay near two minutes). */
const accountsOf = (quick: boolean): number => (quick ? 12 : 40);
const LATENCY_MS = 50;
/** Rounds of the three worker counts: 2 in a full run (about a minute each), 1 in a quick one. */
const roundsOf = (quick: boolean): number => (quick ? 1 : 2);
const WORKER_COUNTS = [1, 2, 4] as const;
const TARGET = { speedup2: 1.8, speedup4: 3, queueMsPerJob: 20 };

function child(args: string[], env: Record<string, string>, cwd: string): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(proc: ChildProcess): { out: () => string; err: () => string; done: Promise<number | null> } {
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const done = new Promise<number | null>((resolve) => proc.on('close', resolve));
  return { out: () => out, err: () => err, done };
}

/** Mean gap between consecutive jobs of each worker, from their `jobStart`/`jobEnd` log lines. */
function queueGapMs(logs: readonly string[]): { mean: number; gaps: number } {
  const gaps: number[] = [];
  for (const log of logs) {
    const jobs = log
      .split('\n')
      .filter((line) => line.includes('"jobStart"'))
      .map((line) => JSON.parse(line) as { jobStart: number; jobEnd: number })
      .sort((a, b) => a.jobStart - b.jobStart);
    for (let i = 1; i < jobs.length; i++) gaps.push(jobs[i]!.jobStart - jobs[i - 1]!.jobEnd);
  }
  // The last gaps of a worker may be idle time once the queue ran dry: the slowest tenth is left out.
  const kept = [...gaps].sort((a, b) => a - b).slice(0, Math.max(1, Math.floor(gaps.length * 0.9)));
  return { mean: kept.reduce((s, g) => s + g, 0) / Math.max(1, kept.length), gaps: kept.length };
}

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  buildCompiled();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'));
  cleanup.add('queue bench folder', () => rmSync(dir, { recursive: true, force: true }));
  // The simulator in its own process, so its work is not this process's.
  const sim = child(
    [
      'simulate',
      '--json',
      '--port',
      '0',
      '--accounts',
      String(accountsOf(sizes.quick)),
      '--monitors',
      '4',
      '--days',
      '10',
    ].concat(['--latency-ms', String(LATENCY_MS), '--now', '2025-06-18T09:00:00Z']),
    {},
    dir,
  );
  cleanup.add('simulator', () => void sim.kill('SIGTERM'));
  const simOut = collect(sim);
  for (let i = 0; i < 600 && !simOut.out().includes('\n'); i++) await new Promise((r) => setTimeout(r, 50));
  const info = JSON.parse(simOut.out().split('\n')[0]!) as {
    apiUrl: string;
    accounts: { number: number; credentials: { username: string; password: string } }[];
  };
  const env: Record<string, string> = { UPTRENDS_API_URL: info.apiUrl, UPTRENDS_ETL_LOG_FORMAT: 'json' };
  const yaml = ['accounts:'];
  for (const a of info.accounts) {
    yaml.push(`  - { name: a${a.number}, username_env: U${a.number}, password_env: P${a.number} }`);
    env[`U${a.number}`] = a.credentials.username;
    env[`P${a.number}`] = a.credentials.password;
  }
  writeFileSync(path.join(dir, 'uptrends-etl.yaml'), `${yaml.join('\n')}\n`);
  // Four streams per account (alerts need the All Monitors group): 160 jobs; quick: three streams of 12 accounts.
  const streams = sizes.quick
    ? 'monitors,monitor_groups,alerts'
    : 'monitors,monitor_groups,alerts,statistics';
  const jobs = accountsOf(sizes.quick) * streams.split(',').length;
  board.note(
    NAME,
    'set-up',
    `${accountsOf(sizes.quick)} accounts x ${streams.split(',').length} streams = ${jobs} jobs, latency ${LATENCY_MS} ms, worker --concurrency 1, ${os.cpus().length} cores`,
  );
  const walls = new Map<number, number[]>(WORKER_COUNTS.map((count) => [count, []]));
  const gaps: number[] = [];
  // Issue 42: the worker counts interleaved in rounds (1 2 4, then 4 2 1, ...), each speed-up the
  // median of its rounds' ratios with their spread, so a slow moment moves every count of a round.
  const measureCount = async (count: number, round: number): Promise<void> => {
    const scratch = await createScratchWarehouse('postgres', `queue${count}`, cleanup);
    const wenv = { ...env, ...scratch.env };
    const workers = Array.from({ length: count }, () => child(['worker'], wenv, dir));
    const logs = workers.map((w) => collect(w));
    for (const w of workers) cleanup.add('worker', () => void w.kill('SIGKILL'));
    // Wait until every worker has registered, so the clock measures the work, not start-up.
    const warehouse = await scratch.open();
    try {
      for (let i = 0; i < 400; i++) {
        const n = await sql<{ n: number }>`select count(*)::int as n from uptrends.etl_worker`
          .execute(warehouse.db)
          .then((r) => r.rows[0]!.n)
          .catch(() => 0);
        if (n === count) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await warehouse.close();
    }
    const postmaster = await postmasterPid();
    const cpuNow = (): { workers: number; sim: number; pg: number } => ({
      workers: workers.reduce((s, w) => s + (processCpuMs(w.pid!) ?? NaN), 0),
      sim: processCpuMs(sim.pid!) ?? NaN,
      pg: postgresCpuMs(postmaster) ?? NaN,
    });
    const cpuBefore = cpuNow();
    const started = process.hrtime.bigint();
    const nightly = collect(
      child(
        ['nightly', '--queue', '--report-on', 'never', '--initial-days', '3', '--streams', streams],
        wenv,
        dir,
      ),
    );
    const code = await nightly.done;
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    if (code !== 0)
      throw new Error(
        `nightly --queue with ${count} worker(s) exited ${code}: ${nightly.err().slice(-1500)}`,
      );
    const cpuAfter = cpuNow();
    for (const w of workers) w.kill('SIGTERM');
    board.note(
      NAME,
      `CPU per job, ${count} worker(s)`,
      `workers ${((cpuAfter.workers - cpuBefore.workers) / jobs).toFixed(0)} ms, simulator ${((cpuAfter.sim - cpuBefore.sim) / jobs).toFixed(0)} ms, Postgres ${((cpuAfter.pg - cpuBefore.pg) / jobs).toFixed(0)} ms (the nightly's own process not counted)`,
    );
    await Promise.all(logs.map((l) => l.done));
    walls.get(count)!.push(wall);
    const gap = queueGapMs(logs.map((l) => l.err()));
    gaps.push(gap.mean);
    board.figure(NAME, `nightly wall, ${count} worker(s), round ${round + 1}`, wall, 's', 1);
    board.figure(NAME, `queue time between jobs, ${count} worker(s), round ${round + 1}`, gap.mean, 'ms', 1);
  };
  const rounds = roundsOf(sizes.quick);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? WORKER_COUNTS : [...WORKER_COUNTS].reverse();
    for (const count of order) await measureCount(count, round);
  }
  const one = walls.get(1)!;
  const speedUp = (count: number) => pairRatios(one, walls.get(count)!);
  const two = speedUp(2);
  const four = speedUp(4);
  board.check(
    NAME,
    `speed-up at 2 workers, median of ${rounds}`,
    two.median,
    { op: '>=', limit: TARGET.speedup2, scale: true },
    'x',
    2,
    spreadText(two),
  );
  board.check(
    NAME,
    `speed-up at 4 workers, median of ${rounds}`,
    four.median,
    { op: '>=', limit: TARGET.speedup4, scale: true },
    'x',
    2,
    spreadText(four),
  );
  board.check(
    NAME,
    'queue overhead per job (worst count)',
    Math.max(...gaps),
    { op: '<=', limit: TARGET.queueMsPerJob },
    'ms',
    1,
  );
}

export const queueWorkersScenario: Scenario = { name: NAME, run };
