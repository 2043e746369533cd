/**
 * The wait before a retry: the full-jitter backoff, or what the service asked for with
 * `Retry-After` when that is longer. The service's wish is capped, so a hostile or buggy header
 * cannot park a run for hours; the cap is the caller's `maxRetryAfterMs`.
 */
import { backoffDelay, type BackoffPolicy } from './backoff-delay.ts';

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
