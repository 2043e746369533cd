/**
 * Records that cannot be processed (issue 17 #6): a record nested thousands of levels deep is
 * rejected into etl_rejected_record naming stream, window and record id; the stream and the run go
 * on. Before the fix the recursive walks (redaction, configuration hash, NUL scrubbing) overflowed
 * the stack: exit 1 for monitors, exit 8 on every run for alerts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { InjectionSpec } from '../../../src/simulator/start-simulator.ts';
import { alertWindow, rejectsOf, resetAlertTables, type WirePage } from '../../support/reliability-corpus.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
/** Deeper than any stack of recursive walks survives (they overflowed at about 5,000). */
const LEVELS = 20_000;
const PLACEHOLDER = '"__deep__"';
const deepJson = (kind: 'object' | 'array'): string =>
  kind === 'object'
    ? '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS)
    : '['.repeat(LEVELS) + ']'.repeat(LEVELS);

let rig: ReliabilityRig;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 11, monitors: 6, days: 10, now: NOW });
  const base = await rig.sync({ streams: ['monitors', 'monitor_groups'] });
  expect(base.exitCode, base.error?.message).toBe(0);
});
afterAll(() => rig.close());

/** One injection that replaces field `field` of item `index` by a deeply nested value. */
function deepIn(
  match: string,
  pick: (body: unknown) => Record<string, unknown>,
  kind: 'object' | 'array',
): InjectionSpec {
  return {
    match,
    transform: (body) => {
      pick(body).Deep = '__deep__';
      return JSON.stringify(body).replace(PLACEHOLDER, deepJson(kind));
    },
  };
}

const count = (table: string): Promise<number> =>
  rig.inspect(
    async (db) =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`uptrends.${table}`)}`.execute(db))
        .rows[0]!.n,
  );

describe('a record nested 20,000 levels deep', () => {
  for (const kind of ['object', 'array'] as const) {
    it(`in the monitor list (${kind}s): that monitor is rejected with its GUID, the others stored, exit 0`, async () => {
      rig.sim.clearInjections();
      let guid = '';
      const handle = rig.sim.inject(
        deepIn(
          '/Monitor$',
          (body) => {
            const m = (body as Record<string, unknown>[])[2]!;
            guid = String(m.MonitorGuid).toLowerCase();
            return m;
          },
          kind,
        ),
      );
      const outcome = await rig.sync({ streams: ['monitors'] });
      expect(handle.served).toBe(1);
      expect(outcome.exitCode, outcome.error?.message).toBe(0);
      const rejects = await rejectsOf(rig, outcome.runId);
      expect(rejects).toHaveLength(1);
      expect(rejects[0]).toMatchObject({ stream: 'monitors', record_id: guid });
      expect(rejects[0]!.error).toMatch(/nested deeper than \d+ levels/);
      // The monitor's row of the previous run stays live; every other monitor is stored.
      expect(await count('monitor')).toBe(rig.sim.truth.counts().monitors);
    });
  }

  it('in an alert page: that alert is rejected naming window and id, the window is stored, exit 0', async () => {
    await resetAlertTables(rig);
    const week = alertWindow(rig, '2025-11-03', '2025-11-10');
    expect(week.truthIds.length).toBeGreaterThan(1);
    let id = '';
    const handle = rig.sim.inject(
      deepIn(
        '/Alert/MonitorGroup/',
        (body) => {
          const a = (body as WirePage).Data[0]!;
          id = String(a.Id).toLowerCase();
          return a.Attributes;
        },
        'object',
      ),
    );
    const outcome = await rig.sync({ streams: ['alerts'], from: week.from, to: week.to, windowDays: 7 });
    expect(handle.served).toBe(1);
    expect(outcome.exitCode, outcome.error?.message).toBe(0);
    const rejects = await rejectsOf(rig, outcome.runId);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]).toMatchObject({ stream: 'alerts', record_id: id });
    expect(rejects[0]!.window_start).toEqual(week.start);
    expect(await count('alert')).toBe(week.truthIds.length - 1);
    // The next run reads the window again cleanly and converges.
    const again = await rig.sync({ streams: ['alerts'], from: week.from, to: week.to, windowDays: 7 });
    expect(again.exitCode).toBe(0);
    expect(await count('alert')).toBe(week.truthIds.length);
  });
});
