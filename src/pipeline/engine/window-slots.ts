/**
 * The run's window slots: at most `size` windows read at once, across every windowed stream of the
 * run. Streams take slots by priority (their place in the registry: alerts, with the longest
 * cursor chains, before statistics and Infra uptime), and within one priority first come, first
 * served. So the long chains start first, and as they drain, the slots they free go to the next
 * stream's windows instead of standing idle until the stream ends (which is what one stream after
 * another did: the last windows of each stream ran with most slots empty).
 *
 * Deadlock-free for the ordered policy (a window that waits for its predecessor before it commits):
 * a stream's windows are queued in plan order under one priority, so a predecessor is always
 * served before its successors; a waiting window of a lower priority only ever waits for windows
 * of its own stream, which need no slot of anyone else's to finish.
 */

/** Runs a task in a slot; the task's result or error is passed through. */
export type SlotRunner = <T>(task: () => Promise<T>) => Promise<T>;

interface Waiting {
  readonly start: () => void;
}

/** Slots shared by the windowed streams of one run. */
export class WindowSlots {
  readonly #size: number;
  #active = 0;
  /** Waiting tasks per priority (lower runs first), each list first come, first served. */
  readonly #queues = new Map<number, Waiting[]>();

  constructor(size: number) {
    this.#size = Math.max(1, Math.floor(size));
  }

  /** A runner that takes slots at `priority` (lower first). */
  runner(priority: number): SlotRunner {
    return <T>(task: () => Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const start = (): void => {
          this.#active++;
          task()
            .then(resolve, reject)
            .finally(() => {
              this.#active--;
              this.#next();
            });
        };
        if (this.#active < this.#size) start();
        else {
          const queue = this.#queues.get(priority) ?? [];
          queue.push({ start });
          this.#queues.set(priority, queue);
        }
      });
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  #next(): void {
    if (this.#active >= this.#size) return;
    let best: number | undefined;
    for (const [priority, queue] of this.#queues) {
      if (queue.length > 0 && (best === undefined || priority < best)) best = priority;
    }
    if (best === undefined) return;
    this.#queues.get(best)!.shift()!.start();
  }
}
