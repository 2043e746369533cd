/**
 * Error classes of uptrends-etl. Every error carries a stable `code` (part of the product: scripts
 * may match on it), a `retriable` flag (the HTTP layer and the pipeline decide on it, never on
 * message text) and a `context` object naming where it happened (stream, window, route, record
 * id). Context must never hold secrets or parameter values that could contain them.
 * Only `src/bin.ts` maps these classes to exit codes.
 */

/** Every stable error code; scripts may match on these, so a code is never renamed. */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'USAGE_INVALID'
  | 'QUERY_REFUSED'
  | 'QUERY_SYNTAX'
  | 'QUERY_TIMEOUT'
  | 'QUERY_FAILED'
  | 'DATABASE_FAILED'
  | 'WAREHOUSE_SCHEMA_BEHIND'
  | 'LOCKED'
  | 'API_AUTH_FAILED'
  | 'API_RATE_LIMITED'
  | 'API_NOT_FOUND'
  | 'API_BAD_REQUEST'
  | 'API_SERVER_ERROR'
  | 'API_REJECTED'
  | 'API_TIMEOUT'
  | 'API_UNREACHABLE'
  | 'API_BAD_RESPONSE'
  | 'RECORD_INVALID'
  | 'STREAM_FAILED'
  | 'REPORT_FAILED'
  | 'REPORT_NO_DATA'
  | 'MAIL_AUTH_FAILED'
  | 'MAIL_RECIPIENT_REJECTED'
  | 'MAIL_SERVER_UNREACHABLE'
  | 'MAIL_TLS_FAILED'
  | 'MAIL_FAILED'
  | 'RUN_PARTIAL'
  | 'RUN_FAILED'
  | 'INTERRUPTED';

/** Free-form but secret-free description of where an error happened. */
export type ErrorContext = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface EtlErrorOptions {
  retriable?: boolean;
  context?: ErrorContext;
  cause?: unknown;
}

/** Base class: stable code, retriable flag, context and cause. */
export class EtlError extends Error {
  readonly code: ErrorCode;
  readonly retriable: boolean;
  readonly context: ErrorContext;

  constructor(code: ErrorCode, message: string, options: EtlErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retriable = options.retriable ?? false;
    this.context = Object.freeze({ ...(options.context ?? {}) });
  }
}

/** A setting or command-line option is missing or invalid. Never retriable. */
export class ConfigError extends EtlError {
  constructor(message: string, options: Omit<EtlErrorOptions, 'retriable'> = {}) {
    super('CONFIG_INVALID', message, { ...options, retriable: false });
  }
}

/**
 * The command line could not be parsed: an unknown option or command, a missing argument or value.
 * `hint` says where the usage is (`run "uptrends-etl sync --help" for its options`).
 */
export class UsageError extends EtlError {
  readonly hint: string | undefined;

  constructor(message: string, options: Omit<EtlErrorOptions, 'retriable'> & { hint?: string } = {}) {
    super('USAGE_INVALID', message, { ...options, retriable: false });
    this.hint = options.hint;
  }
}

/** Which way an analyst's statement (`query`, `serve`) failed. */
export type QueryErrorCode = 'QUERY_REFUSED' | 'QUERY_SYNTAX' | 'QUERY_TIMEOUT' | 'QUERY_FAILED';

/**
 * An analyst's SQL statement did not run to its end: refused before it ran (a write, a second
 * statement, a function acting outside the transaction) or by the server (a write in a read-only
 * transaction), not valid SQL or naming something that does not exist, stopped at its time limit,
 * or failed on the data (a division by zero, a bad cast). Never retriable: the text must change.
 */
export class QueryError extends EtlError {
  constructor(code: QueryErrorCode, message: string, options: Omit<EtlErrorOptions, 'retriable'> = {}) {
    super(code, message, { ...options, retriable: false });
  }
}

/** The warehouse could not be reached, migrated or written. */
export class DatabaseError extends EtlError {
  constructor(
    message: string,
    options: EtlErrorOptions & { code?: 'DATABASE_FAILED' | 'WAREHOUSE_SCHEMA_BEHIND' } = {},
  ) {
    const { code = 'DATABASE_FAILED', ...rest } = options;
    super(code, message, rest);
  }
}

