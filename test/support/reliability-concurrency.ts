/**
 * Two `sync` processes against one warehouse (docs/extraction.md, "A run", step 2): the second
 * exits with code 6 and says why, or with `--wait` queues and then succeeds; a holder killed with
 * SIGKILL leaves no stale lock; and whatever the interleaving, the warehouse ends equal to one clean
 * run. Shared by the fast suite (the backend the tests use: Postgres when one answers) and the slow
 * one (an embedded PGlite directory, whose lock is a file instead of an advisory lock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openWarehouse } from '../../src/load/connection/db.ts';
import { SYNC_LOCK_KEY } from '../../src/load/locks/warehouse-lock.ts';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.ts';
import { simulatorEnv, spawnCli } from './reliability-cli.ts';
import { tableSnapshot } from './table-snapshot.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** Tables compared with the clean run (rows and values, run stamps aside). */
export const COMPARED_TABLES = [
  'monitor',
  'monitor_group',
  'monitor_group_member',
  'maintenance_period',
  'sla',
  'alert',
  'incident',
  'monitor_statistics',
  'etl_state',
];

/** A warehouse a spawned CLI can reach. */
export interface CliWarehouse {
  env: Record<string, string>;
  backend: 'postgres' | 'pglite';
  snapshot(): Promise<Record<string, string[]>>;
  runs(): Promise<{ status: string; started_at: Date; finished_at: Date | null }[]>;
  drop(): Promise<void>;
}

/** A fresh warehouse on the test backend (`test`) or in a new PGlite directory (`pglite-dir`). */
export async function cliWarehouse(kind: 'test' | 'pglite-dir'): Promise<CliWarehouse> {
  let tdb: TestDatabase | undefined;
  let dir: string | undefined;
  if (kind === 'test') {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
  } else {
    // The CLI creates and migrates the directory itself on first use.
    dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-lock-'));
  }
  const env = tdb?.env ?? { UPTRENDS_ETL_DATA_DIR: dir! };
  const open = () =>
    openWarehouse(
      env.DATABASE_URL !== undefined
        ? { databaseUrl: env.DATABASE_URL }
        : { dataDir: env.UPTRENDS_ETL_DATA_DIR },
    );
  const withDb = async <T>(fn: (db: Awaited<ReturnType<typeof open>>['db']) => Promise<T>): Promise<T> => {
    const warehouse = await open();
    try {
      return await fn(warehouse.db);
    } finally {
      await warehouse.close();
    }
  };
  return {
    env,
    backend: env.DATABASE_URL !== undefined ? 'postgres' : 'pglite',
    snapshot: () => withDb((db) => tableSnapshot(db, COMPARED_TABLES)),
    runs: () =>
      withDb(
        async (db) =>
          (
            await sql<{ status: string; started_at: Date; finished_at: Date | null }>`
        select status, started_at, finished_at from uptrends.etl_run order by run_id`.execute(db)
          ).rows,
      ),
    async drop() {
      await tdb?.drop();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Terminates the Postgres sessions holding a sync's account lock (the 64-bit key: SYNC_LOCK_KEY
 * in its high half, classid) in the database of `url`; returns how many there were.
 */
export async function terminateSyncLockHolders(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const holders = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and classid = $1::bigint::oid and objsubid = 1
         and database = (select oid from pg_database where datname = current_database())`,
      [SYNC_LOCK_KEY],
    );
    for (const row of holders.rows) await admin.query('select pg_terminate_backend($1)', [row.pid]);
    return holders.rows.length;
  } finally {
    await admin.end();
  }
}

/** The lock refusal each backend prints. */
const REFUSED = {
  postgres:
    /error \[LOCKED\]: Another uptrends-etl run holds the warehouse lock of account \d+ \(\S+\); try again later or pass --wait/,
  pglite:
    /error \[LOCKED\]: The embedded warehouse .* is in use by another uptrends-etl process \(pid \d+\); wait for it or pass --wait/,
};

/** Registers the concurrency tests for warehouses of `kind`. */
export function concurrencySuite(kind: 'test' | 'pglite-dir'): void {
  const NOW = new Date('2025-06-18T09:00:00Z');
  const ARGS = [
    'sync',
    '--from',
    '2025-06-01',
    '--to',
    '2025-06-15',
    '--window',
    '7',
    '--concurrency',
    '3',
    '--log-format',
    'json',
  ];
  const HOLDING = /"msg":"run \d+: account/;
  let sim: RunningSimulator;
  let clean: Record<string, string[]>;
  const made: CliWarehouse[] = [];
  const fresh = async (): Promise<CliWarehouse> => {
    const w = await cliWarehouse(kind);
    made.push(w);
    return w;
  };
  const sync = (w: CliWarehouse, extra: string[] = []) =>
    spawnCli([...ARGS, ...extra], { ...w.env, ...simulatorEnv(sim) });
  /** Holds the next lock holder inside its run for `ms`: its first statistics request answers late. */
  const holdNextRun = (ms: number): void => void sim.inject({ match: '/Statistics/Monitor/', delayMs: ms });

  beforeAll(async () => {
    sim = await startSimulator({ seed: 8, monitors: 6, days: 30, now: NOW });
    const reference = await fresh();
    const run = await sync(reference).done;
    expect(run.code, run.stderr).toBe(0);
    clean = await reference.snapshot();
    expect(clean.alert!.length).toBeGreaterThan(20);
  }, 120_000);
  afterAll(async () => {
    await sim.close();
    for (const w of made) await w.drop();
  });

  it('two syncs started together: one succeeds, the other exits 6 at once and says why; the warehouse equals a clean run', async () => {
    const w = await fresh();
    sim.clearInjections();
    holdNextRun(4_000);
    const [a, b] = await Promise.all([sync(w).done, sync(w).done]);
    const [winner, loser] = a.code === 0 ? [a, b] : [b, a];
    expect([winner.code, loser.code], `${a.stderr.slice(-500)}\n${b.stderr.slice(-500)}`).toEqual([0, 6]);
    expect(loser.stderr).toMatch(REFUSED[w.backend]);
    // Refused at the lock, long before the holder's run ends.
    expect(loser.ms).toBeLessThan(winner.ms);
    expect((await w.runs()).map((r) => r.status)).toEqual(['succeeded']);
    expect(await w.snapshot()).toEqual(clean);
  });

  it('with --wait the second sync queues behind the first, then runs and succeeds; the warehouse equals a clean run', async () => {
    const w = await fresh();
    sim.clearInjections();
    holdNextRun(3_000);
    const first = sync(w);
    await first.waitFor(HOLDING);
    const second = sync(w, ['--wait', '120']);
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code], b.stderr.slice(-1000)).toEqual([0, 0]);
    const runs = await w.runs();
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    // The second run opened only after the first had closed.
    expect(runs[1]!.started_at.getTime()).toBeGreaterThanOrEqual(runs[0]!.finished_at!.getTime());
    expect(await w.snapshot()).toEqual(clean);
  });

  it('a holder killed with SIGKILL leaves no stale lock: the next sync runs at once and converges', async () => {
    const w = await fresh();
    sim.clearInjections();
    holdNextRun(30_000);
    const victim = spawnCli(ARGS, { ...w.env, ...simulatorEnv(sim) });
    await victim.waitFor(HOLDING);
    process.kill(victim.pid!, 'SIGKILL');
    expect((await victim.done).code).toBeNull();
    sim.clearInjections();
    const next = await sync(w).done;
    expect(next.code, next.stderr.slice(-1000)).toBe(0);
    expect(await w.snapshot()).toEqual(clean);
  });
}
