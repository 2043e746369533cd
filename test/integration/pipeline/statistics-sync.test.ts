/**
 * Statistics at a known grain, end to end against the simulator. A service that answers anything
 * longer than 31 days with month buckets: a backfill of a year splits its windows until the answers
 * are daily, stores no month bucket, and remembers how long a window may be; a later nightly is
 * answered with hourly buckets for days that already hold daily ones. The daily and monthly view
 * figures then equal those of one clean backfill answered with daily buckets throughout.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PartialRunError } from '../../../src/errors.ts';
import type { SyncSummary } from '../../../src/pipeline/run-sync.ts';
import type { SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { addLocalDays, localDateOf } from '../../../src/time/calendar.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const T0 = new Date('2025-11-20T09:30:00Z');
const T1 = new Date('2025-11-21T09:30:00Z');
const COARSE = 'hourly=48h,daily=31d';
const fast = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
  timeouts: { headersMs: 5000, bodyMs: 10000 },
};

// Every test starts from the backfill of a year against the coarse service (run once; each test
// gets its own copy of the warehouse and a fresh simulator).
let backfill: SyncSummary;
const rig = simulatedSyncRig(
  { seed: 5, monitors: 6, days: 400, now: T0, statisticsBuckets: COARSE },
  {
    clientOptions: fast,
    sync: { concurrency: 3, streams: ['monitors', 'statistics'] },
    baseline: async () => {
      backfill = await run({ from: from(), to: localDateOf(T0, rig.sim.timeZone) });
    },
  },
);
const from = () => addLocalDays(localDateOf(T0, rig.sim.timeZone), -365);
const run = (options: Partial<SyncOptions> = {}, tdb?: TestDatabase) =>
  rig.sync(options, tdb === undefined ? {} : { tdb });
const inspect = rig.inspect;

const statisticsRequests = (): number =>
  Object.values(rig.sim.requestCounts().byRoute['GET /Statistics/Monitor/{monitorGuid}'] ?? {}).reduce(
    (n, c) => n + c,
    0,
  );

type Figures = Record<string, unknown>[];

/** Every statistics figure of the daily and monthly views, in a fixed order. */
async function viewFigures(tdb?: TestDatabase): Promise<{ daily: Figures; monthly: Figures; days: Figures }> {
  return inspect(
    async (db) => ({
      daily: (
        await sql<Record<string, unknown>>`
        select monitor_guid::text, day::text, statistics_buckets > 0 as has_buckets, statistics_uptime_seconds,
               statistics_downtime_seconds, checks, confirmed_errors,
               round(statistics_uptime_percentage::numeric, 9) as pct, uptime_source
        from uptrends.v_monitor_uptime_daily order by 1, 2`.execute(db)
      ).rows,
      monthly: (
        await sql<Record<string, unknown>>`
        select monitor_guid::text, month::text, statistics_uptime_seconds,
               statistics_downtime_seconds, checks, round(statistics_uptime_percentage::numeric, 9) as pct
        from uptrends.v_monitor_uptime_monthly order by 1, 2`.execute(db)
      ).rows,
      days: (
        await sql<Record<string, unknown>>`
        select monitor_guid::text, day::text, uptime_seconds, downtime_seconds, checks, complete
        from uptrends.v_monitor_statistics_daily order by 1, 2`.execute(db)
      ).rows,
    }),
    tdb,
  );
}

