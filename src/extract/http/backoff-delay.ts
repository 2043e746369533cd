/**
 * Exponential backoff with full jitter: the wait before retry number `retry` (0 for the first
 * retry) is uniform in [0, min(maxDelayMs, baseDelayMs * 2^retry)). Full jitter rather than
 * "equal" or fixed delays because several windows of a backfill fail together when the service
 * hiccups, and a uniform spread keeps their retries from arriving in lockstep.
 */

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
