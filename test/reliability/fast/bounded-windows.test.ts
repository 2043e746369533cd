/**
 * A window is merged in bounded batches as its pages arrive, so its memory does not grow with its
 * length, and a cursor that never ends fails the window long before memory runs out (issue 17,
 * finding 5: a runaway cursor once grew a window to 1.57 GB and died with out-of-memory). The
 * watermark only ever claims complete windows, and a window that failed half-way converges on the
 * next run. The checks are on pages read, rows stored and the watermark, never on time or memory
 * figures: memory is bounded by construction (a batch), and the benchmarks measure it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { alertsWatermark } from '../../support/reliability-corpus.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';

const WEEK = { from: '2025-11-03', to: '2025-11-10', windowDays: 7 };
let rig: ReliabilityRig;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 9, monitors: 30, days: 30, now: new Date('2025-11-12T08:00:00Z') });
  const config = await rig.sync({ streams: ['timezones', 'monitors', 'monitor_groups'] });
  expect(config.exitCode, config.error?.message).toBe(0);
});
afterAll(() => rig.close());

async function alertCount(): Promise<number> {
  const rows = await rig.inspect((db) =>
    sql<{ n: number }>`select count(*)::int as n from uptrends.alert`.execute(db),
  );
  return rows.rows[0]?.n ?? 0;
}

async function reset(): Promise<void> {
  await rig.inspect(async (db) => {
    await sql`delete from uptrends.alert`.execute(db);
    await sql`delete from uptrends.incident`.execute(db);
    await sql`delete from uptrends.etl_state where stream = 'alerts'`.execute(db);
  });
}

const alertPages = /\/Alert\/MonitorGroup\//;

describe('bounded windows', () => {
  it('a cursor that keeps handing out empty pages fails the window as runaway after 50 pages (exit 5)', async () => {
    await reset();
    let n = 0;
    rig.sim.inject({
      match: alertPages,
      times: 10_000,
      status: 200,
      transform: () => ({ Data: [], Cursors: { Next: `runaway-${++n}` } }),
    });
    try {
      const outcome = await rig.sync({ ...WEEK, streams: ['alerts'] });
      expect(outcome.exitCode).toBe(EXIT.data);
      expect(outcome.error?.message).toMatch(
        /alerts window \[2025-11-03T00:00:00, 2025-11-10T00:00:00\) of all failed: Runaway cursor/,
      );
      expect(n).toBe(50);
    } finally {
      rig.sim.clearInjections();
    }
    expect(await alertsWatermark(rig)).toBeNull();
  });

  it('a cursor that never ends with full pages stops at the page cap, with the pages read in batches', async () => {
    await reset();
    const alertRequests = (): number =>
      Object.values(
        rig.sim.requestCounts().byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}'] ?? {},
      ).reduce((a, b) => a + b, 0);
    const before = alertRequests();
    // The first page is real; every page after it repeats it under a new cursor: the same 100
    // alerts for ever. (The simulator cannot read the made-up cursors, hence status 200.)
    let first: unknown;
    let n = 0;
    rig.sim.inject({
      match: alertPages,
      times: 10_000,
      status: 200,
      transform: (body) => {
        first ??= body;
        return { ...(first as object), Cursors: { Next: `again-${++n}` } };
      },
    });
    try {
      const outcome = await rig.sync({ ...WEEK, streams: ['alerts'], maxPagesPerWindow: 40, batchRows: 250 });
      expect(outcome.exitCode).toBe(EXIT.data);
      expect(outcome.error?.message).toMatch(/Page cap.*more than 40 pages/);
    } finally {
      rig.sim.clearInjections();
    }
    expect(alertRequests() - before).toBe(40);
    // Batches of 250 rows were merged as the pages came (the same 100 alerts each time).
    expect(await alertCount()).toBe(100);
    expect(await alertsWatermark(rig)).toBeNull();
  });

  it('a window that fails after some batches were merged leaves the watermark, and the next run converges', async () => {
    await reset();
    const clean = await rig.sync({ ...WEEK, streams: ['alerts'] });
    expect(clean.exitCode, clean.error?.message).toBe(0);
    const expected = await rig.inspect((db) => tableSnapshot(db, ['alert', 'incident', 'etl_state']));
    const total = await alertCount();
    const pages = Math.ceil(total / 100);
    expect(pages).toBeGreaterThanOrEqual(5);

    await reset();
    // The last page of the window fails for good: the pages before it are merged in batches of
    // 200 alerts, the window fails, the watermark stays where it was (none).
    rig.sim.inject({ match: /\/Alert\/MonitorGroup\/.*Cursor=/, skip: pages - 2, times: 1_000, status: 500 });
    try {
      const failed = await rig.sync({ ...WEEK, streams: ['alerts'], batchRows: 200 });
      expect(failed.exitCode).toBe(EXIT.api);
    } finally {
      rig.sim.clearInjections();
    }
    const partial = await alertCount();
    expect(partial).toBeGreaterThanOrEqual(200 * Math.floor(((pages - 1) * 100) / 200));
    expect(partial).toBeLessThan(total);
    expect(await alertsWatermark(rig)).toBeNull();

    const again = await rig.sync({ ...WEEK, streams: ['alerts'], batchRows: 200 });
    expect(again.exitCode, again.error?.message).toBe(0);
    const converged = await rig.inspect((db) => tableSnapshot(db, ['alert', 'incident', 'etl_state']));
    expect(converged).toEqual(expected);
  });
});
