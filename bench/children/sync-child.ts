/**
 * Bench child: one `sync` run (runSync, as the CLI runs it) against the simulator and warehouse
 * named in the environment, on the simulator's fixed clock. Prints the run's status, request count
 * and per-stream figures with the child's wall time, peak RSS and CPU.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../src/pipeline/sync-options.ts';
import { runSync } from '../../src/pipeline/run-sync.ts';
import { limitHeapGrowth } from '../../src/cli/heap-growth.ts';
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
  streams: Record<string, { records: number; written: number; requests: number; ms: number | undefined }>;
}

/**
 * A logger that keeps only what the run logs per finished stream: its wall time (`ms`), which the
 * run summary does not carry. Nothing is printed, so stdout stays the one JSON line.
 */
function streamTimer(): { logger: pino.Logger; ms: Map<string, number> } {
  const ms = new Map<string, number>();
  const destination = {
    write(line: string): void {
      const entry = JSON.parse(line) as { stream?: string; ms?: number };
      if (typeof entry.stream === 'string' && typeof entry.ms === 'number') ms.set(entry.stream, entry.ms);
    },
  };
  return { logger: pino({ level: 'info' }, destination), ms };
}

// As the CLI does before every command.
limitHeapGrowth(process.env);
const input = childInput<SyncChildInput>();
const now = new Date(input.now);
await measureChild<SyncChildResult>(async () => {
  const config = loadConfig(process.env);
  const timer = streamTimer();
  const summary = await runSync(
    config,
    { ...DEFAULT_SYNC_OPTIONS, ...input.options },
    { logger: timer.logger, clock: () => now, command: 'bench' },
  );
  const streams = Object.fromEntries(
    Object.entries(summary.streams).map(([name, c]) => [
      name,
      { records: c.records, written: c.written, requests: c.requests, ms: timer.ms.get(name) },
    ]),
  );
  return { status: summary.status, requests: summary.requests, streams };
});