/** Another run holds the warehouse lock. */
export class LockError extends EtlError {
  constructor(message: string, options: Omit<EtlErrorOptions, 'retriable'> = {}) {
    super('LOCKED', message, { ...options, retriable: true });
  }
}

/** An HTTP request failed: a status the service sent, or no answer at all. */
export class HttpError extends EtlError {
  /** HTTP status, or undefined when no response arrived (timeout, reset, refused). */
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, status: number | undefined, options: EtlErrorOptions = {}) {
    super(code, message, options);
    this.status = status;
  }
}

/** The service answered 401 or 403: credentials are wrong or lack rights. */
export class AuthError extends HttpError {
  constructor(message: string, status: number, options: Omit<EtlErrorOptions, 'retriable'> = {}) {
    super('API_AUTH_FAILED', message, status, { ...options, retriable: false });
  }
}

/** The service answered 429; `retryAfterMs` is what it asked us to wait, when it said. */
export class RateLimitError extends HttpError {
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    retryAfterMs: number | undefined,
    options: Omit<EtlErrorOptions, 'retriable'> = {},
  ) {
    super('API_RATE_LIMITED', message, 429, { ...options, retriable: true });
    this.retryAfterMs = retryAfterMs;
  }
}

/** A response arrived but its body is not what the contract says (not JSON, truncated, wrong shape). */
export class ResponseFormatError extends EtlError {
  constructor(message: string, options: EtlErrorOptions = {}) {
    super('API_BAD_RESPONSE', message, { retriable: options.retriable ?? true, ...options });
  }
}

/** One record failed validation; context names stream, window and record id. */
export class RecordValidationError extends EtlError {
  constructor(message: string, options: Omit<EtlErrorOptions, 'retriable'> = {}) {
    super('RECORD_INVALID', message, { ...options, retriable: false });
  }
}

/** A stream (or one window of it) could not be completed; wraps the error that stopped it. */
export class StreamError extends EtlError {
  constructor(message: string, options: EtlErrorOptions = {}) {
    super('STREAM_FAILED', message, options);
  }
}

/** A report could not be built or written. */
export class ReportError extends EtlError {
  constructor(message: string, options: EtlErrorOptions = {}) {
    super('REPORT_FAILED', message, options);
  }
}

/**
 * The report period holds no data (no monitor monitored in it, or none of its time read), and the
 * caller asked for `--strict`: nothing is written or sent.
 */
export class NoDataError extends EtlError {
  constructor(message: string, options: EtlErrorOptions = {}) {
    super('REPORT_NO_DATA', message, { ...options, retriable: false });
  }
}

/** The e-mail could not be delivered (login refused, recipient rejected, server unreachable). */
export class MailError extends EtlError {
  constructor(code: ErrorCode, message: string, options: EtlErrorOptions = {}) {
    super(code, message, options);
  }
}

/** Some streams of a run succeeded and others failed; `failures` holds each failed stream's error. */
export class PartialRunError extends EtlError {
  constructor(
    message: string,
    readonly failures: readonly EtlError[],
  ) {
    super('RUN_PARTIAL', message, { retriable: false });
  }
}

/**
 * Every stream of a run that was attempted failed. The run exits with the code of the first
 * failure (in run order): "some streams succeeded" would be untrue.
 */
export class RunFailedError extends EtlError {
  constructor(
    message: string,
    readonly failures: readonly [EtlError, ...EtlError[]],
  ) {
    super('RUN_FAILED', message, { retriable: false, cause: failures[0] });
  }
}

/** The run was stopped by a signal; committed windows stay. */
export class InterruptedError extends EtlError {
  /** `message` replaces the default "Interrupted by <signal>" (an interruption read back from a record). */
  constructor(
    readonly signal: string,
    message = `Interrupted by ${signal}`,
  ) {
    super('INTERRUPTED', message, { retriable: true });
  }
}

/**
 * True when the error itself is an EtlError marked retriable. The cause chain is not consulted: a
 * wrapper (a StreamError around an HTTP failure) says for itself whether trying again can help.
 */
export function isRetriable(error: unknown): boolean {
  return error instanceof EtlError && error.retriable;
}

/** An error as a run records it (the run ledger's `error`): never a stack or a secret. */
export interface ErrorRecord {
  readonly code: string;
  readonly message: string;
  readonly context?: ErrorContext;
  readonly retriable?: boolean;
  /** What the error wraps, recorded the same way (a StreamError's cause). */
  readonly cause?: ErrorRecord;
}

