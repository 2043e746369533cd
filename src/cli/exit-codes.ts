/**
 * Exit codes of every command. Documented in the README; scripts and schedulers rely on them.
 * Only src/bin.ts sets the process exit code, from this table.
 */
import { EtlError, InterruptedError, RunFailedError, type ErrorCode } from '../errors.ts';

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
  /** `--strict`: the report period holds no data; nothing was written or sent. */
  noData: 9,
  /** Interrupted by SIGINT (Ctrl+C); committed windows stay, the rest is re-read next run. */
  interrupted: 130,
  /** Stopped by SIGTERM (128 + 15, as a shell reports it); otherwise as 130. */
  terminated: 143,
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
  noData: 'no data (--strict)',
  interrupted: 'interrupted',
  terminated: 'terminated',
};

/** "0 ok", "1 bug", "2 usage/config", ...: generated from EXIT for `--help`. */
export const EXIT_CODE_HELP: readonly string[] = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map(
  (key) => `${EXIT[key]} ${SHORT[key]}`,
);

/**
 * The exit code of each error code: the one table. Every code is here (the type says so), so an
 * error exits by what it is, whichever class carries it, in the process or read back from a queued
 * job's record (errors.ts, `errorFromRecord`).
 */
export const EXIT_OF_CODE: Readonly<Record<ErrorCode, number>> = Object.freeze({
  CONFIG_INVALID: EXIT.config,
  USAGE_INVALID: EXIT.config,
  QUERY_REFUSED: EXIT.config,
  QUERY_SYNTAX: EXIT.config,
  QUERY_TIMEOUT: EXIT.config,
  QUERY_FAILED: EXIT.config,
  DATABASE_FAILED: EXIT.database,
  WAREHOUSE_SCHEMA_BEHIND: EXIT.database,
  LOCKED: EXIT.locked,
  API_AUTH_FAILED: EXIT.api,
  API_RATE_LIMITED: EXIT.api,
  API_NOT_FOUND: EXIT.api,
  API_BAD_REQUEST: EXIT.api,
  API_SERVER_ERROR: EXIT.api,
  API_REJECTED: EXIT.api,
  API_TIMEOUT: EXIT.api,
  API_UNREACHABLE: EXIT.api,
  API_BAD_RESPONSE: EXIT.data,
  RECORD_INVALID: EXIT.data,
  STREAM_FAILED: EXIT.data,
  REPORT_FAILED: EXIT.report,
  REPORT_NO_DATA: EXIT.noData,
  MAIL_AUTH_FAILED: EXIT.report,
  MAIL_RECIPIENT_REJECTED: EXIT.report,
  MAIL_SERVER_UNREACHABLE: EXIT.report,
  MAIL_TLS_FAILED: EXIT.report,
  MAIL_FAILED: EXIT.report,
  RUN_PARTIAL: EXIT.partial,
  RUN_FAILED: EXIT.internal,
  INTERRUPTED: EXIT.interrupted,
});

/**
 * The exit code for an error, from its code (EXIT_OF_CODE). Two codes wrap others: a run whose
 * every stream failed exits with its first failure's code, and a stream failure with the code of
 * what stopped it (its cause). Anything that is not an EtlError is a bug (1).
 */
export function exitCodeFor(error: unknown): number {
  if (error instanceof InterruptedError && error.signal === 'SIGTERM') return EXIT.terminated;
  if (error instanceof RunFailedError) return exitCodeFor(error.failures[0]);
  if (error instanceof EtlError && error.code === 'STREAM_FAILED' && error.cause !== undefined) {
    return exitCodeFor(error.cause);
  }
  if (error instanceof EtlError) return EXIT_OF_CODE[error.code] ?? EXIT.internal;
  return EXIT.internal;
}
