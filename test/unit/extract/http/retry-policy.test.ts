/** The retry policy: full-jitter backoff, Retry-After, the request budget, interruptible sleeps. */
import fc from 'fast-check';
import {
  abortableSleep,
  backoffDelay,
  parseRetryAfter,
  RateBudget,
  retryDelay,
} from '../../../../src/extract/http/retry-policy.ts';
import { describe, expect, it, vi } from 'vitest';

const policy = { baseDelayMs: 500, maxDelayMs: 30_000 };

describe('backoffDelay (full jitter)', () => {
  it('scales random() by min(max, base * 2^retry)', () => {
    // The ceiling doubles from 500 ms per retry until it meets the 30 s cap at retry 6 (32 s).
    expect(backoffDelay(0, policy, () => 0.5)).toBe(250);
    expect(backoffDelay(1, policy, () => 0.5)).toBe(500);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(2000);
    expect(backoffDelay(5, policy, () => 0.5)).toBe(8000);
    expect(backoffDelay(6, policy, () => 0.5)).toBe(15_000);
    expect(backoffDelay(40, policy, () => 0.5)).toBe(15_000);
  });

  it('spans the whole range: 0 with random 0, just under the ceiling with random near 1', () => {
    expect(backoffDelay(2, policy, () => 0)).toBe(0);
    expect(backoffDelay(2, policy, () => 0.999_999)).toBe(1999);
  });

  it('clamps a random source that misbehaves', () => {
    expect(backoffDelay(0, policy, () => 7)).toBe(500);
    expect(backoffDelay(0, policy, () => -1)).toBe(0);
    expect(backoffDelay(0, policy, () => Number.NaN)).toBe(0);
  });

  it('stays within [0, min(max, base * 2^retry)] for any inputs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 600_000 }),
        (retry, r, base, max) => {
          const d = backoffDelay(retry, { baseDelayMs: base, maxDelayMs: max }, () => r);
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(Math.min(max, base * 2 ** Math.min(retry, 52)));
        },
      ),
    );
  });
});

describe('retryDelay', () => {
  const p = { ...policy, maxRetryAfterMs: 120_000 };

  it('is the backoff when the service asked for nothing', () => {
    expect(retryDelay(1, undefined, p, () => 0.5)).toBe(500);
  });

  it('honours a Retry-After longer than the backoff', () => {
    expect(retryDelay(0, 7000, p, () => 0.5)).toBe(7000);
  });

  it('keeps the backoff when it is longer than Retry-After', () => {
    expect(retryDelay(5, 1000, p, () => 0.5)).toBe(8000);
  });

  it('caps Retry-After at maxRetryAfterMs', () => {
    expect(retryDelay(0, 3_600_000, p, () => 0.5)).toBe(120_000);
  });
});

const NOW = Date.parse('2025-11-20T10:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
  });

  it('reads an IMF-fixdate relative to now', () => {
    expect(parseRetryAfter('Thu, 20 Nov 2025 10:00:30 GMT', NOW)).toBe(30_000);
  });

  it('reads the obsolete RFC 850 date form', () => {
    expect(parseRetryAfter('Thursday, 20-Nov-25 10:01:00 GMT', NOW)).toBe(60_000);
  });

  it('turns a date in the past into no wait', () => {
    expect(parseRetryAfter('Thu, 20 Nov 2025 09:00:00 GMT', NOW)).toBe(0);
  });

  it('takes the first value of a repeated header', () => {
    expect(parseRetryAfter(['3', '9'], NOW)).toBe(3000);
  });

  it.each([undefined, '', '   ', 'soon', '-5', '1.5', '12abc', 'Fooday, 99 Zzz 2025'])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    },
  );
});

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
