/**
 * The retry policy of the HTTP client in one place: when to wait and for how long. Exponential
 * backoff with full jitter (several windows of a backfill fail together when the service hiccups,
 * and a uniform spread keeps their retries from arriving in lockstep); the service's `Retry-After`
 * honoured when longer but capped (a hostile or buggy header cannot park a run for hours); a
 * client-side request budget (`--max-rps`, our own courtesy: the vendor documents no rate limit,
 * facts 1.5); and sleeps that an interrupt cuts short, so SIGINT does not wait out a two-minute
 * Retry-After. Which failures are retried at all is decided by the error classes (http-errors.ts).
 */

/** Resolves after `ms`, or rejects with `signal.reason` as soon as the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  // A signal of its own that follows the run's: listening on it adds no listener to the run
  // signal, which every request and wait in flight would otherwise share (and Node warns past 10).
  const own = signal === undefined ? undefined : AbortSignal.any([signal]);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      own?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    own?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error to throw for an aborted signal (its reason, or a generic AbortError). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** The parts of the retry policy that shape the backoff. */
export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The full-jitter delay, ms (an integer), for retry number `retry` (0-based). */
export function backoffDelay(retry: number, policy: BackoffPolicy, random: () => number): number {
  // 2^retry grows past any sane cap long before it overflows; clamping the exponent keeps the
  // product finite for absurd attempt counts.
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(Math.max(retry, 0), 52));
  const r = random();
  // A random source outside [0, 1) would make the delay negative or exceed the cap.
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(unit * ceiling);
}

const SECONDS = /^\s*(\d+)\s*$/;
// IMF-fixdate and the two obsolete forms all carry a weekday or month name; requiring a letter
// keeps Date.parse from reading bare numbers such as "12.5" as a date.
const LOOKS_LIKE_DATE = /[A-Za-z]{3}/;

/**
 * The wait the header asks for, ms (never negative), or undefined when absent or unreadable.
 * `nowMs` is the current time, used for the HTTP-date form.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = SECONDS.exec(text);
  if (seconds !== null) return Number(seconds[1]) * 1000;
  if (!LOOKS_LIKE_DATE.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Retry policy fields that decide a delay. */
export interface RetryDelayPolicy extends BackoffPolicy {
  maxRetryAfterMs: number;
}

/** The delay, ms, before retry number `retry` (0-based); `retryAfterMs` as parsed from the answer. */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  policy: RetryDelayPolicy,
  random: () => number,
): number {
  const backoff = backoffDelay(retry, policy, random);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(retryAfterMs, policy.maxRetryAfterMs));
}

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
