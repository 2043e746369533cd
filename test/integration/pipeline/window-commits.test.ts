/**
 * A window's batches commit while its next pages are read (pipeline/engine/window-engine.ts): the
 * cursor chain does not stand still for a commit, at most one batch per window is in flight, and
 * a commit that fails ends the window with an error that names it, leaving the batches before it
 * loaded and nothing written after the run reported. Postgres only: the tests hold the alert table
 * from a second session, which PGlite (one session) cannot have.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { PartialRunError } from '../../../src/errors.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localDateOf } from '../../../src/time/calendar.ts';
import { simulatorEnv } from '../../support/reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const postgres = inject('testDb').backend === 'postgres';
const NOW = new Date('2025-06-18T09:00:00Z');
const DAYS = 30;
const FAST = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50, maxAttempts: 2 },
  timeouts: { headersMs: 5000, bodyMs: 10000 },
};

let sim: RunningSimulator | undefined;
const made: TestDatabase[] = [];
const clients: pg.Client[] = [];

beforeAll(async () => {
  if (postgres) sim = await startSimulator({ seed: 23, monitors: 20, days: DAYS, now: NOW });
});
afterAll(async () => {
  for (const c of clients) await c.end().catch(() => undefined);
  await sim?.close();
  for (const tdb of made) await tdb.drop();
});

/** A fresh warehouse and a second session on it. */
async function warehouse(): Promise<{ tdb: TestDatabase; other: pg.Client }> {
  const tdb = await createTestDatabase();
  made.push(tdb);
  await tdb.release();
  const other = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
  clients.push(other);
  await other.connect();
  return { tdb, other };
}

/** One window over the whole history, one slot, a batch per page of 100 alerts. */
function sync(tdb: TestDatabase) {
  const s = sim!;
  const config = loadConfig({ ...tdb.env, ...simulatorEnv(s) });
  const from = localDateOf(new Date(NOW.getTime() - DAYS * 86_400_000), s.timeZone);
  const to = localDateOf(new Date(NOW.getTime() + 86_400_000), s.timeZone);
  return runSync(
    config,
    {
      ...DEFAULT_SYNC_OPTIONS,
      from,
      to,
      windowDays: DAYS + 2,
      concurrency: 1,
      batchRows: 100,
      streams: ['monitors', 'monitor_groups', 'alerts'],
    },
    { logger: silentLogger(), clock: () => s.truth.now(), clientOptions: FAST },
  );
}

/** Alert pages the simulator has answered since its counts were reset. */
function alertPages(): number {
  const counts = sim!.requestCounts().byRoute;
  return Object.entries(counts)
    .filter(([route]) => route.includes('/Alert/MonitorGroup/'))
    .reduce((sum, [, statuses]) => sum + Object.values(statuses).reduce((a, b) => a + b, 0), 0);
}

async function until(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (client: pg.Client, table: string): Promise<number> =>
  Number((await client.query<{ n: string }>(`select count(*) as n from uptrends.${table}`)).rows[0]!.n);

describe.skipIf(!postgres)('a window commits its batches while it reads on', () => {
  it('reads the next page while the batch before it waits to commit, and loads every alert', async () => {
    const { tdb, other } = await warehouse();
    const truth = sim!.truth.alerts({ includeReminders: true }).length;
    expect(truth).toBeGreaterThan(300);
    sim!.resetCounts();
    // The first batch's commit cannot finish while this session holds the alert table.
    await other.query('begin');
    await other.query('lock table uptrends.alert in access exclusive mode');
    const running = sync(tdb);
    // Reading page by page and committing in between, the run would stop at one page here.
    await until('a second alert page is read while the first batch waits', () => alertPages() >= 2);
    // One batch in flight per window: the third page waits for the first commit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alertPages()).toBe(2);
    await other.query('rollback');
    const summary = await running;
    expect(summary.status).toBe('succeeded');
    expect(summary.streams.alerts?.records).toBe(truth);
    expect(await count(other, 'alert')).toBe(truth);
  });

  it('ends the window with the failing commit, keeps the batches before it and writes nothing after', async () => {
    const { tdb, other } = await warehouse();
    // Ascending by time, as the window's pages hold them: this alert is in the second batch.
    const ordered = sim!.truth
      .alerts({ includeReminders: true })
      .sort((a, b) => a.timestampUtc.getTime() - b.timestampUtc.getTime());
    const refused = String(ordered[150]!.Id).toLowerCase();
    await other.query(
      `alter table uptrends.alert add constraint refused_alert check (alert_id <> '${refused}'::uuid)`,
    );
    const failure = await sync(tdb).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PartialRunError);
    const message = (failure as Error).message;
    expect(message).toMatch(/alerts window \[/);
    expect(message).toMatch(/refused_alert/);
    const loaded = await count(other, 'alert');
    // The first batch committed before the second failed; the refused alert's batch did not.
    expect(loaded).toBeGreaterThanOrEqual(100);
    expect(loaded).toBeLessThan(ordered.length);
    const kept = await other.query('select 1 from uptrends.alert where alert_id = $1', [refused]);
    expect(kept.rowCount).toBe(0);
    // Nothing was still being written when the run reported.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count(other, 'alert')).toBe(loaded);
    const watermarks = await other.query("select 1 from uptrends.etl_state where stream = 'alerts'");
    expect(watermarks.rowCount).toBe(0);
  });
});