describe('statistics against a service that answers long ranges with month buckets', () => {
  it('a backfill of a year splits until the answers are daily and stores no month bucket', async () => {
    expect(backfill.status).toBe('succeeded');
    const stored = await inspect(async (db) => ({
      grains: (
        await sql<{ grain: string; n: number }>`
          select grain, count(*)::integer as n from uptrends.monitor_statistics group by grain order by grain`.execute(
          db,
        )
      ).rows,
      knowledge: await db
        .selectFrom('etl_state')
        .select(['state', 'watermark'])
        .where('stream', '=', 'statistics')
        .where('partition', '=', '-')
        .executeTakeFirst(),
    }));
    expect(stored.grains).toEqual([{ grain: 'day', n: 6 * 365 }]);
    const learned = stored.knowledge?.state as { dailyWindowDays: number; coarseWindowDays: number };
    expect(stored.knowledge?.watermark).toBeNull();
    // Halving 365 days: 183, 92 (and 91), 46 (and 45) are months; 23 (and 22) are days.
    expect(learned).toEqual({ dailyWindowDays: 23, coarseWindowDays: 45 });
  });

  it('the next backfill starts from the learned window: no request is wasted on month buckets', async () => {
    rig.sim.resetCounts();
    const summary = await run({ from: from(), to: localDateOf(T0, rig.sim.timeZone) });
    expect(summary.status).toBe('succeeded');
    expect(statisticsRequests()).toBe(6 * Math.ceil(365 / 23));
    expect(summary.streams.statistics?.windows).toBe(6 * Math.ceil(365 / 23));
  });

  it('a later nightly answered with hourly buckets, and a clean daily backfill, give the same view figures', async () => {
    rig.sim.setNow(T1);
    expect((await run({ lookbackDays: 1 })).status).toBe('succeeded');
    const hours = await inspect(
      async (db) =>
        (
          await sql<{
            n: number;
          }>`select count(*)::integer as n from uptrends.monitor_statistics where grain = 'hour'`.execute(db)
        ).rows[0]!.n,
    );
    // The nightly re-read the day before the watermark (held as a daily bucket) and the day after
    // it: 48 hours, answered by the hour.
    expect(hours).toBe(6 * 48);

    // A clean backfill, answered with daily buckets throughout, into a warehouse of its own.
    const clean = await createTestDatabase({ onDisk: true });
    let a, b;
    try {
      await clean.release();
      rig.sim.setStatisticsBuckets('hourly=48h,daily=400d');
      const to = localDateOf(T1, rig.sim.timeZone);
      expect((await run({ from: from(), to }, clean)).status).toBe('succeeded');
      const cleanGrains = await inspect(
        async (db) =>
          (await sql<{ grain: string }>`select distinct grain from uptrends.monitor_statistics`.execute(db))
            .rows,
        clean,
      );
      expect(cleanGrains).toEqual([{ grain: 'day' }]);
      [a, b] = [await viewFigures(), await viewFigures(clean)];
    } finally {
      await clean.drop();
    }
    expect(a.daily.length).toBeGreaterThan(6 * 360);
    expect(a.monthly.length).toBeGreaterThanOrEqual(6 * 12);
    expect(a.days).toEqual(b.days);
    expect(a.daily).toEqual(b.daily);
    expect(a.monthly).toEqual(b.monthly);
    // Days that hold both hourly and daily buckets are counted once: hours tile them.
    expect(a.days.every((d) => d.complete === true)).toBe(true);
  });

  it('a single day answered coarser than a day fails the window, naming monitor and window', async () => {
    const guid = await inspect(
      async (db) =>
        (
          await db
            .selectFrom('monitor')
            .select('monitor_guid')
            .orderBy('monitor_guid')
            .executeTakeFirstOrThrow()
        ).monitor_guid,
    );
    const day = addLocalDays(localDateOf(T1, rig.sim.timeZone), -10);
    const rule = rig.sim.inject({
      match: `/Statistics/Monitor/${guid}\\?.*Start=${day}`,
      edits: [{ set: 'Data.0.Attributes.EndDateTime', value: '2030-01-01T00:00:00' }],
    });
    try {
      const failed = run({ from: day, to: addLocalDays(day, 1), monitors: [guid] });
      await expect(failed).rejects.toBeInstanceOf(PartialRunError);
      await expect(failed).rejects.toThrow(/answered one day with buckets longer than a day/);
      await expect(failed).rejects.toThrow(guid);
      expect(rule.served).toBe(1);
    } finally {
      rig.sim.clearInjections();
    }
  });
});
