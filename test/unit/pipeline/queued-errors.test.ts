/**
 * A queued job's failure exits and is reported like the same failure in the process (issue 44):
 * the worker records the error in the run ledger (errorForLedger, as JSON), nightly --queue reads it
 * back (jobFailure). Each error class goes through that round trip and must come back as itself:
 * its class, code, exit code, retriable flag, context and cause. The exit codes are the README's.
 */
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeFor } from '../../../src/cli/exit-codes.ts';
import {
  AuthError,
  ConfigError,
  DatabaseError,
  EtlError,
  HttpError,
  InterruptedError,
  isRetriable,
  LockError,
  MailError,
  QueryError,
  RateLimitError,
  RecordValidationError,
  ReportError,
  ResponseFormatError,
  StreamError,
} from '../../../src/errors.ts';
import { errorForLedger } from '../../../src/load/ledgers/run-ledger.ts';
import { jobFailure } from '../../../src/pipeline/queue/queue-syncs.ts';

const where = { stream: 'alerts', window: '2025-10-01/2025-10-08' };

/** The failure, its exit code by the README's table, and a name. */
const CASES: readonly [string, Error, number][] = [
  ['ConfigError', new ConfigError('bad setting', { context: { setting: 'X' } }), 2],
  ['QueryError', new QueryError('QUERY_TIMEOUT', 'ran too long'), 2],
  ['DatabaseError', new DatabaseError('connection lost', { retriable: true, context: where }), 3],
  [
    'DatabaseError WAREHOUSE_SCHEMA_BEHIND',
    new DatabaseError('schema behind', { code: 'WAREHOUSE_SCHEMA_BEHIND' }),
    3,
  ],
  ['LockError', new LockError('another run holds the lock'), 6],
  ['AuthError', new AuthError('401 from /Monitor', 401, { context: { status: 401 } }), 4],
  ['RateLimitError', new RateLimitError('429', 2000), 4],
  [
    'HttpError',
    new HttpError('API_SERVER_ERROR', '502', 502, { retriable: true, context: { status: 502 } }),
    4,
  ],
  ['ResponseFormatError', new ResponseFormatError('not JSON', { context: where }), 5],
  [
    'RecordValidationError',
    new RecordValidationError('bad record', { context: { ...where, record: 'r1' } }),
    5,
  ],
  [
    'StreamError with a cause',
    new StreamError('stream alerts failed', {
      context: where,
      cause: new HttpError('API_TIMEOUT', 'timed out', undefined, { retriable: true }),
    }),
    4,
  ],
  ['StreamError', new StreamError('stream alerts failed', { context: where }), 5],
  ['ReportError', new ReportError('could not write'), 7],
  ['MailError', new MailError('MAIL_AUTH_FAILED', 'login refused'), 7],
  ['InterruptedError', new InterruptedError('SIGINT'), 130],
  // Issue 40, item 8: SIGTERM exits 143, as a shell reports it, in the process and from the queue.
  ['InterruptedError by SIGTERM', new InterruptedError('SIGTERM'), 143],
  ['a bug (no EtlError)', new TypeError('x is undefined'), 1],
];

/** What the worker writes and nightly --queue reads back: JSON in the run ledger. */
function throughTheQueue(error: Error): EtlError {
  const recorded = JSON.parse(JSON.stringify(errorForLedger(error))) as Parameters<typeof jobFailure>[0];
  return jobFailure(recorded, 'acme', 'alerts', error.message);
}

describe('a queued job fails as the same failure in the process', () => {
  it.each(CASES)('%s', (_name, error, exit) => {
    expect(exitCodeFor(error)).toBe(exit);
    const queued = throughTheQueue(error);
    expect(exitCodeFor(queued)).toBe(exit);
    if (!(error instanceof EtlError)) return;
    expect(queued.constructor).toBe(error.constructor);
    expect(queued.code).toBe(error.code);
    expect(queued.retriable).toBe(error.retriable);
    expect(queued.context).toEqual(error.context);
    expect(queued.message).toBe(`account acme, stream alerts: ${error.message}`);
    const cause = error.cause as EtlError | undefined;
    if (cause !== undefined) {
      expect(queued.cause).toBeInstanceOf(cause.constructor);
      expect((queued.cause as EtlError).code).toBe(cause.code);
      expect((queued.cause as Error).message).toBe(cause.message);
    }
  });

  it('the three cases of the issue: API_BAD_RESPONSE exits 5, WAREHOUSE_SCHEMA_BEHIND 3, STREAM_FAILED keeps its cause', () => {
    expect(exitCodeFor(throughTheQueue(new ResponseFormatError('not JSON')))).toBe(EXIT.data);
    expect(
      exitCodeFor(throughTheQueue(new DatabaseError('behind', { code: 'WAREHOUSE_SCHEMA_BEHIND' }))),
    ).toBe(EXIT.database);
    const wrapped = throughTheQueue(new StreamError('failed', { cause: new LockError('held') }));
    expect((wrapped.cause as EtlError).code).toBe('LOCKED');
    expect(exitCodeFor(wrapped)).toBe(EXIT.locked);
  });

  it('a job whose run recorded nothing fails as a stream failure (exit 5)', () => {
    expect(exitCodeFor(jobFailure(null, 'acme', 'alerts', 'no run recorded'))).toBe(EXIT.data);
  });
});

describe('retriable', () => {
  it('is the error’s own flag: a wrapper does not inherit its cause’s', () => {
    const cause = new HttpError('API_TIMEOUT', 'timed out', undefined, { retriable: true });
    expect(isRetriable(cause)).toBe(true);
    expect(isRetriable(new StreamError('failed', { cause }))).toBe(false);
    expect(isRetriable(new StreamError('failed', { cause, retriable: true }))).toBe(true);
  });
});
