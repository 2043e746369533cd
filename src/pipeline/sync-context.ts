/**
 * Everything a stream needs during one run, passed down explicitly (no globals): the API clients,
 * the warehouse, the run, the account and its zone, the clock, the logger and the options.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ApiGetter } from '../extract/http/api-client.ts';
import type { Clock, IanaZone } from '../terms.ts';
import type { RecordValidator } from '../extract/record-validator.ts';
import type { SyncOptions } from './sync-options.ts';
import type { SlotRunner } from './engine/window-slots.ts';
import { type Database } from '../load/schema.ts';

/** Progress of a long stream, shown as a bar on a terminal and as log lines otherwise. */
export interface ProgressSink {
  start(stream: string, total: number, unit: string): void;
  tick(stream: string, done: number, extra?: Record<string, number>): void;
  stop(stream: string): void;
}

/** A progress sink that shows nothing. */
export const NO_PROGRESS: ProgressSink = {
  start: () => undefined,
  tick: () => undefined,
  stop: () => undefined,
};

/** Context of one run, shared by its streams. */
export interface SyncContext {
  readonly api: ApiGetter;
  /** Undefined when no infra credentials are configured. */
  readonly infra: ApiGetter | undefined;
  readonly db: Kysely<Database>;
  readonly runId: number;
  readonly accountId: string;
  readonly zone: IanaZone;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly options: SyncOptions;
  readonly signal: AbortSignal;
  readonly validator: RecordValidator;
  readonly progress: ProgressSink;
  /**
   * The run's window slots (`concurrency` of them): every windowed stream reads its windows in
   * these, so streams that run at once never hold more windows (and their batches) in flight than
   * one stream alone did, and a stream's last windows leave their slots to another's first ones.
   */
  readonly windowSlots: SlotRunner;
}

/** What a stream reports back to the run. */
export interface StreamResult {
  records: number;
  written: number;
  windows: number;
  rejected: number;
  notice?: string;
}
