/** Alert extraction options against the simulator: one monitor only (--monitor), and a preset backfill. */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { resolvePresetPeriod } from '../../../src/time/calendar-periods.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
// Each test reads what its own sync loaded: its own warehouse and simulator.
const rig = simulatedSyncRig({ seed: 21, monitors: 10, days: 60, now: NOW }, { perTest: true });

const alertIds = async (): Promise<string[]> =>
  (
    await rig.inspect((db) =>
      sql<{ id: string }>`select alert_id::text as id from uptrends.alert order by 1`.execute(db),
    )
  ).rows.map((r) => r.id);

describe('alert options', () => {
  it('--monitor reads that monitor alone, through /Alert/Monitor/{guid}', async () => {
    const monitor = rig.sim.truth.incidents()[0]!.monitorGuid.toLowerCase();
    rig.sim.resetCounts();
    await rig.sync({ streams: ['alerts'], monitors: [monitor], from: '2025-10-01', to: '2025-11-01' });
    const truth = rig.sim.truth
      .alerts({
        includeReminders: true,
        monitorGuids: [monitor],
        start: new Date('2025-09-30T22:00:00Z'),
        end: new Date('2025-10-31T23:00:00Z'),
      })
      .map((a) => String(a.Id).toLowerCase())
      .sort();
    expect(truth.length).toBeGreaterThan(0);
    expect(await alertIds()).toEqual(truth);
    const routes = Object.keys(rig.sim.requestCounts().byRoute);
    expect(JSON.stringify(routes)).toContain('/Alert/Monitor/');
    expect(JSON.stringify(routes)).not.toContain('/Alert/MonitorGroup/');
  });

  it('a monitor whose statistics answer 404 (deleted meanwhile) is skipped, the others load (bug: it failed the stream)', async () => {
    const monitors = [...new Set(rig.sim.truth.incidents().map((i) => i.monitorGuid.toLowerCase()))].slice(
      0,
      3,
    );
    const gone = monitors[0]!;
    rig.sim.inject({
      match: new RegExp(`/Statistics/Monitor/${gone}`, 'i'),
      times: 10,
      status: 404,
      body: '{"Message":"The monitor could not be found."}',
    });
    try {
      const summary = await rig.sync({
        streams: ['statistics'],
        monitors,
        from: '2025-10-01',
        to: '2025-10-08',
      });
      expect(summary.streams.statistics?.status).toBe('succeeded');
    } finally {
      rig.sim.clearInjections();
    }
    const rows = await rig.inspect((db) =>
      sql<{
        g: string;
        n: number;
      }>`select monitor_guid::text as g, count(*) as n from uptrends.monitor_statistics group by 1`.execute(
        db,
      ),
    );
    const loaded = new Map(rows.rows.map((r) => [r.g, r.n]));
    expect(loaded.has(gone)).toBe(false);
    expect(loaded.get(monitors[1]!)).toBe(7);
    expect(loaded.get(monitors[2]!)).toBe(7);
  });

  it('--preset PreviousMonth backfills exactly the previous calendar month in the account zone', async () => {
    await rig.sync({
      streams: ['timezones', 'monitors', 'monitor_groups', 'alerts'],
      preset: 'PreviousMonth',
    });
    const period = resolvePresetPeriod('PreviousMonth', rig.sim.truth.now(), rig.sim.timeZone);
    const truth = rig.sim.truth
      .alerts({ includeReminders: true, start: period.start, end: period.end })
      .map((a) => String(a.Id).toLowerCase());
    // The month must hold alerts, or the loop below would pass without checking anything.
    expect(truth.length).toBeGreaterThan(0);
    const ids = new Set(await alertIds());
    expect(truth.filter((id) => !ids.has(id))).toEqual([]);
    const outside = await rig.inspect((db) =>
      sql<{ n: number }>`select count(*) as n from uptrends.alert
        where raised_at < ${period.start} or raised_at >= ${period.end}`.execute(db),
    );
    expect(outside.rows[0]?.n).toBe(0);
  });
});
