/**
 * From a failed exchange to the project's error classes. A non-2xx status maps by the retry rule
 * (429 and 5xx retriable, other 4xx fail at once: repeating the request cannot change the answer);
 * a failure below HTTP maps by its code (timeouts and lost connections retriable, an unknown
 * host or anything unrecognised not). The service's own message is taken from either of its two
 * error body shapes (facts 1.4), and a body excerpt is cut and masked before it can reach a log.
 */
import {
  AuthError,
  type ErrorContext,
  HttpError,
  RateLimitError,
  ResponseFormatError,
} from '../../errors.ts';
import { maskSecrets } from '../../redaction.ts';

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

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const UNREACHABLE_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);
// The name of the host could not be looked up: a typo in the URL or no DNS, not a dropped line.
const UNRESOLVED_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);

function transportProblem(code: string): string {
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (UNRESOLVED_CODES.has(code)) return 'the host name could not be resolved (check the URL and DNS)';
  return 'connection lost';
}

const CUT_SHORT_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  // Node wraps some socket failures in an AggregateError (one per address tried).
  const inner = (error as { errors?: unknown[] } | null)?.errors;
  return Array.isArray(inner) && inner.length > 0 ? codeOf(inner[0]) : undefined;
}

/** The project error for a transport failure, or `error` itself when it is not one. */
export function networkError(error: unknown, what: string, context: ErrorContext): unknown {
  const code = codeOf(error);
  if (code === undefined) return error;
  const ctx = { ...context, transport: code };
  if (TIMEOUT_CODES.has(code)) {
    return new HttpError('API_TIMEOUT', `${what} timed out (${code})`, undefined, {
      retriable: true,
      context: ctx,
      cause: error,
    });
  }
  if (UNREACHABLE_CODES.has(code) || code.startsWith('HPE_')) {
    return new HttpError(
      'API_UNREACHABLE',
      `${what} failed: ${transportProblem(code)} (${code})`,
      undefined,
      {
        retriable: true,
        context: ctx,
        cause: error,
      },
    );
  }
  if (CUT_SHORT_CODES.has(code)) {
    return new ResponseFormatError(`${what}: the response body ended before its announced length`, {
      retriable: true,
      context: ctx,
      cause: error,
    });
  }
  return error;
}

const MAX_LENGTH = 500;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fromParsed(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const messages = record.Messages ?? record.messages;
  if (Array.isArray(messages)) {
    const parts = messages
      .map((m) => (typeof m === 'string' ? text(m) : text((m as Record<string, unknown> | null)?.Message)))
      .filter((m): m is string => m !== undefined);
    if (parts.length > 0) return parts.join('; ');
  }
  return text(record.Message) ?? text(record.message);
}

/** The service's message in an error body, or undefined when the body has none. */
export function serviceMessage(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // XML error bodies: <Message>...</Message> elements, however they are wrapped.
    const found = [...body.matchAll(/<Message>([^<]*)<\/Message>/g)]
      .map((m) => m[1]!.trim())
      .filter((m) => m !== '');
    return found.length > 0 ? found.join('; ').slice(0, MAX_LENGTH) : undefined;
  }
  return fromParsed(parsed)?.slice(0, MAX_LENGTH);
}

/**
 * A short, printable prefix of a response body for error messages: enough to tell an HTML error
 * page from cut-off JSON, never a whole payload. Known secrets are masked in case a service (or a
 * proxy) ever echoes the request back.
 */

const DEFAULT_LENGTH = 80;

/** At most `length` characters of `body`, on one line, with every string of `secrets` masked. */
export function bodyExcerpt(body: string, secrets: readonly string[], length = DEFAULT_LENGTH): string {
  const oneLine = maskSecrets(body, secrets).replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length)}...` : oneLine;
}
