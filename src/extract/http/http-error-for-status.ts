/**
 * Maps an HTTP error status to the project's error classes. The mapping is the retry policy in
 * one place: 429 and 5xx are retriable (the service or a gateway is having a moment), every other
 * 4xx fails at once because repeating the same request cannot change the answer.
 */
import { AuthError, HttpError, RateLimitError, type ErrorContext } from '../../errors.ts';

/** What is known about the failed answer. */
export interface FailedAnswer {
  status: number;
  /** The service's own message (either error body shape), if it sent one. */
  message: string | undefined;
  /** Parsed Retry-After, ms (429 only). */
  retryAfterMs: number | undefined;
  /** Describes the request for the message, e.g. `api GET /Alert/Monitor/{guid}`. */
  what: string;
  context: ErrorContext;
}

function describe(a: FailedAnswer, fallback: string): string {
  return `${a.what} answered ${a.status}: ${a.message ?? fallback}`;
}

/** The error for a non-2xx answer. */
export function httpErrorForStatus(a: FailedAnswer): HttpError {
  const options = { context: a.context };
  if (a.status === 401 || a.status === 403) {
    const hint =
      a.status === 401
        ? 'check the API user name and password'
        : 'the API account lacks rights on this resource';
    return new AuthError(`${describe(a, 'access denied')} (${hint})`, a.status, options);
  }
  if (a.status === 429) return new RateLimitError(describe(a, 'too many requests'), a.retryAfterMs, options);
  if (a.status === 404) return new HttpError('API_NOT_FOUND', describe(a, 'not found'), a.status, options);
  if (a.status === 400)
    return new HttpError('API_BAD_REQUEST', describe(a, 'bad request'), a.status, options);
  if (a.status >= 500) {
    return new HttpError('API_SERVER_ERROR', describe(a, 'server error'), a.status, {
      ...options,
      retriable: true,
    });
  }
  // Other 4xx, and 1xx/3xx that a plain GET should never see (redirects are not followed).
  return new HttpError('API_REJECTED', describe(a, 'request rejected'), a.status, options);
}
