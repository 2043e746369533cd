/**
 * Issue 6 end to end through runSync against the simulator: a backfill loads every group and
 * device of the nested tree and devices x days uptime rows equal to the simulator's ground truth,
 * with the fewest requests (one per group, one per day); a repeated backfill changes nothing but
 * run stamps; a nightly run picks up the new days from the watermark; without Infra credentials
 * the other streams run and the Infra ones are reported skipped.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../../src/pipeline/run-sync.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';
import { FAST_CLIENT } from './infra-harness.ts';
import { addLocalDays, localDateOf, localMidnight } from '../../../src/time/calendar.ts';

// The backfill covers 2025-10-20 .. 2025-11-04, across the 25-hour day of 2025-10-26 (Amsterdam).
const NOW = new Date('2025-11-05T09:30:00Z');
const FROM = '2025-10-20';
const TO = '2025-11-05';
const DAYS = 16;
const INFRA_TABLES = [
  'infra_device_group',
  'infra_device',
  'infra_device_uptime_daily',
  'infra_data_feed_value',
  'etl_state',
];
const STREAMS = ['infra_devices', 'infra_device_uptime'];

// Every test starts from the backfill (run once; each test gets its own copy of the warehouse and
// a fresh simulator).
let backfill: SyncSummary;
const rig = simulatedSyncRig(
  { seed: 6, monitors: 60, days: 60, now: NOW },
  {
    infra: true,
    clientOptions: FAST_CLIENT,
    sync: { streams: STREAMS },
    baseline: async (rig) => {
      backfill = await rig.sync({ from: FROM, to: TO });
    },
  },
);
const run: typeof rig.sync = (options, target) => rig.sync(options, target);
const inspect = rig.inspect;

function days(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addLocalDays(from, i));
}

describe('Infra streams through runSync', () => {
  it('a backfill loads every group and device of the nested tree, one request per group', async () => {
    const summary = backfill;
    expect(summary.status).toBe('succeeded');
    const counts = rig.sim.truth.counts();
    expect(summary.streams.infra_devices).toMatchObject({
      status: 'succeeded',
      requests: counts.infraGroups,
      rejected: 0,
    });

    const groups = await inspect((db) =>
      sql<{ id: string; parent: string | null; depth: number; name: string }>`
        select device_group_id as id, parent_device_group_id as parent, depth, name
        from uptrends.infra_device_group where deleted_at is null`.execute(db),
    );
    expect(groups.rows).toHaveLength(counts.infraGroups);
    const byId = new Map(groups.rows.map((g) => [g.id, g]));
    expect(byId.get('all')).toMatchObject({ parent: null, depth: 0, name: 'All devices' });
    for (const g of groups.rows.filter((x) => x.id !== 'all'))
      expect(byId.get(g.parent!)?.depth).toBe(g.depth - 1);
    expect(Math.max(...groups.rows.map((g) => g.depth))).toBe(4);

    const devices = await inspect((db) =>
      sql<{ id: string; name: string; groups: string[] }>`
        select device_id as id, name, device_group_ids as groups from uptrends.infra_device where deleted_at is null`.execute(
        db,
      ),
    );
    const truth = rig.sim.truth.infraDevices();
    expect(devices.rows.map((d) => d.id).sort()).toEqual(truth.map((d) => String(d.id)).sort());
    const rows = new Map(devices.rows.map((d) => [d.id, d]));
    for (const d of truth) {
      expect(rows.get(String(d.id))?.name).toBe(d.name);
      // Listed by the all-devices group and by the leaf group that holds it.
      expect(rows.get(String(d.id))?.groups).toEqual([String(d.groupId), 'all'].sort());
    }

    const feeds = await inspect((db) =>
      sql<{
        id: string;
        n: number;
      }>`select device_id as id, count(*)::int as n from uptrends.infra_data_feed_value group by 1`.execute(
        db,
      ),
    );
    const feedCount = new Map(feeds.rows.map((r) => [r.id, r.n]));
    // ShowDetailInfo returns the first two sensors of a device with data, none without.
    for (const d of truth) expect(feedCount.get(String(d.id)) ?? 0).toBe(d.noData ? 0 : Math.min(2, d.feeds));
  });

  it('the backfill gives devices x days uptime rows equal to the ground truth, one request per day', async () => {
    const truth = rig.sim.truth.infraDevices();
    const rows = await inspect((db) =>
      sql<{ device_id: string; day: string; uptime_percentage: number; has_data: boolean; status: string }>`
        select device_id, day, uptime_percentage, has_data, status from uptrends.infra_device_uptime_daily`.execute(
        db,
      ),
    );
    expect(rows.rows).toHaveLength(truth.length * DAYS);
    const byKey = new Map(rows.rows.map((r) => [`${r.device_id}|${r.day}`, r]));
    let belowHundred = 0;
    for (const d of truth) {
      for (const day of days(FROM, DAYS)) {
        const expected = rig.sim.truth.infraDailyUptime(d.id, day);
        const row = byKey.get(`${d.id}|${day}`);
        expect(row, `${d.id} ${day}`).toBeDefined();
        expect(row!.uptime_percentage).toBe(expected.uptimePercentage);
        expect(row!.status).toBe(expected.status);
        expect(row!.has_data).toBe(!d.noData);
        if (expected.uptimePercentage < 100 && !d.noData) belowHundred++;
      }
    }
    // The comparison means something only if some days had outages.
    expect(belowHundred).toBeGreaterThan(3);
    const state = await inspect((db) =>
      sql<{
        watermark: Date;
      }>`select watermark from uptrends.etl_state where stream = 'infra_device_uptime'`.execute(db),
    );
    expect(state.rows[0]?.watermark).toEqual(localMidnight(TO, rig.sim.timeZone));
  });

  it('counted one uptime request per day (all devices fit one page)', async () => {
    const ledger = await inspect((db) =>
      sql<{ counts: Record<string, { requests: number; windows: number }> }>`
        select stream_counts as counts from uptrends.etl_run where status = 'succeeded' order by run_id limit 1`.execute(
        db,
      ),
    );
    expect(ledger.rows[0]?.counts.infra_device_uptime).toMatchObject({ requests: DAYS, windows: DAYS });
  });

  it('a repeated backfill changes nothing but run stamps', async () => {
    const afterBackfill = await inspect((db) => tableSnapshot(db, INFRA_TABLES));
    const summary = await run({ from: FROM, to: TO });
    expect(summary.streams.infra_devices?.written).toBe(0);
    expect(summary.streams.infra_device_uptime?.written).toBe(0);
    expect(await inspect((db) => tableSnapshot(db, INFRA_TABLES))).toEqual(afterBackfill);
  });

  it('a nightly run reads from the watermark minus the lookback to the last completed day', async () => {
    rig.sim.setNow(new Date(NOW.getTime() + 2 * 86_400_000));
    const summary = await run({ lookbackDays: 3 });
    // Watermark 2025-11-05 minus 3 days of lookback, up to 2025-11-06: five days, five requests.
    expect(summary.streams.infra_device_uptime).toMatchObject({
      status: 'succeeded',
      windows: 5,
      requests: 5,
    });
    const today = localDateOf(rig.sim.truth.now(), rig.sim.timeZone);
    expect(today).toBe('2025-11-07');
    const rows = await inspect((db) =>
      sql<{ device_id: string; day: string; uptime_percentage: number }>`
        select device_id, day, uptime_percentage from uptrends.infra_device_uptime_daily where day >= date '2025-11-05'`.execute(
        db,
      ),
    );
    const truth = rig.sim.truth.infraDevices();
    expect(rows.rows).toHaveLength(truth.length * 2);
    for (const r of rows.rows)
      expect(r.uptime_percentage).toBe(
        rig.sim.truth.infraDailyUptime(Number(r.device_id), r.day).uptimePercentage,
      );
    const state = await inspect((db) =>
      sql<{
        watermark: Date;
      }>`select watermark from uptrends.etl_state where stream = 'infra_device_uptime'`.execute(db),
    );
    expect(state.rows[0]?.watermark).toEqual(localMidnight(today, rig.sim.timeZone));
  });

  it('without Infra credentials the other streams run and the Infra streams are reported skipped', async () => {
    const summary = await run({ streams: ['timezones', ...STREAMS] }, { infra: false });
    expect(summary.status).toBe('succeeded');
    expect(summary.streams.timezones?.status).toBe('succeeded');
    for (const name of STREAMS)
      expect(summary.streams[name]).toMatchObject({ status: 'skipped', requests: 0 });
    const ledger = await inspect((db) =>
      sql<{ counts: Record<string, { status: string }> }>`
        select stream_counts as counts from uptrends.etl_run where run_id = ${summary.runId}`.execute(db),
    );
    expect(ledger.rows[0]?.counts.infra_devices?.status).toBe('skipped');
  });
});
