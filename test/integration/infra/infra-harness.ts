/**
 * Runs one Infra stream directly against the simulator, outside `runSync`, so a test can choose
 * the stream's options (page size, XML) or put a tampering getter between the stream and the
 * real HTTP client. The context is what runSync would build: a ledger run, the account's zone,
 * the simulator's clock.
 */
import type { Kysely } from 'kysely';
import { ApiClient, type ApiGetter } from '../../../src/extract/http/api-client.ts';
import { RecordValidator } from '../../../src/extract/record-validator.ts';
import type { StreamDefinition } from '../../../src/pipeline/engine/stream-definition.ts';
import { NO_PROGRESS, type StreamResult, type SyncContext } from '../../../src/pipeline/sync-context.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../../src/pipeline/sync-options.ts';
import { WindowSlots } from '../../../src/pipeline/engine/window-slots.ts';
import { openRun } from '../../../src/load/ledgers/run-ledger.ts';
import { silentLogger } from '../../../src/logger.ts';
import type { RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { type Database } from '../../../src/load/schema.ts';

/** Fast retries: the simulator's faults are decided per attempt, so a few quick retries suffice. */
export const FAST_CLIENT = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
  timeouts: { headersMs: 2000, bodyMs: 5000 },
};

/** A stream run's result plus the requests it made. */
export interface HarnessResult extends StreamResult {
  requests: number;
}

/** Runs `stream` once; `wrap` may replace the Infra getter (e.g. to tamper with bodies). */
export async function runInfraStream(
  db: Kysely<Database>,
  sim: RunningSimulator,
  stream: StreamDefinition,
  options: Partial<SyncOptions> = {},
  wrap: (getter: ApiGetter) => ApiGetter = (g) => g,
): Promise<HarnessResult> {
  const client = new ApiClient({
    ...FAST_CLIENT,
    name: 'infra',
    baseUrl: sim.infraUrl,
    username: sim.credentials.infraUsername,
    password: sim.credentials.infraPassword,
  });
  const runId = await openRun(db, 'test', {}, 'test');
  const logger = silentLogger();
  const ctx: SyncContext = {
    api: client,
    infra: wrap(client),
    db,
    runId,
    accountId: sim.accountId,
    zone: sim.timeZone,
    clock: () => sim.truth.now(),
    logger,
    options: { ...DEFAULT_SYNC_OPTIONS, ...options },
    signal: new AbortController().signal,
    validator: new RecordValidator(logger),
    progress: NO_PROGRESS,
    windowSlots: new WindowSlots(options.concurrency ?? DEFAULT_SYNC_OPTIONS.concurrency).runner(0),
  };
  try {
    const result = await stream.run(ctx);
    return { ...result, requests: client.stats().requests };
  } finally {
    await client.close();
  }
}
