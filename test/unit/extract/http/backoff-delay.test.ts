import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../../src/extract/http/backoff-delay.ts';
import { retryDelay } from '../../../../src/extract/http/retry-delay.ts';

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
