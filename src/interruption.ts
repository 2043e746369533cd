/**
 * Cooperative interruption of long work. The CLI aborts one AbortSignal on SIGINT/SIGTERM
 * (src/bin.ts); its handler only runs when the event loop gets a turn, so long synchronous work
 * (rendering thousands of rows) must yield now and then, and every stage checks the signal.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Throws the signal's reason (an InterruptedError from the CLI) when it has been aborted. */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason as Error;
}

/** At most this long between two turns of the event loop in a loop that calls `pause`. */
const SLICE_MS = 50;

/**
 * A pause for loops: `await pause()` once per row yields to the event loop when the last turn was
 * more than 50 ms ago (so a signal is heard), then throws if the signal was aborted. Without a
 * signal it still yields, so timers and sockets of the process are served.
 */
export function pauser(signal: AbortSignal | undefined): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < SLICE_MS) return undefined;
    return nextTurn().then(() => {
      last = performance.now();
      throwIfInterrupted(signal);
    });
  };
}

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as the signal aborts: for
 * read-only work (a report's queries) that may be abandoned half-way. `work` keeps running in the
 * background; its own rejection is then ignored.
 */
export async function untilInterrupted<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  if (signal === undefined) return work;
  throwIfInterrupted(signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}
