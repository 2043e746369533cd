/**
 * Two runs at once on one warehouse, in-process (fast): the second is refused with the lock error
 * (exit 6) and a clear message, or with `waitMs` queues behind the first and then succeeds; the
 * warehouse equals one clean run. The lock is the real one: a Postgres advisory lock on its own
 * session, or the PGlite data-dir lock. The same with two processes, on both backends, is in
 * test/reliability/slow (concurrency-*.test.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { LockError } from '../../../src/errors.ts';
import { LOCK_FILE } from '../../../src/load/locks/data-dir-lock.ts';
import type { SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { COMPARED_TABLES } from '../../support/reliability-concurrency.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';

const BACKFILL: Partial<SyncOptions> = {
  from: '2025-06-01',
  to: '2025-06-15',
  windowDays: 7,
  concurrency: 3,
};
let rig: ReliabilityRig;
let reference: ReliabilityRig;
let clean: Record<string, string[]>;

beforeAll(async () => {
  const sim = { seed: 8, monitors: 6, days: 30, now: new Date('2025-06-18T09:00:00Z') };
  [rig, reference] = await Promise.all([startReliabilityRig(sim), startReliabilityRig(sim)]);
  const run = await reference.sync(BACKFILL);
  expect(run.exitCode, run.error?.message).toBe(0);
  clean = await reference.inspect((db) => tableSnapshot(db, COMPARED_TABLES));
});
afterAll(async () => {
  await rig.close();
  await reference.close();
});

/**
 * Resolves once the first run holds the lock: on Postgres when its run is open in the ledger (the
 * lock is taken before), on PGlite when the data-dir lock file exists (the directory cannot even
 * be opened for a look meanwhile).
 */
async function oneRunOpen(): Promise<void> {
  const dataDir = rig.tdb.env.UPTRENDS_ETL_DATA_DIR;
  for (let i = 0; i < 400; i++) {
    if (dataDir !== undefined) {
      if (existsSync(path.join(dataDir, LOCK_FILE))) return;
    } else {
      const open = await rig.inspect((db) =>
        sql<{ n: number }>`select count(*)::int as n from uptrends.etl_run where status = 'running'`.execute(
          db,
        ),
      );
      if (open.rows[0]?.n === 1) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the first run never opened');
}

const runs = (): Promise<string[]> =>
  rig.inspect(async (db) =>
    (await sql<{ status: string }>`select status from uptrends.etl_run order by run_id`.execute(db)).rows.map(
      (r) => r.status,
    ),
  );

it('a second run while one holds the lock is refused at once with exit 6 and a message saying what to do', async () => {
  // The first run is held inside its run (its first statistics answer comes late).
  rig.sim.inject({ match: '/Statistics/Monitor/', delayMs: 1_500 });
  const first = rig.sync(BACKFILL);
  await oneRunOpen();
  const second = await rig.sync(BACKFILL);
  expect(second.error).toBeInstanceOf(LockError);
  expect(second.exitCode).toBe(EXIT.locked);
  expect(second.error?.message).toMatch(
    /Another uptrends-etl run holds the warehouse lock of account \d+ \(\S+\); try again later or pass --wait|in use by another uptrends-etl process/,
  );
  const done = await first;
  expect(done.exitCode, done.error?.message).toBe(0);
  expect(second.ms).toBeLessThan(done.ms);
  expect(await runs()).toEqual(['succeeded']);
  expect(await rig.inspect((db) => tableSnapshot(db, COMPARED_TABLES))).toEqual(clean);
});

it('with waitMs the second run queues behind the first and then succeeds; the warehouse equals a clean run', async () => {
  rig.sim.inject({ match: '/Statistics/Monitor/', delayMs: 1_000 });
  const first = rig.sync(BACKFILL);
  await oneRunOpen();
  const second = rig.sync({ ...BACKFILL, waitMs: 60_000 });
  const [a, b] = await Promise.all([first, second]);
  expect([a.exitCode, b.exitCode], b.error?.message).toEqual([0, 0]);
  expect(b.runId).toBeGreaterThan(a.runId);
  expect(await runs()).toEqual(['succeeded', 'succeeded', 'succeeded']);
  expect(await rig.inspect((db) => tableSnapshot(db, COMPARED_TABLES))).toEqual(clean);
});
