/**
 * The streams of one run. The list streams run one after another in registry order: each is a
 * snapshot that later ones read (members need their groups, maintenance needs the monitors). A
 * windowed stream (alerts, statistics, Infra uptime) starts as soon as the list streams it reads
 * have finished (`after`: the All Monitors group, the monitors, the device tree), while the later
 * list streams go on beside it; the windowed streams run at once, as none reads what another
 * writes, and share the run's window slots (engine/window-slots.ts), so while the alerts' cursor
 * chains drain, the statistics' windows take the slots they free.
 *
 * Failures: a stream that fails is recorded and the others go on (the run ends `partial`).
 * Refused credentials, a lost database or an interrupt are fatal: they stop the streams running
 * beside it at their next request, and the run ends with that error.
 */
import type { Logger } from 'pino';
import { AuthError, DatabaseError, EtlError, HttpError, InterruptedError, StreamError } from '../errors.ts';
import { OPTIONAL_STREAM_RIGHTS } from './streams/stream-rights.ts';
import { MeteredGetter } from '../extract/http/metered-getter.ts';
import type { StreamCounts } from '../load/ledgers/run-ledger.ts';
import type { StreamDefinition } from './engine/stream-definition.ts';
import { WindowSlots } from './engine/window-slots.ts';
import type { SyncContext } from './sync-context.ts';

/** What the streams of a run did: counts per stream (in registry order) and the failures. */
export interface StreamOutcomes {
  readonly counts: Record<string, StreamCounts>;
  readonly failures: EtlError[];
}

/**
 * Thrown with the counts so far when a fatal error stopped the run's streams. Internal: runSync
 * records the counts and rethrows `error`, the EtlError (with its code) the user sees.
 */
export class StreamsStopped extends Error {
  constructor(
    readonly error: unknown,
    readonly counts: Record<string, StreamCounts>,
  ) {
    super((error as Error).message);
  }
}

/**
 * The refusal that makes an optional stream skippable: 403 (the account lacks the right) on any
 * of its requests, or 404 on its own route (the service does not offer it). A 404 for one GUID
 * under a route with parameters is not that.
 */
function refusal(error: unknown, stream: StreamDefinition): HttpError | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (!(e instanceof HttpError)) continue;
    if (e instanceof AuthError && e.status === 403) return e;
    if (e.status === 404 && e.code === 'API_NOT_FOUND' && !stream.route.includes('{')) return e;
    return undefined;
  }
  return undefined;
}

function fatal(error: unknown): boolean {
  return error instanceof AuthError || error instanceof DatabaseError || error instanceof InterruptedError;
}

/** Runs `selected` (in registry order) on `base`, whose signal stops them. */
export async function runStreams(
  selected: readonly StreamDefinition[],
  base: Omit<SyncContext, 'windowSlots'>,
  logger: Logger,
): Promise<StreamOutcomes> {
  const counts = new Map<string, StreamCounts>();
  const failures: EtlError[] = [];
  // A fatal error in one windowed stream stops the ones running beside it.
  const stop = new AbortController();
  const signal = AbortSignal.any([base.signal, stop.signal]);
  const slots = new WindowSlots(base.options.concurrency);
  let stopped: { error: unknown } | undefined;

  const runOne = async (stream: StreamDefinition, priority: number): Promise<void> => {
    if (signal.aborted) throw signal.reason as Error;
    if (stream.api === 'infra' && base.infra === undefined) {
      counts.set(stream.name, {
        records: 0,
        written: 0,
        windows: 0,
        requests: 0,
        status: 'skipped',
        notice: 'no infra credentials configured',
      });
      logger.info(`stream ${stream.name}: skipped (UPTRENDS_INFRA_USERNAME/PASSWORD not set)`);
      return;
    }
    // The stream's own view of each client: its requests, whatever runs beside it.
    const api = new MeteredGetter(base.api);
    const infra = base.infra === undefined ? undefined : new MeteredGetter(base.infra);
    const requests = (): number => api.stats().requests + (infra?.stats().requests ?? 0);
    const retries = (): number => api.stats().retries + (infra?.stats().retries ?? 0);
    const ctx: SyncContext = { ...base, api, infra, signal, windowSlots: slots.runner(priority) };
    const started = Date.now();
    try {
      const result = await stream.run(ctx);
      counts.set(stream.name, { ...result, requests: requests(), retries: retries(), status: 'succeeded' });
      logger.info(
        { stream: stream.name, ...result, ms: Date.now() - started },
        `stream ${stream.name}: ${result.records} records, ${result.written} rows written${result.rejected > 0 ? `, ${result.rejected} rejected` : ''}`,
      );
    } catch (error) {
      const wrapped =
        error instanceof EtlError
          ? error
          : new StreamError(`Stream ${stream.name} failed: ${(error as Error).message}`, {
              cause: error,
              context: { stream: stream.name },
            });
      const right = OPTIONAL_STREAM_RIGHTS[stream.name];
      const refused = right === undefined || signal.aborted ? undefined : refusal(error, stream);
      if (refused !== undefined) {
        const why =
          refused.status === 403
            ? `the service refused it (403): it needs ${right!}`
            : `the service has no ${stream.route} route (404): it needs ${right!}`;
        counts.set(stream.name, {
          records: 0,
          written: 0,
          windows: 0,
          requests: requests(),
          status: 'skipped',
          notice: why,
        });
        logger.warn(
          { stream: stream.name, status: refused.status },
          `stream ${stream.name}: skipped, ${why}`,
        );
        return;
      }
      counts.set(stream.name, {
        records: 0,
        written: 0,
        windows: 0,
        requests: requests(),
        retries: retries(),
        status: 'failed',
        error: wrapped.message,
      });
      if (fatal(error) || signal.aborted) {
        // An interrupt of the run ends it with the interrupt; a stream's own fatal error with that.
        const reason = signal.aborted && !stop.signal.aborted ? (signal.reason as Error) : error;
        stopped ??= { error: reason };
        stop.abort(reason);
        throw reason;
      }
      logger.error(
        { stream: stream.name, code: wrapped.code, context: wrapped.context },
        `stream ${stream.name} failed: ${wrapped.message}`,
      );
      failures.push(wrapped);
    }
  };

  const inOrder = (): Record<string, StreamCounts> =>
    Object.fromEntries(selected.filter((s) => counts.has(s.name)).map((s) => [s.name, counts.get(s.name)!]));
  try {
    const lists = selected.filter((s) => s.kind === 'list');
    const windowed = selected.filter((s) => s.kind === 'windowed');
    // The list streams one after another; each one's end, failed or not, is what a windowed
    // stream that reads it waits for (a fatal error stops the chain and, through the signal,
    // the windowed streams already running).
    const ended = new Map<string, Promise<unknown>>();
    let chain: Promise<void> = Promise.resolve();
    for (const stream of lists) {
      chain = chain.then(() => runOne(stream, 0));
      ended.set(
        stream.name,
        chain.catch(() => undefined),
      );
    }
    const allLists = chain.catch(() => undefined);
    const startWhenRead = async (stream: StreamDefinition, priority: number): Promise<void> => {
      const reads = stream.after?.flatMap((name) => ended.get(name) ?? []);
      await (reads === undefined ? allLists : Promise.all(reads));
      await runOne(stream, priority);
    };
    const settled = await Promise.allSettled([
      chain,
      ...windowed.map((stream, index) => startWhenRead(stream, index)),
    ]);
    const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (rejected !== undefined) throw stopped?.error ?? rejected.reason;
  } catch (error) {
    throw new StreamsStopped(error, inOrder());
  }
  return { counts: inOrder(), failures };
}
