/**
 * Numbers the schema does not fit end as named rejects, never as "a bug" (issue 40, item 3): each
 * case is placed with the simulator's response injection, and the rest of its answer is applied
 * (a rename in the same monitor list, the other statistics buckets). A duration beyond 68 years
 * is stored (incident.duration_seconds is bigint).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
// Every test starts from the monitors loaded (once; each test gets its own copy and simulator).
let loaded: Record<string, string | undefined>;
const rig = simulatedSyncRig(
  { seed: 11, monitors: 6, days: 20, now: NOW },
  {
    baseline: async () => {
      loaded = await sync({ streams: ['monitor_groups', 'monitors'] });
    },
  },
);

async function sync(options: Partial<SyncOptions>): Promise<Record<string, string | undefined>> {
  try {
    const summary = await rig.sync(options);
    return Object.fromEntries(Object.entries(summary.streams).map(([name, s]) => [name, s?.status]));
  } finally {
    rig.sim.clearInjections();
  }
}

async function query<T>(text: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await rig.inspect((db) => text.execute(db))).rows;
}

interface RejectView {
  stream: string;
  id: string | null;
  error: string;
}

const rejectsOf = (stream: string): Promise<RejectView[]> =>
  query(sql<RejectView>`select stream, record_id as id, error from uptrends.etl_rejected_record
    where stream = ${stream} order by rejected_id`);

describe('numbers outside what their column holds', () => {
  it('a monitor Port 3000000000 and CheckInterval 50000000: named rejects, a rename in the same list applied', async () => {
    expect(loaded).toMatchObject({ monitors: 'succeeded' });
    const monitors = await query(
      sql<{
        guid: string;
        name: string;
      }>`select monitor_guid::text as guid, name from uptrends.monitor order by 1`,
    );
    expect(monitors.length).toBeGreaterThanOrEqual(3);
    rig.sim.inject({
      match: '/Monitor$',
      edits: [
        { set: '0.Port', value: 3_000_000_000 },
        { set: '1.CheckInterval', value: 50_000_000 },
        { set: '2.Name', value: 'renamed beside the bad numbers' },
      ],
    });
    expect(await sync({ streams: ['monitors'] })).toEqual({ monitors: 'succeeded' });
    const rejects = await rejectsOf('monitors');
    expect(rejects).toHaveLength(2);
    expect(rejects[0]!.error).toMatch(/Port: 3000000000 is not a port/);
    expect(rejects[1]!.error).toMatch(/CheckInterval: 50000000 is not a check interval/);
    const names = await query(
      sql<{ name: string }>`select name from uptrends.monitor where deleted_at is null`,
    );
    expect(names.map((n) => n.name)).toContain('renamed beside the bad numbers');
  });

  it('a statistics ConfirmedErrors 3000000000: that bucket a named reject, the others stored', async () => {
    const [monitor] = await query(
      sql<{ guid: string }>`select monitor_guid::text as guid from uptrends.monitor order by 1 limit 1`,
    );
    const range = { from: '2026-11-10', to: '2026-11-12' };
    rig.sim.inject({
      match: `/Statistics/Monitor/${monitor!.guid}`,
      edits: [{ set: 'Data.0.Attributes.ConfirmedErrors', value: 3_000_000_000 }],
    });
    expect(await sync({ streams: ['statistics'], monitors: [monitor!.guid], ...range })).toEqual({
      statistics: 'succeeded',
    });
    const rejects = await rejectsOf('statistics');
    expect(rejects).toHaveLength(1);
    expect(rejects[0]!.error).toMatch(/ConfirmedErrors: 3000000000 is outside what the integer column holds/);
    const buckets = await query(
      sql<{
        n: number;
      }>`select count(*)::int as n from uptrends.monitor_statistics where monitor_guid = ${monitor!.guid}::uuid`,
    );
    // Two days answered in hourly buckets (the simulator's rule for 48 hours), less the rejected one.
    expect(buckets[0]!.n).toBe(47);
  });

  it('an Ok alert whose FirstError is 1950: stored, its incident lasts 76 years without overflow', async () => {
    const range = { from: '2026-11-10', to: '2026-11-17' };
    let key: string | undefined;
    rig.sim.inject({
      match: '/Alert/MonitorGroup/',
      times: 1000,
      transform: (body) => {
        const page = body as { Data: { Attributes: Record<string, unknown> }[] };
        const ok = key === undefined ? page.Data.find((a) => a.Attributes.AlertType === 'Ok') : undefined;
        if (ok !== undefined) {
          ok.Attributes.FirstError = '1950-01-01T00:00:00';
          key = String(ok.Attributes.IncidentKey);
        }
        return page;
      },
    });
    expect(await sync({ streams: ['alerts'], ...range })).toEqual({ alerts: 'succeeded' });
    expect(key).toBeDefined();
    const [incident] = await query(
      sql<{ seconds: string; started: Date; ended: Date }>`select duration_seconds::text as seconds,
        started_at as started, ended_at as ended from uptrends.incident where incident_key = ${key!}`,
    );
    const started = new Date(incident!.started);
    const ended = new Date(incident!.ended);
    expect(started.getTime()).toBeLessThan(Date.UTC(1950, 0, 2));
    expect(Number(incident!.seconds)).toBe((ended.getTime() - started.getTime()) / 1000);
    expect(Number(incident!.seconds)).toBeGreaterThan(2 ** 31);
  });
});
