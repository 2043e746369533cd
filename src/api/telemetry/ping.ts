/**
 * Dead-man's-switch pings (healthchecks.io, Cronitor and the like): `<url>/start` when a run
 * begins, `<url>` when it succeeded, `<url>/fail` when it failed, each a POST with a short
 * plain-text body (the exit code, run ids, account, streams, counts, the error's code and message).
 *
 * A ping never fails the job and never holds it up for long: each attempt has a timeout, a refused
 * or failing attempt (network error, 429, 5xx) is tried again a couple of times, and the whole ping
 * has a deadline (PING_LIMITS). What happened is logged, the URL shown as scheme and host only (its
 * path holds the check's token); the body is masked with the configured secrets.
 */
import type { Logger } from '../../logger.ts';
import { maskSecrets, pingUrlForLog, redactUrlCredentials } from '../../redaction.ts';
import { VERSION } from '../../package-root.ts';
import type { PingTarget } from './telemetry-settings.ts';

/** Which ping. */
export type PingKind = 'start' | 'success' | 'fail';

/** Timeouts and retries of one ping. */
export interface PingLimits {
  /** One attempt's timeout, ms. */
  readonly attemptMs: number;
  /** Attempts in all (the first and the retries). */
  readonly attempts: number;
  /** Pause before a retry, ms. */
  readonly backoffMs: number;
  /** The whole ping, retries included, ms: the most a ping can delay the job. */
  readonly deadlineMs: number;
}

/** 2 s an attempt, 3 attempts, 5 s in all. */
export const PING_LIMITS: PingLimits = { attemptMs: 2_000, attempts: 3, backoffMs: 250, deadlineMs: 5_000 };

/** The longest body sent (healthchecks.io keeps the first 100 kB; a ping is a summary). */
export const MAX_PING_BODY = 10_000;

/** What happened to a ping. */
export interface PingResult {
  readonly kind: PingKind;
  readonly check: string;
  readonly ok: boolean;
  /** The HTTP status of the last attempt, when one answered. */
  readonly status: number | undefined;
  readonly attempts: number;
}

/** The URL of a ping of `kind`: `/start` and `/fail` appended to the path, the query kept. */
export function pingUrl(base: URL, kind: PingKind): URL {
  const url = new URL(base);
  if (kind !== 'success') url.pathname = `${url.pathname.replace(/\/+$/, '')}/${kind}`;
  return url;
}

const retriableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Sends one ping; resolves with what happened, never rejects. `secrets` are masked in the body
 * (with every URL's user-info) before it leaves.
 */
export async function sendPing(
  target: PingTarget,
  kind: PingKind,
  body: string,
  deps: { logger: Logger; secrets: readonly string[]; limits?: PingLimits },
): Promise<PingResult> {
  const limits = deps.limits ?? PING_LIMITS;
  const url = pingUrl(target.url, kind);
  const text = maskSecrets(redactUrlCredentials(body), deps.secrets).slice(0, MAX_PING_BODY);
  const deadline = AbortSignal.timeout(limits.deadlineMs);
  const where = `${pingUrlForLog(url)} (check ${target.check})`;
  let status: number | undefined;
  let problem = '';
  let attempts = 0;
  while (attempts < limits.attempts && !deadline.aborted) {
    attempts++;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8', 'user-agent': `uptrends-etl/${VERSION}` },
        body: text,
        signal: AbortSignal.any([deadline, AbortSignal.timeout(limits.attemptMs)]),
        redirect: 'follow',
      });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) {
        deps.logger.info(
          { ping: kind, check: target.check, status, attempts },
          `ping ${kind} sent to ${where}`,
        );
        return { kind, check: target.check, ok: true, status, attempts };
      }
      problem = `HTTP ${status}`;
      if (!retriableStatus(status)) break;
    } catch (error) {
      status = undefined;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      problem =
        (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
          ? 'no answer in time'
          : (cause ?? (error as Error).message);
    }
    if (attempts < limits.attempts) await pause(limits.backoffMs, deadline);
  }
  deps.logger.warn(
    { ping: kind, check: target.check, status, attempts },
    `ping ${kind} to ${where} failed after ${attempts} attempt(s): ${maskSecrets(problem, deps.secrets)}; the job goes on`,
  );
  return { kind, check: target.check, ok: false, status, attempts };
}
