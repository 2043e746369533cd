/**
 * Exit codes of every command. Documented in the README; scripts and schedulers rely on them.
 * Only src/bin.ts sets the process exit code, from this table.
 */
import {
  AuthError,
  ConfigError,
  DatabaseError,
  EtlError,
  HttpError,
  InterruptedError,
  LockError,
  MailError,
  RecordValidationError,
  ReportError,
  ResponseFormatError,
  RunFailedError,
  PartialRunError,
  QueryError,
  StreamError,
  UsageError,
} from '../errors.ts';

export const EXIT = {
  ok: 0,
  /** Unexpected error: a bug, reported with its stack. */
  internal: 1,
  /** Invalid usage, option or configuration; a refused or failing `query` statement. */
  config: 2,
  /** The warehouse could not be reached, migrated or written. */
  database: 3,
  /** The API refused the credentials, or stayed unreachable / failing after every retry. */
  api: 4,
  /** The API sent data that failed validation; the window or stream named in the message failed. */
  data: 5,
  /** Another run holds the warehouse lock (use --wait to queue instead). */
  locked: 6,
  /** A report could not be written or e-mailed. */
  report: 7,
  /** Some streams succeeded and some failed (details in the log and `status`). */
  partial: 8,
  /** Interrupted by SIGINT/SIGTERM; committed windows stay, the rest is re-read next run. */
  interrupted: 130,
} as const;

/** Short names of the codes, for the help text (the README table gives the full meaning). */
const SHORT: Record<keyof typeof EXIT, string> = {
  ok: 'ok',
  internal: 'bug',
  config: 'usage/config',
  database: 'database',
  api: 'API',
  data: 'bad data',
  locked: 'locked',
  report: 'report/mail',
  partial: 'partial run',
  interrupted: 'interrupted',
};

/** "0 ok", "1 bug", "2 usage/config", ...: generated from EXIT for `--help`. */
export const EXIT_CODE_HELP: readonly string[] = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map(
  (key) => `${EXIT[key]} ${SHORT[key]}`,
);

/** The exit code for an error. Wrapped errors (StreamError) map by their cause. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof InterruptedError) return EXIT.interrupted;
  if (error instanceof PartialRunError) return EXIT.partial;
  if (error instanceof RunFailedError) return exitCodeFor(error.failures[0]);
  if (error instanceof StreamError && error.cause !== undefined) return exitCodeFor(error.cause);
  if (error instanceof ConfigError || error instanceof UsageError || error instanceof QueryError) {
    return EXIT.config;
  }
  if (error instanceof LockError) return EXIT.locked;
  if (error instanceof DatabaseError) return EXIT.database;
  if (error instanceof AuthError || error instanceof HttpError) return EXIT.api;
  if (error instanceof RecordValidationError || error instanceof ResponseFormatError) return EXIT.data;
  if (error instanceof StreamError) return EXIT.data;
  if (error instanceof ReportError || error instanceof MailError) return EXIT.report;
  if (error instanceof EtlError) return EXIT.internal;
  return EXIT.internal;
}
