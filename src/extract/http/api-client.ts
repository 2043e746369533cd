/**
 * The one HTTP client of the extraction: undici with a keep-alive pool, connect/headers/body
 * timeouts, Basic auth, JSON or XML bodies, retries with full-jitter backoff that honour
 * `Retry-After`, one concurrency limit per API and an optional request budget per second.
 * Every failure is an EtlError whose context names api, route template, method, status and the
 * number of attempts; credentials never appear in errors, logs or statistics. docs/http.md
 * describes the policy.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatchRequest from 'undici/lib/api/api-request.js';
import {
  ConfigError,
  EtlError,
  HttpError,
  isRetriable,
  RateLimitError,
  ResponseFormatError,
  type ErrorContext,
} from '../../errors.ts';
import { systemClock, type Clock } from '../../terms.ts';
import { abortableSleep, abortReason, parseRetryAfter, RateBudget, retryDelay } from './retry-policy.ts';
import { buildRequestUrl, type QueryValues, routeTemplate } from './request-url.ts';
import { httpErrorForStatus, networkError, serviceMessage } from './http-errors.ts';
import { parseBody } from './response-body.ts';
import { resolveClientSettings, type ApiClientOptions, type ClientSettings } from './client-settings.ts';
import { maskSecrets, safeUrl } from '../../redaction.ts';

/** A successful answer. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  /** Body size as received, bytes. */
  bytes: number;
  /** The body as received, decoded: what `body` was parsed from (a reader may keep parts of it). */
  text?: string;
  /** The request URL, without credentials. */
  url: string;
}

/** Options of one GET. */
export interface GetOptions {
  /** (Default: json) */
  accept?: 'json' | 'xml';
  /** Added to every error's context (stream, window, ...). */
  context?: ErrorContext;
  /** Route template for errors and statistics. (Default: derived from the path) */
  route?: string;
  /** XML wrapper elements that hold lists, e.g. ['Devices', 'DataFeeds']. */
  xmlArrays?: string[];
  /** Counters this call also adds to (a stream's own, when streams share one client: metered-getter.ts). */
  meter?: Meter;
}

/** The counters of a client that a caller can also keep for its own calls. */
export type Meter = Pick<ApiStats, 'requests' | 'retries' | 'bytesReceived' | 'bytesSent'>;

/** Counters of one route template. */
export interface RouteStats {
  requests: number;
  retries: number;
  /** Calls that failed for good (after their last attempt). */
  failures: number;
}

/** Counters of a client; `requests` includes retries. */
export interface ApiStats {
  requests: number;
  retries: number;
  bytesReceived: number;
  /** Request line and headers as written, estimated (GET requests have no body). */
  bytesSent: number;
  byRoute: Record<string, RouteStats>;
}

/**
 * The part of the client that streams and readers use. Tests of a reader may pass anything with
 * this shape (the simulator-backed client in practice).
 */
export interface ApiGetter {
  get<T = unknown>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
    options?: GetOptions,
  ): Promise<ApiResponse<T>>;
  stats(): Pick<ApiStats, 'requests' | 'retries' | 'bytesReceived' | 'bytesSent'>;
  close(): Promise<void>;
}

interface Call {
  url: URL;
  route: string;
  what: string;
  accept: 'json' | 'xml';
  xmlArrays: readonly string[];
  context: ErrorContext;
  meter: Meter | undefined;
}

/** The client; create one per API per run and close it at the end. */
export class ApiClient implements ApiGetter {
  readonly #name: 'api' | 'infra';
  readonly #settings: ClientSettings;
  readonly #auth: string;
  readonly #secrets: readonly string[];
  readonly #limit: LimitFunction;
  readonly #budget: RateBudget | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #signal: AbortSignal | undefined;
  readonly #logger: Logger | undefined;
  readonly #clock: Clock;
  readonly #stats: ApiStats = { requests: 0, retries: 0, bytesReceived: 0, bytesSent: 0, byRoute: {} };
  #closed = false;