/** An error as a record: code, message, context, retriable flag and cause; `INTERNAL` for a bug. */
export function errorRecord(error: unknown): ErrorRecord {
  if (!(error instanceof EtlError)) {
    return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
  }
  const cause = error.cause === undefined ? undefined : errorRecord(error.cause);
  return {
    code: error.code,
    message: error.message,
    context: error.context,
    retriable: error.retriable,
    ...(cause === undefined ? {} : { cause }),
  };
}

/**
 * The error a record stands for, of the one class its code belongs to, with its message, context,
 * retriable flag and cause: a queued job's failure read back from the ledger exits and is reported
 * exactly as the same failure in the process (test/unit/error-records.test.ts, each class).
 * An `INTERNAL` record or an unknown code (a bug in the worker) gives a plain Error: exit 1.
 */
export function errorFromRecord(record: ErrorRecord): Error {
  const cause = record.cause === undefined ? undefined : errorFromRecord(record.cause);
  const options = { context: record.context ?? {}, ...(cause === undefined ? {} : { cause }) };
  const retriable = { ...options, retriable: record.retriable ?? false };
  const code = record.code as ErrorCode;
  const { message } = record;
  switch (code) {
    case 'CONFIG_INVALID':
      return new ConfigError(message, options);
    case 'USAGE_INVALID':
      return new UsageError(message, options);
    case 'QUERY_REFUSED':
    case 'QUERY_SYNTAX':
    case 'QUERY_TIMEOUT':
    case 'QUERY_FAILED':
      return new QueryError(code, message, options);
    case 'DATABASE_FAILED':
    case 'WAREHOUSE_SCHEMA_BEHIND':
      return new DatabaseError(message, { ...retriable, code });
    case 'LOCKED':
      return new LockError(message, options);
    case 'API_AUTH_FAILED':
      return new AuthError(message, Number(record.context?.status ?? 401), options);
    case 'API_RATE_LIMITED':
      return new RateLimitError(message, undefined, options);
    case 'API_NOT_FOUND':
    case 'API_BAD_REQUEST':
    case 'API_SERVER_ERROR':
    case 'API_REJECTED':
    case 'API_TIMEOUT':
    case 'API_UNREACHABLE': {
      const status = record.context?.status;
      return new HttpError(code, message, typeof status === 'number' ? status : undefined, retriable);
    }
    case 'API_BAD_RESPONSE':
      return new ResponseFormatError(message, retriable);
    case 'RECORD_INVALID':
      return new RecordValidationError(message, options);
    case 'STREAM_FAILED':
      return new StreamError(message, retriable);
    case 'REPORT_FAILED':
      return new ReportError(message, retriable);
    case 'MAIL_AUTH_FAILED':
    case 'MAIL_RECIPIENT_REJECTED':
    case 'MAIL_SERVER_UNREACHABLE':
    case 'MAIL_TLS_FAILED':
    case 'MAIL_FAILED':
      return new MailError(code, message, retriable);
    case 'INTERRUPTED':
      // The signal decides the exit code (143 for SIGTERM): kept from the recorded message.
      return new InterruptedError(/\bSIGTERM\b/.test(message) ? 'SIGTERM' : '', message);
    case 'RUN_PARTIAL':
    case 'RUN_FAILED':
      // A run's summary, not one failure: the stream's own error is what a job records.
      return new StreamError(message, retriable);
    default:
      return new Error(message, cause === undefined ? undefined : { cause });
  }
}

/**
 * A server (serve, simulate) could not listen on `host:port`: a usage error (exit 2) naming the
 * address and the option to change, not a bug.
 */
export function listenFailure(cause: unknown, program: string, host: string, port: number): ConfigError {
  const code = (cause as { code?: unknown }).code;
  const why =
    code === 'EADDRINUSE'
      ? 'is in use by another program: choose another with --port'
      : code === 'EACCES'
        ? 'needs privileges this user lacks (a port below 1024): choose another with --port'
        : `cannot be listened on (${typeof code === 'string' ? code : (cause as Error).message}): check --host`;
  return new ConfigError(`${program}: ${host}:${port} ${why}.`, {
    cause,
    context: { setting: code === 'EADDRINUSE' || code === 'EACCES' ? '--port' : '--host' },
  });
}
