import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contiguousEnd, planWindows, splitDays } from '../../../../src/pipeline/engine/window-plan.ts';

const zone = 'Europe/Amsterdam';
const base = { zone, lookbackDays: 3, initialDays: 30, windowDays: 1 };

describe('planWindows', () => {
  it('first nightly run reads initialDays of whole local days, then today up to now', () => {
    const now = new Date('2025-11-20T10:17:00Z'); // 11:17 local
    const plan = planWindows({ ...base, now, initialDays: 2 });
    expect(plan.mode).toBe('nightly');
    expect(plan.windows.map((w) => [w.startLocal, w.endLocal])).toEqual([
      ['2025-11-18T00:00:00', '2025-11-19T00:00:00'],
      ['2025-11-19T00:00:00', '2025-11-20T00:00:00'],
      ['2025-11-20T00:00:00', '2025-11-20T11:17:00'],
    ]);
    expect(plan.windows[2]!.end).toEqual(now);
  });

  it('a run in the first second of a local day plans no empty window: the API takes whole seconds', () => {
    // 23:00:00.641 UTC is 00:00:00.641 in Amsterdam. The slice [00:00:00.000, 00:00:00.641) was
    // asked for as Start = End = 00:00:00, which the service refuses with a 400 (CI, 23:00 UTC).
    const now = new Date('2026-11-28T23:00:00.641Z');
    const plan = planWindows({ ...base, now, watermark: new Date('2026-11-28T22:59:58.200Z') });
    expect(plan.windows.length).toBeGreaterThan(0);
    for (const w of plan.windows)
      expect(w.startLocal < w.endLocal, `${w.startLocal} .. ${w.endLocal}`).toBe(true);
    expect(plan.windows.at(-1)!.endLocal).toBe('2026-11-29T00:00:00');
    expect(plan.windows.at(-1)!.end).toEqual(new Date('2026-11-28T23:00:00Z'));
  });

  it('every window it plans has whole-second bounds and asks for at least one second', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 0, max: 3 }),
        (ms, back) => {
          const now = new Date(ms);
          const plan = planWindows({ ...base, now, watermark: new Date(ms - back * 86_400_000 - 1500) });
          for (const w of plan.windows) {
            expect(w.start.getTime() % 1000).toBe(0);
            expect(w.end.getTime() % 1000).toBe(0);
            expect(w.startLocal < w.endLocal).toBe(true);
          }
        },
      ),
    );
  });

  it('nightly with a watermark starts lookbackDays before its local day', () => {
    const plan = planWindows({
      ...base,
      now: new Date('2025-11-20T02:00:00Z'),
      watermark: new Date('2025-11-19T09:30:00Z'),
    });
    expect(plan.windows[0]!.startLocal).toBe('2025-11-16T00:00:00');
    expect(plan.windows).toHaveLength(5);
  });

  it('plans the same windows whatever the host time zone', () => {
    // The planner once added days with date-fns on native Dates, which read the host zone: on a
    // host set to Europe/Amsterdam, 2025-03-30 + 1 day gave 2025-03-30 again and a range across the
    // spring change looped forever (found while building src/time; the tests run with TZ=UTC).
    const host = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Amsterdam';
      expect(new Date('2025-07-01T00:00:00Z').getTimezoneOffset()).toBe(-120); // the host zone did change
      const plan = planWindows({
        ...base,
        now: new Date('2025-04-10T00:00:00Z'),
        from: '2025-03-28',
        to: '2025-04-02',
      });
      expect(plan.windows.map((w) => w.startLocal.slice(0, 10))).toEqual([
        '2025-03-28',
        '2025-03-29',
        '2025-03-30',
        '2025-03-31',
        '2025-04-01',
      ]);
    } finally {
      if (host === undefined) delete process.env.TZ;
      else process.env.TZ = host;
    }
  });

  it('cuts windows at local midnights, so DST days last 23 and 25 hours', () => {
    const plan = planWindows({
      ...base,
      now: new Date('2025-12-01T00:00:00Z'),
      from: '2025-03-29',
      to: '2025-04-01',
    });
    const hours = plan.windows.map((w) => (w.end.getTime() - w.start.getTime()) / 3_600_000);
    expect(hours).toEqual([24, 23, 24]);
    const autumn = planWindows({
      ...base,
      now: new Date('2025-12-01T00:00:00Z'),
      from: '2025-10-26',
      to: '2025-10-27',
    });
    expect((autumn.windows[0]!.end.getTime() - autumn.windows[0]!.start.getTime()) / 3_600_000).toBe(25);
    expect(autumn.windows[0]!.start.toISOString()).toBe('2025-10-25T22:00:00.000Z');
  });

  it('groups backfill days into windows of windowDays and never plans past now', () => {
    const plan = planWindows({
      ...base,
      windowDays: 7,
      now: new Date('2025-01-20T12:00:00Z'),
      from: '2025-01-01',
      to: '2025-02-01',
    });
    expect(plan.mode).toBe('backfill');
    expect(plan.windows.map((w) => w.startLocal.slice(0, 10))).toEqual([
      '2025-01-01',
      '2025-01-08',
      '2025-01-15',
    ]);
    expect(plan.windows.at(-1)!.end.toISOString()).toBe('2025-01-20T12:00:00.000Z');
  });

  it('resolves a preset to whole months in the account zone', () => {
    const plan = planWindows({ ...base, now: new Date('2025-11-05T08:00:00Z'), preset: 'PreviousMonth' });
    expect(plan.windows[0]!.startLocal).toBe('2025-10-01T00:00:00');
    expect(plan.windows.at(-1)!.endLocal).toBe('2025-11-01T00:00:00');
    expect(plan.windows).toHaveLength(31);
  });

  it('with completedDaysOnly stops at today midnight', () => {
    const plan = planWindows({
      ...base,
      now: new Date('2025-11-20T10:00:00Z'),
      initialDays: 1,
      completedDaysOnly: true,
    });
    expect(plan.windows.map((w) => w.startLocal)).toEqual(['2025-11-19T00:00:00']);
  });

  it('windows tile the range without gaps or overlaps (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (offset, days, windowDays) => {
          const from = new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(Date.UTC(2024, 0, 1) + (offset + days) * 86_400_000).toISOString().slice(0, 10);
          const plan = planWindows({ ...base, windowDays, now: new Date('2030-01-01T00:00:00Z'), from, to });
          expect(plan.windows.length).toBe(Math.ceil(days / windowDays));
          for (let i = 1; i < plan.windows.length; i++)
            expect(plan.windows[i]!.start).toEqual(plan.windows[i - 1]!.end);
          expect(plan.windows[0]!.startLocal).toBe(`${from}T00:00:00`);
          expect(plan.windows.at(-1)!.endLocal).toBe(`${to}T00:00:00`);
        },
      ),
    );
  });
});

