/**
 * A worker whose job loses its warehouse connection (real Postgres only: the queue lives there).
 * A worker runs every job on one pool of its own; a lost connection aborts that pool's `lost`
 * signal for good, so the worker must open a fresh pool for the next attempt. Here the session
 * holding a job's account lock is terminated mid-job: the attempt fails, graphile-worker runs it
 * again after its backoff, the same worker process completes it, and `nightly --queue` ends well.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv, spawnCli } from '../../support/reliability-cli.ts';
import {
  cliWarehouse,
  terminateSyncLockHolders,
  type CliWarehouse,
} from '../../support/reliability-concurrency.ts';

let sim: RunningSimulator;
let w: CliWarehouse;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, monitors: 3, days: 10, now: new Date('2025-06-18T09:00:00Z') });
  w = await cliWarehouse('test');
  dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-worker-lost-'));
});
afterAll(async () => {
  await sim.close();
  await w.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Statuses of the worker runs of one stream, oldest first. */
async function streamRuns(url: string, stream: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const runs = await client.query<{ status: string }>(
      `select status from uptrends.etl_run where command = 'worker' and options->'streams'->>0 = $1 order by run_id`,
      [stream],
    );
    return runs.rows.map((r) => r.status);
  } finally {
    await client.end();
  }
}

describe('a worker job whose warehouse session is terminated', () => {
  it('is run again by the same worker on a fresh pool, and the nightly succeeds', async (ctx) => {
    if (w.backend !== 'postgres') ctx.skip();
    const env = { ...w.env, ...simulatorEnv(sim), UPTRENDS_ETL_LOG_FORMAT: 'json' };
    const worker = spawnCli(['worker', '--stale-after', '10'], env, 120_000, dir);
    try {
      await worker.waitFor(/running up to 1 job/);
      sim.inject({ match: '/Statistics/Monitor/', delayMs: 20_000 });
      const nightly = spawnCli(
        [
          'nightly',
          '--queue',
          '--report-on',
          'never',
          '--streams',
          'monitors,statistics',
          '--initial-days',
          '3',
        ],
        env,
        120_000,
        dir,
      );
      await worker.waitFor(/"job":\{"id":"\d+","stream":"statistics"\}[^\n]*"msg":"run \d+: account/);
      expect(await terminateSyncLockHolders(w.env.DATABASE_URL!)).toBe(1);
      const done = await nightly.done;
      expect(done.code, done.stderr.slice(-2000)).toBe(0);
      const statistics = await streamRuns(w.env.DATABASE_URL!, 'statistics');
      expect(statistics).toEqual(['failed', 'succeeded']);
      expect(worker.output().stderr).toMatch(/connection to the Postgres warehouse at .* was lost/);
    } finally {
      process.kill(worker.pid!, 'SIGTERM');
    }
    const stopped = await worker.done;
    // The same process did both attempts and stops cleanly.
    expect(stopped.code, stopped.stderr.slice(-1500)).toBe(0);
  }, 150_000);
});
