/**
 * Issue 4, end to end against the simulator: the configuration streams load every record, a second
 * sync changes nothing, removals become soft deletes, quota history grows by day, faults are
 * absorbed, a permanent outage fails the run naming the stream and route without harming what was
 * loaded, and no monitor password reaches the warehouse.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PartialRunError, RunFailedError } from '../../../src/errors.ts';
import { EXIT, exitCodeFor } from '../../../src/cli/exit-codes.ts';
import { liveCounts, tableSnapshot } from '../../support/table-snapshot.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';
import type { SyncSummary } from '../../../src/pipeline/run-sync.ts';

const CONFIG_STREAMS = [
  'timezones',
  'monitors',
  'monitor_groups',
  'monitor_group_members',
  'slas',
  'sla_exclusion_periods',
  'maintenance_periods',
  'operators',
  'operator_groups',
  'operator_group_members',
  'public_status_pages',
];
const TABLES = [
  'account',
  'timezone',
  'monitor',
  'monitor_history',
  'monitor_error_condition',
  'monitor_group',
  'monitor_group_member',
  'monitor_group_quota_daily',
  'sla',
  'sla_exclusion_period',
  'maintenance_period',
  'operator',
  'operator_group',
  'operator_group_member',
  'public_status_page',
];
const NOW = new Date('2025-11-20T10:17:00Z');
const fast = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
  timeouts: { headersMs: 2000, bodyMs: 2000 },
};

// Every test starts from one sync into an empty warehouse (run once; each test gets its own copy
// of the warehouse and a fresh simulator).
let first: SyncSummary;
const rig = simulatedSyncRig(
  { seed: 7, monitors: 25, days: 10, now: NOW },
  {
    clientOptions: fast,
    sync: { streams: CONFIG_STREAMS },
    baseline: async (rig) => {
      first = await rig.sync();
    },
  },
);
const sync = () => rig.sync();
const inspect = rig.inspect;
const snapshot = () => inspect((db) => tableSnapshot(db, TABLES));

describe('configuration sync against the simulator', () => {
  it('loads every stream into an empty warehouse, counts equal to the ground truth', async () => {
    const summary = first;
    expect(summary.status).toBe('succeeded');
    expect(summary.accountId).toBe(rig.sim.accountId);
    const truth = rig.sim.truth.counts();
    const counts = await inspect((db) => liveCounts(db, TABLES));
    expect(counts).toMatchObject({
      account: 1,
      timezone: truth.timezones,
      monitor: truth.monitors,
      monitor_history: truth.monitors,
      monitor_group: truth.monitorGroups,
      monitor_group_member: truth.monitorGroupMemberships,
      monitor_group_quota_daily: truth.monitorGroups,
      sla: truth.slas,
      sla_exclusion_period: truth.exclusionPeriods,
      maintenance_period: truth.maintenancePeriods,
      operator: truth.operators,
      operator_group: truth.operatorGroups,
      operator_group_member: truth.operatorGroupMemberships,
      public_status_page: truth.statusPages,
    });
    const zone = await inspect((db) =>
      sql<{ iana_zone: string }>`select iana_zone from uptrends.account`.execute(db),
    );
    expect(zone.rows[0]?.iana_zone).toBe(rig.sim.timeZone);
  });

  it('never stores a monitor password', async () => {
    const leaks = await inspect((db) =>
      sql<{
        n: number;
      }>`select count(*) as n from uptrends.monitor where raw::text like '%sim-monitor-secret%'`.execute(db),
    );
    expect(leaks.rows[0]?.n).toBe(0);
    expect(JSON.stringify(await snapshot())).not.toContain('sim-monitor-secret-DO-NOT-STORE');
  });

  it('keeps fields this version does not know in raw', async () => {
    const kept = await inspect((db) =>
      sql<{
        n: number;
      }>`select count(*) as n from uptrends.monitor where raw ? 'SimulatorFutureField'`.execute(db),
    );
    expect(kept.rows[0]?.n).toBeGreaterThan(0);
  });

  it('a second sync changes no row except run stamps', async () => {
    const before = await snapshot();
    await sync();
    expect(await snapshot()).toEqual(before);
  });

  it('absorbs 429, 5xx, resets, truncated bodies and slow answers with the same result', async () => {
    const before = await snapshot();
    const cleanRequests = (await sync()).requests;
    rig.sim.setFaults(
      'rate429=0.15,retryAfter=0,error500=0.1,error503=0.05,reset=0.05,truncate=0.05,malformed=0.05,slow=0.03,slowMs=4000',
    );
    let faulted;
    try {
      faulted = await sync();
    } finally {
      rig.sim.setFaults(undefined);
    }
    // The faults really happened: the same work took retries.
    expect(faulted.requests).toBeGreaterThan(cleanRequests);
    expect(await snapshot()).toEqual(before);
  });

  it('marks a removed monitor deleted and closes its history, keeping the row', async () => {
    const victim = (
      await inspect((db) =>
        sql<{ g: string }>`select monitor_guid::text as g from uptrends.monitor order by 1 limit 1`.execute(
          db,
        ),
      )
    ).rows[0]!.g;
    rig.sim.removeMonitor(victim);
    await sync();
    const rows = await inspect((db) =>
      sql<{ deleted: boolean; open_versions: number }>`
        select m.deleted_at is not null as deleted,
               (select count(*) from uptrends.monitor_history h where h.monitor_guid = m.monitor_guid and h.valid_to is null) as open_versions
        from uptrends.monitor m where m.monitor_guid = ${victim}::uuid`.execute(db),
    );
    expect(rows.rows).toEqual([{ deleted: true, open_versions: 0 }]);
    const live = await inspect((db) => liveCounts(db, ['monitor']));
    expect(live.monitor).toBe(rig.sim.truth.counts().monitors);
  });

  it("adds a quota row per group for the next day, with that day's counters", async () => {
    rig.sim.setNow(new Date(NOW.getTime() + 86_400_000));
    await sync();
    const rows = await inspect((db) =>
      sql<{ monitor_group_guid: string; snapshot_date: string; used_basic_monitor_quota: number }>`
        select monitor_group_guid::text, snapshot_date, used_basic_monitor_quota from uptrends.monitor_group_quota_daily
        order by snapshot_date, monitor_group_guid`.execute(db),
    );
    const dates = [...new Set(rows.rows.map((r) => r.snapshot_date))];
    expect(dates).toEqual(['2025-11-20', '2025-11-21']);
    for (const row of rows.rows) {
      expect(row.used_basic_monitor_quota).toBe(
        rig.sim.truth.quotaSnapshot(row.monitor_group_guid, row.snapshot_date).UsedBasicMonitorQuota,
      );
    }
  });

  it('a permanent 500 on one route fails the run naming stream and route; loaded data stays intact', async () => {
    const before = await inspect((db) => liveCounts(db, ['maintenance_period', 'monitor']));
    rig.sim.setFaults('outage=/MaintenancePeriod$');
    let failure: unknown;
    try {
      await sync();
    } catch (error) {
      failure = error;
    } finally {
      rig.sim.setFaults(undefined);
    }
    expect(failure).toBeInstanceOf(PartialRunError);
    expect((failure as Error).message).toContain('maintenance_periods');
    expect((failure as Error).message).toMatch(/MaintenancePeriod/);
    expect(await inspect((db) => liveCounts(db, ['maintenance_period', 'monitor']))).toEqual(before);
    const run = await inspect((db) =>
      sql<{ status: string }>`select status from uptrends.etl_run order by run_id desc limit 1`.execute(db),
    );
    expect(run.rows[0]?.status).toBe('partial');
  });

  it('two streams failing with none succeeding exit with their code (4), not "partial" (8)', async () => {
    rig.sim.setFaults('outage=/(MaintenancePeriod|Operator)$');
    let failure: unknown;
    try {
      await rig.sync({ streams: ['maintenance_periods', 'operators'] });
    } catch (error) {
      failure = error;
    } finally {
      rig.sim.setFaults(undefined);
    }
    expect(failure).toBeInstanceOf(RunFailedError);
    expect((failure as RunFailedError).failures).toHaveLength(2);
    expect(exitCodeFor(failure)).toBe(EXIT.api);
    const run = await inspect((db) =>
      sql<{ status: string }>`select status from uptrends.etl_run order by run_id desc limit 1`.execute(db),
    );
    expect(run.rows[0]?.status).toBe('failed');
  });
});
