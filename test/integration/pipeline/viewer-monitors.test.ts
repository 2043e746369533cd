/**
 * Issue 40, item 11: a monitor read by an operator without administrator rights carries six
 * fields (the spec's authentication rule 10: MonitorGuid, Name, MonitorType, MonitorMode,
 * IsActive, GenerateAlert). Loaded after a full read, it must not erase what the full read stored
 * (check interval, URL, creation date, raw record, error conditions) nor open a configuration
 * version; only what the six fields themselves changed (here a rename) may change. Before, the
 * viewer's record overwrote every column with null, soft-deleted the error conditions and opened a
 * new version of every monitor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv } from '../../support/reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

// Written out from the spec, not imported from the code under test.
const SIX = ['MonitorGuid', 'Name', 'MonitorType', 'MonitorMode', 'IsActive', 'GenerateAlert'];
// What a second read may change without changing what the warehouse says.
const VOLATILE = ['run_id', 'last_seen_at', 'loaded_at'];

let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 21, monitors: 6, days: 5, now: new Date('2026-11-20T10:00:00Z') });
});
afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
});

let clock = new Date('2026-11-20T10:00:00Z');

async function syncMonitors(): Promise<string | undefined> {
  clock = new Date(clock.getTime() + 3_600_000);
  const at = clock;
  const config = loadConfig({ ...tdb.env, ...simulatorEnv(sim) });
  const summary = await runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, streams: ['monitors'] },
    { logger: silentLogger(), clock: () => at },
  );
  return summary.streams.monitors?.status;
}

type Rows = Record<string, Record<string, unknown>[]>;

async function tables(): Promise<Rows> {
  const warehouse = await tdb.reopen();
  try {
    const out: Rows = {};
    for (const [table, order] of [
      ['monitor', 'monitor_guid'],
      ['monitor_error_condition', 'monitor_guid, error_condition_type, occurrence'],
      ['monitor_history', 'monitor_guid, valid_from'],
    ] as const) {
      const drop = VOLATILE.map((c) => ` - '${c}'`).join('');
      const rows = await sql<{ row: Record<string, unknown> }>`
        select to_jsonb(t)${sql.raw(drop)} as row from ${sql.table(`uptrends.${table}`)} t
        order by ${sql.raw(order)}`.execute(warehouse.db);
      out[table] = rows.rows.map((r) => r.row);
    }
    return out;
  } finally {
    await tdb.release();
  }
}

/** The answer as a viewer gets it: six fields of each monitor, the first one renamed. */
function asViewer(body: unknown, renamed: string): unknown {
  if (!Array.isArray(body)) return body;
  return body.map((monitor: Record<string, unknown>, i) =>
    Object.fromEntries(
      SIX.filter((f) => f in monitor).map((f) => [f, f === 'Name' && i === 0 ? renamed : monitor[f]]),
    ),
  );
}

describe('a monitor read with a viewer’s six fields', () => {
  it('keeps what a full read stored and opens a version only for what the six fields changed', async () => {
    expect(await syncMonitors()).toBe('succeeded');
    const before = await tables();
    expect(before.monitor!.length).toBe(6);
    expect(before.monitor_error_condition!.length).toBeGreaterThan(0);
    // The full read stored fields a viewer does not get.
    expect(before.monitor!.every((m) => m.check_interval_seconds !== null && m.created_at !== null)).toBe(
      true,
    );

    let served = 0;
    let first: string | undefined;
    sim.inject({
      match: /^\/v4\/Monitor(\?.*)?$/i,
      times: 10_000,
      transform: (body) => {
        served++;
        first ??= String((body as Record<string, unknown>[])[0]?.MonitorGuid).toLowerCase();
        return asViewer(body, 'Renamed by the viewer read');
      },
    });
    try {
      expect(await syncMonitors()).toBe('succeeded');
      const once = await tables();
      expect(served).toBe(1);
      // Monitors: the renamed one's name changed, nothing else of any monitor.
      const expectedMonitors = before.monitor!.map((m) =>
        m.monitor_guid === first ? { ...m, name: 'Renamed by the viewer read' } : m,
      );
      expect(once.monitor).toEqual(expectedMonitors);
      // Error conditions: all kept, none marked deleted.
      expect(once.monitor_error_condition).toEqual(before.monitor_error_condition);
      // History: every earlier version as it was, but the renamed monitor's open one closed at the
      // read, and one new version for it: the new name, every other field of the version before.
      const renamedOpen = before.monitor_history!.find(
        (h) => h.monitor_guid === first && h.valid_to === null,
      )!;
      const readAt = once.monitor_history!.find(
        (h) => h.monitor_guid === first && h.valid_to === null,
      )!.valid_from;
      expect(readAt).not.toBe(renamedOpen.valid_from);
      const expectedHistory = [
        ...before.monitor_history!.map((h) => (h === renamedOpen ? { ...h, valid_to: readAt } : h)),
        { ...renamedOpen, name: 'Renamed by the viewer read', valid_from: readAt },
      ];
      const order = (rows: Record<string, unknown>[]): Record<string, unknown>[] =>
        [...rows].sort((a, b) =>
          `${String(a.monitor_guid)} ${String(a.valid_from)}`.localeCompare(
            `${String(b.monitor_guid)} ${String(b.valid_from)}`,
          ),
        );
      expect(order(once.monitor_history!)).toEqual(order(expectedHistory));

      // The same viewer answer again changes nothing.
      expect(await syncMonitors()).toBe('succeeded');
      expect(await tables()).toEqual(once);
    } finally {
      sim.clearInjections();
    }
  });
});
