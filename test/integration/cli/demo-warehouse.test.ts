/**
 * Issue 32, finding 3: `demo` never writes into a warehouse it did not create. Run as a user would
 * (spawned CLI), against a "production" warehouse that a real `sync` filled (the test database of
 * this run's backend):
 * - `DATABASE_URL` is not used: with it naming production, the demo runs in its own embedded
 *   warehouse and production is unchanged;
 * - pointed at production explicitly (`--database-url` on Postgres, `--data-dir` on PGlite) it is
 *   refused with exit 2 before anything is written;
 * - its own warehouse it may fill again; an empty Postgres database named with `--database-url`
 *   it may fill (Postgres backend only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let production: TestDatabase;
let sim: RunningSimulator;
let dir: string;

const DEMO = ['demo', '--monitors', '3', '--days', '35', '-q', '--no-json'];

/** What the production warehouse holds: its runs by command, and its accounts. */
async function productionContents(): Promise<{ runs: string[]; accounts: number }> {
  const warehouse = await production.reopen();
  try {
    const runs = await sql<{ command: string }>`select command from uptrends.etl_run order by run_id`.execute(
      warehouse.db,
    );
    const accounts = await sql<{ n: number }>`select count(*)::int as n from uptrends.account`.execute(
      warehouse.db,
    );
    return { runs: runs.rows.map((r) => r.command), accounts: accounts.rows[0]!.n };
  } finally {
    await production.release();
  }
}

beforeAll(async () => {
  production = await createTestDatabase({ onDisk: true });
  await production.release();
  sim = await startSimulator({ seed: 7, monitors: 2, days: 5 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'demo-warehouse-'));
  const sync = await runCli(
    ['sync', '--streams', 'monitors', '--initial-days', '1', '-q'],
    {
      ...production.env,
      UPTRENDS_API_URL: sim.apiUrl,
      UPTRENDS_USERNAME: sim.credentials.username,
      UPTRENDS_PASSWORD: sim.credentials.password,
    },
    dir,
  );
  expect(sync.code, sync.stderr).toBe(0);
  expect(await productionContents()).toEqual({ runs: ['sync'], accounts: 1 });
}, 180_000);

afterAll(async () => {
  await sim.close();
  await production.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo and the warehouse it writes into', () => {
  it('does not use DATABASE_URL: it fills its own embedded warehouse and production is unchanged', async () => {
    const databaseUrl = production.env.DATABASE_URL ?? 'postgres://nobody@127.0.0.1:1/production';
    const result = await runCli(
      [...DEMO, '--data-dir', 'demo-1', '--out', 'reports-1'],
      { DATABASE_URL: databaseUrl },
      dir,
      300_000,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Loaded into ${path.join(dir, 'demo-1')}`);
    expect(await productionContents()).toEqual({ runs: ['sync'], accounts: 1 });
  }, 300_000);

  it('runs again into its own warehouse (every load is a merge)', async () => {
    const result = await runCli([...DEMO, '--data-dir', 'demo-1', '--out', 'reports-1'], {}, dir, 300_000);
    expect(result.code, result.stderr).toBe(0);
  }, 300_000);

  it('accepts its own warehouse after sync ran on it, with the same simulator: same clock, same history', async () => {
    const dataDir = path.join(dir, 'demo-1');
    const read = async () => {
      const warehouse = await openWarehouse({ dataDir });
      try {
        const sims = await sql<{ seed: number; profile: string; generated_at: Date }>`
          select seed, profile, generated_at from uptrends.demo_simulator`.execute(warehouse.db);
        const incidents = await sql<{ key: string }>`
          select monitor_guid::text || ' ' || started_at::text || ' ' || coalesce(ended_at::text, '-') as key
          from uptrends.incident order by 1`.execute(warehouse.db);
        return { sims: sims.rows, incidents: incidents.rows.map((r) => r.key) };
      } finally {
        await warehouse.close();
      }
    };
    const before = await read();
    expect(before.sims).toHaveLength(1);
    expect(before.sims[0]).toMatchObject({ seed: 1, profile: 'realistic' });
    // The README's mail section: nightly syncs the demo's account from `simulate` into the demo's
    // warehouse. Here a sync of the same account (the demo's simulator, at its clock).
    const same = await startSimulator({
      seed: 1,
      monitors: 3,
      days: 35,
      profile: 'realistic',
      now: before.sims[0]!.generated_at,
    });
    try {
      const sync = await runCli(
        ['sync', '--streams', 'monitors', '--initial-days', '1', '-q'],
        {
          UPTRENDS_ETL_DATA_DIR: dataDir,
          UPTRENDS_API_URL: same.apiUrl,
          UPTRENDS_USERNAME: same.credentials.username,
          UPTRENDS_PASSWORD: same.credentials.password,
        },
        dir,
      );
      expect(sync.code, sync.stderr).toBe(0);
    } finally {
      await same.close();
    }
    const again = await runCli([...DEMO, '--data-dir', 'demo-1', '--out', 'reports-1'], {}, dir, 300_000);
    expect(again.code, again.stderr).toBe(0);
    const after = await read();
    expect(after.sims).toEqual(before.sims);
    expect(after.incidents).toEqual(before.incidents);
  }, 300_000);

  it('refuses a warehouse another command filled: exit 2, nothing written', async () => {
    const target =
      production.backend === 'postgres'
        ? ['--database-url', production.env.DATABASE_URL!]
        : ['--data-dir', production.env.UPTRENDS_ETL_DATA_DIR!];
    const result = await runCli([...DEMO, ...target, '--out', 'reports-refused'], {}, dir, 300_000);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('the demo writes only into a warehouse it created');
    expect(result.stderr).toContain('holds 1 account(s) (loaded by sync) that no demo loaded');
    expect(await productionContents()).toEqual({ runs: ['sync'], accounts: 1 });
  }, 300_000);

  it('uses a Postgres server named with --database-url when that database is empty', async (context) => {
    if (production.backend !== 'postgres') return context.skip();
    const empty = await createTestDatabase();
    try {
      await empty.release();
      const result = await runCli(
        [...DEMO, '--database-url', empty.env.DATABASE_URL!, '--out', 'reports-2'],
        {},
        dir,
        300_000,
      );
      expect(result.code, result.stderr).toBe(0);
      const warehouse = await empty.reopen();
      const runs = await sql<{ command: string }>`select command from uptrends.etl_run`.execute(warehouse.db);
      expect(runs.rows.map((r) => r.command)).toEqual(['demo']);
    } finally {
      await empty.drop();
    }
  }, 300_000);
});
