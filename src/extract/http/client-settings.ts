/**
 * The options of an HTTP client, their defaults, and their validation, done once at construction
 * so a bad `--concurrency` or base URL fails before the first request with a ConfigError naming
 * the option, instead of surfacing later as an odd network error.
 */
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { ConfigError } from '../../errors.ts';
import type { Clock } from '../../terms.ts';

/** Options of one client (one per API). */
export interface ApiClientOptions {
  /** Appears in errors, logs and statistics. */
  name: 'api' | 'infra';
  /** e.g. https://api.uptrends.com/v4; request paths are appended. */
  baseUrl: string;
  /** Basic auth; never in errors, logs or statistics. */
  username: string;
  password: string;
  /** Requests in flight at once. (Default: 4) */
  concurrency?: number;
  /** Request starts per second, spaced evenly. (Default: no budget) */
  maxRps?: number;
  /**
   * (Default: 10000 / 30000 / 60000 / 120000 ms) connectMs applies only to the client's own pool.
   * headersMs and bodyMs bound the wait for the headers and between two chunks of the body;
   * deadlineMs bounds one whole attempt, so a server dripping a byte at a time cannot hold a run.
   */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; deadlineMs?: number };
  /**
   * Largest response body read, in bytes: for every route, or per route template (e.g.
   * `/Monitor`). A larger body fails the request without being read further, and is not retried.
   * (Default: DEFAULT_MAX_BODY_BYTES, and ROUTE_MAX_BODY_BYTES for the routes listed there)
   */
  maxBodyBytes?: number | { default?: number; routes?: Readonly<Record<string, number>> };
  /** (Default: 6 attempts, 500 ms base, 30000 ms max backoff, 120000 ms max Retry-After) */
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterMs?: number };
  /** Source of the full jitter. (Default: Math.random) */
  random?: () => number;
  /** Waits between attempts and for the request budget. (Default: a timer the signal cuts short) */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborts requests and waits (SIGINT). */
  signal?: AbortSignal;
  /** Receives one warning per retry. */
  logger?: Logger;
  /** (Default: a keep-alive Agent owned, and closed, by the client) */
  dispatcher?: Dispatcher;
  /** Reads "now" for HTTP-date Retry-After values. (Default: the system clock) */
  clock?: Clock;
}

/** Largest body of any route unless configured otherwise: 64 MiB (a page of 100 alerts is ~100 kB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Routes whose one answer holds a whole account's list: the monitor list of a very large account
 * (about 5 kB a monitor) may pass the general limit.
 */
export const ROUTE_MAX_BODY_BYTES: Readonly<Record<string, number>> = Object.freeze({
  '/Monitor': 256 * 1024 * 1024,
});

/** The resolved, validated settings of one client. */
export interface ClientSettings {
  base: URL;
  concurrency: number;
  maxRps: number | undefined;
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  deadlineMs: number;
  /** The body limit of a route template. */
  maxBodyBytes(route: string): number;
  retry: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; maxRetryAfterMs: number };
}

function positive(name: string, value: number | undefined, fallback: number, integer: boolean): number {
  const v = value ?? fallback;
  if (!(v > 0) || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    throw new ConfigError(`HTTP client: ${name} must be a positive ${integer ? 'integer' : 'number'}`, {
      context: { option: name },
    });
  }
  return v;
}

function baseUrl(o: ApiClientOptions): URL {
  let base: URL;
  try {
    base = new URL(o.baseUrl);
  } catch (cause) {
    throw new ConfigError(`HTTP client ${o.name}: the base URL is not a valid URL`, {
      cause,
      context: { api: o.name },
    });
  }
  // Refused rather than stripped: credentials in a URL end up in shell history and logs.
  if (base.username !== '' || base.password !== '') {
    throw new ConfigError(
      `HTTP client ${o.name}: put credentials in the user name and password settings, not in the base URL`,
      { context: { api: o.name } },
    );
  }
  base.search = '';
  base.hash = '';
  return base;
}

function bodyLimits(option: ApiClientOptions['maxBodyBytes']): (route: string) => number {
  // One number is the user's limit for every route: it replaces the per-route defaults too.
  const all = typeof option === 'number' ? option : undefined;
  const fallback = positive(
    'maxBodyBytes',
    all ?? (typeof option === 'object' ? option.default : undefined),
    DEFAULT_MAX_BODY_BYTES,
    true,
  );
  const routes = new Map<string, number>(all === undefined ? Object.entries(ROUTE_MAX_BODY_BYTES) : []);
  if (typeof option === 'object')
    for (const [route, bytes] of Object.entries(option.routes ?? {}))
      routes.set(route, positive(`maxBodyBytes.routes[${route}]`, bytes, 1, true));
  return (route) => routes.get(route) ?? fallback;
}

/** The settings with defaults applied; throws ConfigError for an invalid option. */
export function resolveClientSettings(o: ApiClientOptions): ClientSettings {
  return {
    base: baseUrl(o),
    concurrency: positive('concurrency', o.concurrency, 4, true),
    maxRps: o.maxRps === undefined ? undefined : positive('maxRps', o.maxRps, 1, false),
    connectMs: positive('timeouts.connectMs', o.timeouts?.connectMs, 10_000, false),
    headersMs: positive('timeouts.headersMs', o.timeouts?.headersMs, 30_000, false),
    bodyMs: positive('timeouts.bodyMs', o.timeouts?.bodyMs, 60_000, false),
    deadlineMs: positive('timeouts.deadlineMs', o.timeouts?.deadlineMs, 120_000, false),
    maxBodyBytes: bodyLimits(o.maxBodyBytes),
    retry: {
      maxAttempts: positive('retry.maxAttempts', o.retry?.maxAttempts, 6, true),
      baseDelayMs: positive('retry.baseDelayMs', o.retry?.baseDelayMs, 500, false),
      maxDelayMs: positive('retry.maxDelayMs', o.retry?.maxDelayMs, 30_000, false),
      maxRetryAfterMs: positive('retry.maxRetryAfterMs', o.retry?.maxRetryAfterMs, 120_000, false),
    },
  };
}
