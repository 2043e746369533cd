/**
 * A view of a shared API client that keeps its own counters. The windowed streams of a run read
 * at once through one client (one concurrency limit and connection pool per API), so the client's
 * own counters mix their requests; each stream's view counts the requests, retries and bytes of
 * its calls alone, for the run ledger and the progress line.
 */
import type { ApiGetter, ApiResponse, GetOptions, Meter } from './api-client.ts';

/** An ApiGetter whose `stats()` are the calls made through it; closing it leaves the client open. */
export class MeteredGetter implements ApiGetter {
  readonly #inner: ApiGetter;
  readonly #meter: Meter = { requests: 0, retries: 0, bytesReceived: 0, bytesSent: 0 };

  constructor(inner: ApiGetter) {
    this.#inner = inner;
  }

  get<T = unknown>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
    options: GetOptions = {},
  ): Promise<ApiResponse<T>> {
    return this.#inner.get<T>(path, query, { ...options, meter: this.#meter });
  }

  stats(): Meter {
    return { ...this.#meter };
  }

  /** The client belongs to the run, which closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