describe('splitDays', () => {
  it('re-cuts weeks at every local midnight, DST days included, and ends where the plan ends', () => {
    const now = new Date('2025-11-20T10:00:00Z');
    const weeks = planWindows({ ...base, windowDays: 7, now, from: '2025-10-20', to: '2025-12-01' });
    const days = splitDays(weeks.windows, zone);
    expect(days).toHaveLength(32); // 2025-10-20 .. 2025-11-20, the last day ending at now
    expect(days.map((d) => d.startLocal.slice(11))).toEqual(days.map(() => '00:00:00'));
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toEqual(days[i - 1]!.end);
    const hours = days.map((d) => (d.end.getTime() - d.start.getTime()) / 3_600_000);
    expect(hours[6]).toBe(25); // 2025-10-26, the autumn change
    expect(days[0]!.start).toEqual(weeks.windows[0]!.start);
    expect(days.at(-1)!.end).toEqual(now);
    expect(days.at(-1)!.endLocal).toBe('2025-11-20T11:00:00');
  });

  it('keeps a start that is not a local midnight, and an empty plan empty', () => {
    const start = new Date('2025-11-03T09:30:00Z');
    const window = {
      start,
      end: new Date('2025-11-05T23:00:00Z'),
      startLocal: '2025-11-03T10:30:00',
      endLocal: '2025-11-06T00:00:00',
    };
    const days = splitDays([window], zone);
    expect(days.map((d) => [d.startLocal, d.endLocal])).toEqual([
      ['2025-11-03T10:30:00', '2025-11-04T00:00:00'],
      ['2025-11-04T00:00:00', '2025-11-05T00:00:00'],
      ['2025-11-05T00:00:00', '2025-11-06T00:00:00'],
    ]);
    expect(days[0]!.start).toEqual(start);
    expect(splitDays([], zone)).toEqual([]);
  });
});

describe('contiguousEnd', () => {
  const w = (h: number) => ({ start: new Date(h * 3_600_000), end: new Date((h + 1) * 3_600_000) });
  it('stops at the first unfinished window', () => {
    const windows = [w(0), w(1), w(2), w(3)];
    expect(contiguousEnd(windows, new Set([1, 2]))).toBeUndefined();
    expect(contiguousEnd(windows, new Set([0, 1, 3]))).toEqual(windows[1]!.end);
    expect(contiguousEnd(windows, new Set([0, 1, 2, 3]))).toEqual(windows[3]!.end);
  });
});
