/**
 * The windows of each partition of a windowed stream for one run, and their progress: which have
 * completed (for the watermark) and, for an ordered stream, a promise per window that its
 * successor waits on before it commits. Planned from the partition's watermark (nightly) or the
 * requested range (backfill) by window-plan.ts; shaped by the stream's policy here.
 */
import { isLocalMidnight } from '../../time/calendar.ts';
import type { SyncContext } from '../sync-context.ts';
import { planWindows, type PlannedWindow, type WindowPlan } from './window-plan.ts';
import type { Partition, WindowPolicy } from './windowed-stream-spec.ts';

/** One partition's plan and progress. */
export interface PartitionPlan<P extends Partition> {
  readonly partition: P;
  /** Replaced once, after the probe window, when the stream joins windows by density. */
  plan: WindowPlan;
  /** Windows read first, alone, to measure the density (densityJoin), and the records they held. */
  probes?: number;
  probeRecords?: number;
  readonly movesWatermark: boolean;
  readonly completed: Set<number>;
  /** Per window, settled with whether it loaded (ordered policy only). */
  readonly settled: Deferred[];
}

/** A promise settled from outside, for windows that wait on the one before them. */
export interface Deferred {
  readonly promise: Promise<boolean>;
  resolve(loaded: boolean): void;
}

function deferred(): Deferred {
  let resolve: (loaded: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

/** The windows of a partition and whether they may move its watermark: the same for every partition with that watermark. */
interface SharedPlan {
  readonly plan: WindowPlan;
  readonly movesWatermark: boolean;
}

function sharedPlan(
  ctx: SyncContext,
  policy: WindowPolicy,
  watermark: Date | undefined,
  maxWindowDays: number | undefined,
): SharedPlan {
  const plan = planWindows({
    ...ctx.options,
    windowDays: policy.days === 'option' ? ctx.options.windowDays : policy.days,
    zone: ctx.zone,
    now: ctx.clock(),
    watermark,
    completedDaysOnly: policy.completedDaysOnly === true,
  });
  // Completed days only: a window that ends inside a day would hold part of that day's figures.
  const days =
    policy.completedDaysOnly === true
      ? plan.windows.filter((w) => isLocalMidnight(w.end, ctx.zone))
      : plan.windows;
  const first = days[0];
  const windows = policy.wholeRange === true && first !== undefined ? joinWindows(days, maxWindowDays) : days;
  // A backfill may move the watermark forward only when it is contiguous with it (or none exists).
  const movesWatermark =
    plan.mode === 'nightly' || watermark === undefined || (first !== undefined && first.start <= watermark);
  return { plan: { ...plan, windows }, movesWatermark };
}

/**
 * Each partition's plan. Partitions with the same watermark (all of them, on a backfill of the
 * statistics of a thousand monitors) share one planning of their windows: planned per partition,
 * a year of day windows for each monitor was a twentieth of a backfill's CPU. Plans are never
 * changed in place (probing replaces a partition's plan), so sharing is safe.
 */
export function plansOf<P extends Partition>(
  ctx: SyncContext,
  policy: WindowPolicy,
  partitions: readonly P[],
  watermarks: ReadonlyMap<string, Date>,
  maxWindowDays: number | undefined,
): PartitionPlan<P>[] {
  const byWatermark = new Map<number | undefined, SharedPlan>();
  return partitions.map((partition) => {
    const watermark = watermarks.get(partition.id);
    const key = watermark?.getTime();
    let shared = byWatermark.get(key);
    if (shared === undefined)
      byWatermark.set(key, (shared = sharedPlan(ctx, policy, watermark, maxWindowDays)));
    return {
      partition,
      plan: shared.plan,
      movesWatermark: shared.movesWatermark,
      completed: new Set<number>(),
      settled: policy.ordered === true ? shared.plan.windows.map(() => deferred()) : [],
    };
  });
}

/** Consecutive windows joined into runs of at most `size` (all of them when undefined). */
function joinWindows(windows: readonly PlannedWindow[], size: number | undefined): PlannedWindow[] {
  const step = size === undefined ? windows.length : Math.max(1, Math.floor(size));
  const joined: PlannedWindow[] = [];
  for (let i = 0; i < windows.length; i += step) {
    const first = windows[i]!;
    const last = windows[Math.min(i + step, windows.length) - 1]!;
    joined.push({ start: first.start, end: last.end, startLocal: first.startLocal, endLocal: last.endLocal });
  }
  return joined;
}
