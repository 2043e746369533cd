/**
 * Maps a failure below HTTP (no usable answer) to an HttpError: timeouts become `API_TIMEOUT`,
 * refused or reset connections `API_UNREACHABLE`, both retriable because networks and gateways
 * recover; a body cut short by a dropped connection is a retriable ResponseFormatError. Anything
 * unrecognised is returned unchanged: it is a bug in the call, and retrying would hide it.
 */
import { HttpError, ResponseFormatError, type ErrorContext } from '../../errors.ts';

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
      `${what} failed: connection ${code === 'ECONNREFUSED' ? 'refused' : 'lost'} (${code})`,
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
