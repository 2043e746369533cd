/**
 * The checkpoint streams end to end against the simulator, on the backend under test: every
 * checkpoint (from the `Data` envelope) and region (a bare array) lands with its addresses and
 * children, one request each; a second sync writes nothing; the IPv6 objects of before September
 * 2023 give the same addresses; a checkpoint without an id is rejected by name and the rest load;
 * one gone from the list is marked deleted; and an answer without the envelope fails the stream,
 * naming the route, with the warehouse left as it was.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../../src/pipeline/run-sync.ts';

import { PartialRunError } from '../../../src/errors.ts';
import { SIMULATED_CHECKPOINTS } from '../../../src/simulator/data/checkpoints.ts';
import type { RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { liveCounts, tableSnapshot } from '../../support/table-snapshot.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';

const STREAMS = ['checkpoints', 'checkpoint_regions'];
const TABLES = ['checkpoint', 'checkpoint_region'];
const NOW = new Date('2025-11-20T10:17:00Z');

// Every test starts from one sync into an empty warehouse (run once; each test gets its own copy
// of the warehouse and a fresh simulator).
let first: SyncSummary;
const rig = simulatedSyncRig(
  { seed: 5, monitors: 4, days: 2, now: NOW },
  {
    sync: { streams: STREAMS },
    baseline: async (rig) => {
      first = await rig.sync();
    },
  },
);
const sync = () => rig.sync();
const inspect = rig.inspect;

/** Injects rules into the simulator for one sync. */
async function syncWith(...rules: Parameters<RunningSimulator['inject']>[0][]) {
  for (const rule of rules) rig.sim.inject(rule);
  try {
    return await sync();
  } finally {
    rig.sim.clearInjections();
  }
}

const checkpointRows = () =>
  inspect((db) =>
    db
      .selectFrom('checkpoint')
      .select([
        'checkpoint_id',
        'name',
        'code',
        'ipv4_addresses',
        'ipv6_addresses',
        'is_primary',
        'supports_ipv6',
        'has_high_availability',
        'deleted_at',
      ])
      .orderBy('checkpoint_id')
      .execute(),
  );

describe('checkpoint streams', () => {
  it('load every checkpoint and region with their addresses and children, one request each', async () => {
    const summary = first;
    expect(summary.status).toBe('succeeded');
    const truth = rig.sim.truth.counts();
    expect(await inspect((db) => liveCounts(db, TABLES))).toEqual({
      checkpoint: truth.checkpoints,
      checkpoint_region: truth.checkpointRegions,
    });
    expect(summary.streams.checkpoints?.requests).toBe(1);
    expect(summary.streams.checkpoint_regions?.requests).toBe(1);
    expect(await checkpointRows()).toEqual(
      SIMULATED_CHECKPOINTS.map((c) => ({
        checkpoint_id: c.id,
        name: c.name,
        code: c.code,
        ipv4_addresses: c.ipv4,
        ipv6_addresses: c.ipv6,
        is_primary: c.primary,
        supports_ipv6: c.ipv6.length > 0,
        has_high_availability: c.highAvailability,
        deleted_at: null,
      })),
    );
    // The regions nest: the checkpoints of Europe are found through its children.
    const europe = await inspect((db) =>
      sql<{ name: string }>`
        select child.name from uptrends.checkpoint_region parent
        join uptrends.checkpoint_region child on child.checkpoint_region_id = any(parent.child_region_ids)
        where parent.name = 'Europe' order by child.checkpoint_region_id`.execute(db),
    );
    expect(europe.rows.map((r) => r.name)).toEqual(['Netherlands', 'United Kingdom', 'Germany']);
  });

  it('a second sync writes nothing', async () => {
    const before = await inspect((db) => tableSnapshot(db, TABLES));
    const second = await sync();
    for (const name of STREAMS) expect(second.streams[name]?.written).toBe(0);
    expect(await inspect((db) => tableSnapshot(db, TABLES))).toEqual(before);
  });

  it('reads the IPv6 objects of before September 2023 as the same addresses', async () => {
    const before = await checkpointRows();
    const summary = await syncWith({
      match: /\/Checkpoint$/,
      transform: (body) => {
        const page = body as { Data: { Attributes: { IpV6Addresses: unknown[] } }[] };
        for (const c of page.Data)
          c.Attributes.IpV6Addresses = c.Attributes.IpV6Addresses.map((a) => ({
            IpAddress: a,
            IsNative: true,
          }));
        return page;
      },
    });
    expect(summary.status).toBe('succeeded');
    expect(await checkpointRows()).toEqual(before);
  });

  it('rejects a checkpoint without an id by name, loads the rest and keeps the others live', async () => {
    const summary = await syncWith({
      match: /\/Checkpoint$/,
      transform: (body) => {
        const page = body as { Data: Record<string, unknown>[] };
        return {
          ...page,
          Data: [{ Type: 'Checkpoint', Attributes: { CheckpointName: 'Nowhere' } }, ...page.Data],
        };
      },
    });
    expect(summary.streams.checkpoints?.rejected).toBe(1);
    const rejects = await inspect((db) =>
      sql<{ error: string }>`
        select error from uptrends.etl_rejected_record where stream = 'checkpoints'`.execute(db),
    );
    expect(rejects.rows.map((r) => r.error)).toEqual([expect.stringMatching(/^Id: /)]);
    expect((await inspect((db) => liveCounts(db, ['checkpoint']))).checkpoint).toBe(
      SIMULATED_CHECKPOINTS.length,
    );
  });

  it('marks a checkpoint gone from the list deleted, and live again when it is back', async () => {
    const gone = SIMULATED_CHECKPOINTS[2]!.id;
    await syncWith({
      match: /\/Checkpoint$/,
      transform: (body) => {
        const page = body as { Data: { Id: number }[] };
        return { ...page, Data: page.Data.filter((c) => c.Id !== gone) };
      },
    });
    const deleted = (await checkpointRows()).filter((r) => r.deleted_at !== null).map((r) => r.checkpoint_id);
    expect(deleted).toEqual([gone]);
    await sync();
    expect((await checkpointRows()).every((r) => r.deleted_at === null)).toBe(true);
  });

  it('fails the stream naming the route when the checkpoints come without the Data envelope; nothing changes', async () => {
    const before = await inspect((db) => tableSnapshot(db, TABLES));
    const error = await syncWith({
      match: /\/Checkpoint$/,
      transform: (body) => (body as { Data: unknown[] }).Data,
    }).catch((e: unknown) => e);
    // The run is partial: only the checkpoints failed, the regions loaded.
    expect(error).toBeInstanceOf(PartialRunError);
    expect((error as Error).message).toMatch(
      /1 stream\(s\) failed: checkpoints \(Stream checkpoints: \/Checkpoint answered no Data array/,
    );
    expect(await inspect((db) => tableSnapshot(db, TABLES))).toEqual(before);
  });
});
