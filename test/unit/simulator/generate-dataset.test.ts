import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeMonitorStats } from '../../../src/simulator/compute-monitor-stats.ts';
import { generateDataset } from '../../../src/simulator/generate-dataset.ts';
import { AlertIndex } from '../../../src/simulator/alert-index.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const ds = generateDataset({ seed: 13, monitors: 45, days: 120, now: NOW });
const nowSec = NOW.getTime() / 1000;
const t = ds.timeline;

function inWindows(windows: Float64Array, s: number, e: number): boolean {
  for (let i = 0; i < windows.length; i += 2) if (windows[i]! < e && windows[i + 1]! > s) return true;
  return false;
}

describe('generateDataset', () => {
  it('is deterministic: the same options give identical arrays and objects', () => {
    const again = generateDataset({ seed: 13, monitors: 45, days: 120, now: NOW });
    expect(again.timeline).toEqual(ds.timeline);
    expect(again.monitors.map((m) => m.wire)).toEqual(ds.monitors.map((m) => m.wire));
    expect(generateDataset({ seed: 14, monitors: 45, days: 120, now: NOW }).timeline.incStart).not.toEqual(
      ds.timeline.incStart,
    );
  });

  it('places incidents on the check grid, inside the monitor life, apart from each other and from maintenance', () => {
    for (const m of ds.monitors) {
      let prevEnd = -Infinity;
      for (let i = t.monIncOffset[m.index]!; i < t.monIncOffset[m.index + 1]!; i++) {
        const s = t.incStart[i]!;
        const e = t.incEnd[i]!;
        expect(m.mode).toBe('Production');
        expect((s - m.phaseSec) % m.intervalSec).toBe(0);
        expect((e - m.phaseSec) % m.intervalSec).toBe(0);
        expect(e).toBeGreaterThan(s);
        expect(s).toBeGreaterThan(prevEnd);
        expect(s).toBeGreaterThanOrEqual(m.lifeStartSec);
        expect(e).toBeLessThanOrEqual(m.lifeEndSec);
        expect(inWindows(m.pause, s, e) || inWindows(m.quiet, s, e)).toBe(false);
        prevEnd = e;
      }
    }
  });

  it('raises one Error at the re-check, reminders every interval, and one Ok at the recovery check', () => {
    for (let m = 0; m < ds.monitors.length; m++) {
      const recheck = ds.monitors[m]!.recheckSec;
      let lastTime = -Infinity;
      for (let a = t.monAlertOffset[m]!; a < t.monAlertOffset[m + 1]!; a++) {
        const inc = t.alertInc[a]!;
        const kind = t.alertKind[a]!;
        const time = t.alertTime[a]!;
        expect(time).toBeGreaterThan(lastTime);
        lastTime = time;
        if (kind === 0) expect(time).toBe(t.incStart[inc]! + recheck);
        if (kind === 1) expect((time - t.incStart[inc]! - recheck) % ds.reminderIntervalSec).toBe(0);
        if (kind === 1) expect(time).toBeLessThan(t.incEnd[inc]!);
        if (kind === 2) expect(time).toBe(t.incEnd[inc]!);
      }
    }
  });

  it('covers every maintenance mode and type even with three monitors', () => {
    const small = generateDataset({ seed: 1, monitors: 3, days: 10, now: NOW });
    const periods = small.monitors.flatMap((m) => m.maintenance);
    expect(new Set(periods.map((p) => p.ScheduleMode))).toEqual(
      new Set(['OneTime', 'Daily', 'Weekly', 'Monthly']),
    );
    expect(new Set(periods.map((p) => p.MaintenanceType))).toEqual(
      new Set(['DisableMonitoring', 'DisableNotifications']),
    );
  });

  it('merges a group index in time order with exactly its members alerts', () => {
    const index = new AlertIndex(ds);
    const group = ds.groups[2]!;
    const list = index.forGroup(group.index, true);
    const expected = [...group.members].reduce(
      (n, m) => n + (t.monAlertOffset[m + 1]! - t.monAlertOffset[m]!),
      0,
    );
    expect(list.length).toBe(expected);
    for (let i = 1; i < list.length; i++)
      expect(index.keyOf(list[i]!)).toBeGreaterThan(index.keyOf(list[i - 1]!));
    expect(index.forGroup(0, false).every((a) => t.alertKind[a] !== 1)).toBe(true);
  });
});

describe('computeMonitorStats', () => {
  it('downtime is the overlap of [FirstError, Ok) with the interval, clipped to the clock', () => {
    for (const m of ds.monitors.slice(0, 20)) {
      const from = nowSec - 20 * 86_400;
      let expected = 0;
      for (let i = t.monIncOffset[m.index]!; i < t.monIncOffset[m.index + 1]!; i++)
        expected += Math.max(0, Math.min(t.incEnd[i]!, nowSec) - Math.max(t.incStart[i]!, from));
      expect(computeMonitorStats(ds, m, from, nowSec + 86_400, nowSec).downtimeSeconds).toBe(expected);
    }
  });

  it('is additive: an interval split anywhere sums to the whole (property)', () => {
    const start = ds.historyStartSec;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ds.monitors.length - 1 }),
        fc.integer({ min: 0, max: 100 * 86_400 }),
        fc.integer({ min: 1, max: 5 * 86_400 }),
        fc.integer({ min: 1, max: 5 * 86_400 }),
        (mi, offset, len1, len2) => {
          const m = ds.monitors[mi]!;
          const a = start + offset;
          const whole = computeMonitorStats(ds, m, a, a + len1 + len2, nowSec);
          const p1 = computeMonitorStats(ds, m, a, a + len1, nowSec);
          const p2 = computeMonitorStats(ds, m, a + len1, a + len1 + len2, nowSec);
          for (const k of [
            'checks',
            'confirmedErrors',
            'unconfirmedErrors',
            'uptimeSeconds',
            'downtimeSeconds',
            'alerts',
          ] as const)
            expect(p1[k] + p2[k]).toBe(whole[k]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts nothing in the future or before the monitor existed', () => {
    const m = ds.monitors.find((x) => x.lifeStartSec > ds.historyStartSec)!;
    expect(computeMonitorStats(ds, m, ds.historyStartSec, m.lifeStartSec, nowSec)).toEqual({
      checks: 0,
      confirmedErrors: 0,
      unconfirmedErrors: 0,
      uptimeSeconds: 0,
      downtimeSeconds: 0,
      alerts: 0,
    });
    expect(computeMonitorStats(ds, ds.monitors[0]!, nowSec + 60, nowSec + 86_400, nowSec).checks).toBe(0);
  });
});
