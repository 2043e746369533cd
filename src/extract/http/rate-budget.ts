/**
 * A client-side request budget (`--max-rps`). The vendor documents no rate limit (facts 1.5), so
 * the budget is our own courtesy to the account: requests are spaced so that in any interval of
 * T seconds at most `1 + T * rate` start. Implemented as a virtual schedule (GCRA) rather than a
 * polling bucket: each caller reserves the next free slot and sleeps once, so waiters are served
 * in arrival order and nobody spins.
 */
import { abortableSleep } from './abortable-sleep.ts';

/** Collaborators, injectable for tests. */
export interface RateBudgetDeps {
  /** Monotonic milliseconds. (Default: performance.now) */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Spaces request starts to at most `ratePerSecond` on average, with no burst beyond one. */
export class RateBudget {
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  #nextFreeMs = Number.NEGATIVE_INFINITY;

  constructor(ratePerSecond: number, deps: RateBudgetDeps = {}) {
    if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond))
      throw new RangeError('RateBudget: the rate must be a positive number');
    this.#intervalMs = 1000 / ratePerSecond;
    this.#now = deps.now ?? (() => performance.now());
    this.#sleep = deps.sleep ?? abortableSleep;
  }

  /** Waits until this caller may start a request. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.#now();
    const start = Math.max(now, this.#nextFreeMs);
    this.#nextFreeMs = start + this.#intervalMs;
    if (start > now) await this.#sleep(Math.ceil(start - now), signal);
  }
}