  constructor(options: ApiClientOptions) {
    const settings = resolveClientSettings(options);
    this.#name = options.name;
    this.#settings = settings;
    const token = Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64');
    this.#auth = `Basic ${token}`;
    this.#secrets = [options.password, token].filter((s) => s !== '');
    this.#limit = pLimit(settings.concurrency);
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? abortableSleep;
    this.#signal = options.signal;
    this.#logger = options.logger;
    this.#clock = options.clock ?? systemClock;
    this.#budget =
      settings.maxRps === undefined ? undefined : new RateBudget(settings.maxRps, { sleep: this.#sleep });
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: settings.connectMs },
        headersTimeout: settings.headersMs,
        bodyTimeout: settings.bodyMs,
        // Below the usual 5 s server idle timeout, so we rarely send on a socket being closed.
        keepAliveTimeout: 4_000,
        connections: settings.concurrency,
      });
  }

  /**
   * GETs `path` (appended to the base URL) with `query` URL-encoded (cursors are base64 with
   * `+/=`). Retries what is retriable; after the last attempt throws the last error, never an
   * empty result. The wait between attempts does not hold a concurrency slot.
   */
  async get<T = unknown>(
    path: string,
    query: QueryValues = {},
    options: GetOptions = {},
  ): Promise<ApiResponse<T>> {
    if (this.#closed)
      throw new ConfigError(`HTTP client ${this.#name} is closed`, { context: { api: this.#name } });
    const route = options.route ?? routeTemplate(path);
    const call: Call = {
      url: buildRequestUrl(this.#settings.base, path, query),
      route,
      what: `${this.#name} GET ${route}`,
      accept: options.accept ?? 'json',
      xmlArrays: options.xmlArrays ?? [],
      context: options.context ?? {},
      meter: options.meter,
    };
    const routeStats = (this.#stats.byRoute[route] ??= { requests: 0, retries: 0, failures: 0 });
    for (let attempt = 1; ; attempt++) {
      let failure: unknown;
      try {
        return await this.#limit(() => this.#attempt<T>(call, attempt, routeStats));
      } catch (error) {
        failure = error;
      }
      if (this.#signal?.aborted === true) throw abortReason(this.#signal);
      if (!isRetriable(failure) || attempt >= this.#settings.retry.maxAttempts) {
        routeStats.failures++;
        throw failure;
      }
      const retryAfterMs = failure instanceof RateLimitError ? failure.retryAfterMs : undefined;
      const delayMs = retryDelay(attempt - 1, retryAfterMs, this.#settings.retry, this.#random);
      this.#stats.retries++;
      if (call.meter !== undefined) call.meter.retries++;
      routeStats.retries++;
      this.#logger?.warn(
        {
          api: this.#name,
          route,
          status: failure instanceof HttpError ? failure.status : undefined,
          code: failure instanceof EtlError ? failure.code : undefined,
          attempt,
          maxAttempts: this.#settings.retry.maxAttempts,
          delayMs,
        },
        `${call.what}: ${failure instanceof EtlError ? failure.code : 'failed'} on attempt ${attempt}/${this.#settings.retry.maxAttempts}, retrying in ${delayMs} ms`,
      );
      await this.#sleep(delayMs, this.#signal);
    }
  }

  /** A copy of the counters. */
  stats(): ApiStats {
    return structuredClone(this.#stats);
  }

  /** Closes the client's own pool (a dispatcher passed in is left to its owner). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async #attempt<T>(call: Call, attempt: number, routeStats: RouteStats): Promise<ApiResponse<T>> {
    await this.#budget?.take(this.#signal);
    const printable = safeUrl(call.url);
    const context: ErrorContext = {
      ...call.context,
      api: this.#name,
      route: call.route,
      method: 'GET',
      attempts: attempt,
      url: printable,
    };
    const headers = {
      accept: call.accept === 'xml' ? 'application/xml' : 'application/json',
      authorization: this.#auth,
      'user-agent': 'uptrends-etl',
    };
    this.#stats.requests++;
    routeStats.requests++;
    const sent = requestBytes(call.url, headers);
    this.#stats.bytesSent += sent;
    if (call.meter !== undefined) {
      call.meter.requests++;
      call.meter.bytesSent += sent;
    }
    let status: number;
    let text: string;
    let bytes: number;
    let answerHeaders: Record<string, string | string[] | undefined>;
    // One signal per attempt: the run's interrupt or this attempt's deadline, whichever comes
    // first. AbortSignal.any holds the run signal weakly, without adding a listener to it, so many
    // requests in flight do not pile listeners onto the one run signal.
    const deadline = AbortSignal.timeout(this.#settings.deadlineMs);
    const signal = this.#signal === undefined ? deadline : AbortSignal.any([this.#signal, deadline]);
    const limit = this.#settings.maxBodyBytes(call.route);
    try {
      // What undici's exported `request(url, { dispatcher })` hands its dispatcher.
      const res = await dispatchRequest.call(this.#dispatcher, {
        origin: call.url.origin,
        path: `${call.url.pathname}${call.url.search}`,
        method: 'GET',
        headers,
        headersTimeout: this.#settings.headersMs,
        bodyTimeout: this.#settings.bodyMs,
        signal,
      });
      status = res.statusCode;
      answerHeaders = res.headers;
      const buffer = await readLimited(res.body, res.headers['content-length'], limit, () =>
        bodyTooLarge(call, limit, { ...context, status: res.statusCode }),
      );
      bytes = buffer.length;
      this.#stats.bytesReceived += bytes;
      if (call.meter !== undefined) call.meter.bytesReceived += bytes;
      text = buffer.toString('utf8');
    } catch (error) {
      if (this.#signal?.aborted === true) throw abortReason(this.#signal);
      if (error instanceof EtlError) throw error;
      if (deadline.aborted) {
        throw new HttpError(
          'API_TIMEOUT',
          `${call.what} did not complete within ${this.#settings.deadlineMs / 1000} s (the deadline of one attempt; UPTRENDS_HTTP_DEADLINE_SECONDS)`,
          undefined,
          { retriable: true, context: { ...context, deadlineMs: this.#settings.deadlineMs }, cause: error },
        );
      }
      throw networkError(error, call.what, context);
    }
    const withStatus: ErrorContext = { ...context, status };
    if (status < 200 || status >= 300) {
      const message = serviceMessage(text);
      throw httpErrorForStatus({
        status,
        message: message === undefined ? undefined : maskSecrets(message, this.#secrets),
        retryAfterMs:
          status === 429 ? parseRetryAfter(answerHeaders['retry-after'], this.#clock().getTime()) : undefined,
        what: call.what,
        context: withStatus,
      });
    }
    const contentType = answerHeaders['content-type'];
    const body =
      status === 204
        ? undefined
        : parseBody(text, {
            accept: call.accept,
            contentType: Array.isArray(contentType) ? contentType[0] : contentType,
            xmlArrays: call.xmlArrays,
            what: `${call.what} (${status})`,
            context: withStatus,
            secrets: this.#secrets,
          });
    return { status, body: body as T, bytes, text, url: printable };
  }
}

/**
 * The body, read chunk by chunk up to `limit` bytes: a larger one (announced or sent) is dropped
 * at the limit, so a runaway or endless body costs at most `limit` bytes of memory.
 */
async function readLimited(
  body: Dispatcher.ResponseData['body'],
  contentLength: string | string[] | undefined,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : (contentLength ?? Number.NaN));
  if (announced > limit) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function bodyTooLarge(call: Call, limit: number, context: ErrorContext): ResponseFormatError {
  // Not retriable: the same request would bring the same body again.
  return new ResponseFormatError(
    `${call.what}: the response body is larger than the limit of ${formatBytes(limit)} for ${call.route} (maxBodyBytes; UPTRENDS_HTTP_MAX_BODY_MB raises it)`,
    { retriable: false, context: { ...context, limitBytes: limit } },
  );
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`
    : `${n} bytes`;
}

function requestBytes(url: URL, headers: Record<string, string>): number {
  let n = Buffer.byteLength(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n\r\n`,
  );
  for (const [k, v] of Object.entries(headers)) n += Buffer.byteLength(`${k}: ${v}\r\n`);
  return n;
}
