/**
 * Bench child: one `sync` run (runSync, as the CLI runs it) against the simulator and warehouse
 * named in the environment, on the simulator's fixed clock. Prints the run's status, request count
 * and per-stream figures with the child's wall time, peak RSS and CPU.
 */
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../src/extract/sync-options.ts';
import { silentLogger } from '../../src/logger.ts';
import { runSync } from '../../src/pipeline/run-sync.ts';
import { childInput, measureChild } from './child-measure.ts';

/** What the parent passes. */
export interface SyncChildInput {
  options: Partial<SyncOptions>;
  /** The simulator clock (ISO): the run plans its windows from it. */
  now: string;
}

/** What the child prints (besides the measures). */
export interface SyncChildResult {
  status: string;
  requests: number;
  streams: Record<string, { records: number; written: number; requests: number }>;
}

const input = childInput<SyncChildInput>();
const now = new Date(input.now);
await measureChild<SyncChildResult>(async () => {
  const config = loadConfig(process.env);
  const summary = await runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, ...input.options },
    { logger: silentLogger(), clock: () => now, command: 'bench' },
  );
  const streams = Object.fromEntries(
    Object.entries(summary.streams).map(([name, c]) => [
      name,
      { records: c.records, written: c.written, requests: c.requests },
    ]),
  );
  return { status: summary.status, requests: summary.requests, streams };
});
