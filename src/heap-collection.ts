/**
 * Full garbage collections at the moments a report knows most of its heap has just become
 * garbage, or, in a sync on an embedded warehouse, whenever the heap has grown past a slack. V8
 * lets the old generation grow to twice what survived its last full collection
 * (src/cli/heap-growth.ts) before it collects, and a report reading 10,000 monitors' rows or
 * zipping their XML fills that room with rows and buffers it is done with: at the peak, that room
 * was most of the difference to 1,000 monitors (docs/reports.md, "Large accounts"). The collector
 * is node's own (`--expose-gc`, turned on at run time when first needed); where it cannot be had,
 * V8's own timing stands.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** A full collection now. */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/**
 * A collector for a long read: `afterPage()` collects once the heap has grown by more than
 * `slackBytes` since the read began or since its last collection.
 */
export function heapSlack(slackBytes: number): { afterPage(): void } {
  let floor = process.memoryUsage().heapUsed;
  return {
    afterPage(): void {
      if (process.memoryUsage().heapUsed - floor <= slackBytes) return;
      collectGarbage();
      floor = process.memoryUsage().heapUsed;
    },
  };
}

/**
 * The same slack watched on a timer while `stop()` is not called: for work with no page of its
 * own to check after, such as a sync on an embedded warehouse, whose process also holds the engine
 * (docs/performance.md, "The embedded warehouse (PGlite)"). The timer never keeps the process
 * alive.
 */
export function watchHeapSlack(slackBytes: number, everyMs: number): { stop(): void } {
  const slack = heapSlack(slackBytes);
  const timer = setInterval(() => slack.afterPage(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
