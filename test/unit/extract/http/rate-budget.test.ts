import { describe, expect, it, vi } from 'vitest';
import { abortableSleep } from '../../../../src/extract/http/abortable-sleep.ts';
import { RateBudget } from '../../../../src/extract/http/rate-budget.ts';

function virtualClock(): { now: () => number; sleep: (ms: number) => Promise<void>; waits: number[] } {
  let t = 1000;
  const waits: number[] = [];
  return {
    now: () => t,
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

describe('RateBudget', () => {
  it('spaces sequential requests 1/rate apart after the first', async () => {
    const c = virtualClock();
    const budget = new RateBudget(20, c);
    const starts: number[] = [];
    for (let i = 0; i < 11; i++) {
      await budget.take();
      starts.push(c.now());
    }
    // 11 starts at 20/s: the 11th starts 10 intervals (500 ms) after the first.
    expect(starts.at(-1)! - starts[0]!).toBe(500);
    expect(c.waits).toEqual(Array(10).fill(50));
  });

  it('serves concurrent callers in arrival order with one sleep each', async () => {
    let t = 0;
    const waits: number[] = [];
    const budget = new RateBudget(4, { now: () => t, sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    await Promise.all([budget.take(), budget.take(), budget.take(), budget.take()]);
    expect(waits).toEqual([250, 500, 750]);
    t = 10_000;
    waits.length = 0;
    await budget.take();
    // After an idle period there is no debt: no wait, and no burst credit beyond one.
    expect(waits).toEqual([]);
    await budget.take();
    expect(waits).toEqual([250]);
  });

  it('never lets more than 1 + T * rate start in any interval T (property of the schedule)', async () => {
    const c = virtualClock();
    const rate = 7;
    const budget = new RateBudget(rate, c);
    const starts: number[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 9 === 0) await c.sleep(37);
      await budget.take();
      starts.push(c.now());
    }
    for (let i = 0; i < starts.length; i++) {
      for (let j = i; j < starts.length; j++) {
        const span = (starts[j]! - starts[i]!) / 1000;
        expect(j - i + 1).toBeLessThanOrEqual(1 + Math.ceil(span * rate + 1e-9));
      }
    }
  });

  it('rejects a rate that is not positive', () => {
    expect(() => new RateBudget(0)).toThrow(RangeError);
    expect(() => new RateBudget(Number.NaN)).toThrow(RangeError);
  });
});

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const p = abortableSleep(1000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await p;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with the signal reason as soon as it aborts', async () => {
    const controller = new AbortController();
    const p = abortableSleep(60_000, controller.signal);
    const reason = new Error('SIGINT');
    controller.abort(reason);
    await expect(p).rejects.toBe(reason);
  });

  it('rejects at once for a signal already aborted', async () => {
    await expect(abortableSleep(10, AbortSignal.abort())).rejects.toThrow();
  });
});
