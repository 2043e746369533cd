import { describe, expect, it } from 'vitest';
import { probeAndJoin, type ProbedPartition } from '../../../../src/pipeline/engine/window-probes.ts';
import { planWindows, splitDays, type PlannedWindow } from '../../../../src/pipeline/engine/window-plan.ts';

const DAY = 86_400_000;
/** Day windows are already days. */
const asDays = (windows: readonly PlannedWindow[]): PlannedWindow[] => [...windows];

function partition(days: number): ProbedPartition {
  const windows: PlannedWindow[] = Array.from({ length: days }, (_, i) => ({
    start: new Date(i * DAY),
    end: new Date((i + 1) * DAY),
    startLocal: `d${i}`,
    endLocal: `d${i + 1}`,
  }));
  return { plan: { mode: 'backfill', windows } };
}

/** A run that reads `perDay(index)` records for each window, as the engine counts them. */
function runner(perDay: (index: number) => number) {
  const read: number[] = [];
  const run = (work: readonly { part: ProbedPartition; index: number }[]): Promise<void> => {
    for (const { part, index } of work) {
      read.push(index);
      part.probeRecords = (part.probeRecords ?? 0) + perDay(index);
    }
    return Promise.resolve();
  };
  return { run, read };
}

describe('probeAndJoin', () => {
  it('probes one window per slot, then joins the rest by the density they showed', async () => {
    const part = partition(100);
    const { run, read } = runner(() => 1_000);
    await probeAndJoin([part], 4, run, () => false, asDays);
    expect(read).toEqual([0, 1, 2, 3]);
    // 96 days at 10 pages a day: 960 pages, 4 slots -> 16 runs after the 4 probes, 6 days on
    // average, the first 1.75 times that (10.5, rounded up), the last a quarter.
    expect(part.plan.windows).toHaveLength(4 + 16);
    expect(part.plan.windows[4]).toMatchObject({ startLocal: 'd4', endLocal: 'd15' });
    expect(part.plan.windows.at(-1)!.end).toEqual(new Date(100 * DAY));
  });

  it('probes the next windows while a round held less than a page (a range starting before the data)', async () => {
    const part = partition(100);
    const { run, read } = runner((i) => (i < 8 ? 0 : 1_000));
    await probeAndJoin([part], 4, run, () => false, asDays);
    expect(read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(part.probes).toBe(12);
    expect(part.plan.windows.length).toBeLessThan(100);
    expect(part.plan.windows.slice(0, 12).map((w) => w.startLocal)).toEqual(
      Array.from({ length: 12 }, (_, i) => `d${i}`),
    );
  });

  it('leaves short plans alone and stops probing after a failure', async () => {
    const short = partition(5);
    const { run, read } = runner(() => 1_000);
    await probeAndJoin([short], 4, run, () => false, asDays);
    expect(read).toEqual([]);
    expect(short.plan.windows).toHaveLength(5);
    const failing = partition(100);
    await probeAndJoin([failing], 4, runner(() => 0).run, () => (failing.probes ?? 0) >= 4, asDays);
    expect(failing.probes).toBe(4);
    expect(failing.plan.windows).toHaveLength(100);
  });

  it('probes days, not planned weeks, and cuts the rest into runs of days across week boundaries', async () => {
    const zone = 'Europe/Amsterdam';
    const weeks = planWindows({
      zone,
      now: new Date('2025-11-20T10:00:00Z'),
      lookbackDays: 3,
      initialDays: 30,
      windowDays: 7,
      from: '2025-07-23',
      to: '2025-11-20',
    });
    expect(weeks.windows).toHaveLength(18);
    const part: ProbedPartition = { plan: weeks };
    // About 240 alerts a day, as in the bench's peer dataset.
    const { run, read } = runner(() => 240);
    await probeAndJoin(
      [part],
      8,
      run,
      () => false,
      (w) => splitDays(w, zone),
    );
    expect(read).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const probes = part.plan.windows.slice(0, 8);
    expect(probes.map((w) => [w.startLocal, w.endLocal])).toEqual(
      Array.from({ length: 8 }, (_, i) => [`2025-07-${23 + i}T00:00:00`, `2025-07-${24 + i}T00:00:00`]),
    );
    // 112 days at 2.4 pages a day: about 269 pages, 8 slots -> 24 runs, 4.7 days on average,
    // longest first (8 days) and shortest last (1 or 2).
    const rest = part.plan.windows.slice(8);
    expect(rest).toHaveLength(24);
    const lengths = rest.map((w) => Math.round((w.end.getTime() - w.start.getTime()) / DAY));
    expect(lengths[0]).toBe(8);
    expect(lengths.at(-1)!).toBeLessThanOrEqual(2);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(112);
    // Runs start at local midnights that are not week boundaries of the plan.
    expect(rest.some((w) => !weeks.windows.some((p) => p.start.getTime() === w.start.getTime()))).toBe(true);
    expect(rest.every((w) => w.startLocal.endsWith('T00:00:00'))).toBe(true);
    expect(rest[0]!.start).toEqual(probes[7]!.end);
    expect(rest.at(-1)!.end).toEqual(weeks.windows.at(-1)!.end);
  });
});
