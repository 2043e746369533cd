/**
 * The probing half of windows sized for cursor chains (density-plan.ts has the pure sizing, and
 * docs/extraction.md the rule). A partition whose plan is long enough to probe is re-cut into
 * account-local days; its first days, one per concurrency slot, are read first, and the alerts
 * they held give the density by which the rest is joined into even runs of days. Probes are days,
 * not planned windows, because the probe round is a barrier: with `--window 7` and eight slots,
 * week probes held half of a four-month range at the planned size before anything was sized.
 * A round of probes that found less than a page (a range that starts before the data) says
 * nothing about the rest, so the next days are probed in turn. Probes are ordinary windows: they
 * commit, record coverage and move the watermark like any other.
 */
import { joinByDensity, RECORDS_PER_PAGE } from './density-plan.ts';
import type { PlannedWindow, WindowPlan } from './window-plan.ts';

/** What probing reads and writes of a partition's plan. */
export interface ProbedPartition {
  /** Replaced once the probes showed a density. */
  plan: WindowPlan;
  /** Windows read as probes so far (the first `probes` of the plan). */
  probes?: number;
  /** Records the current round of probes read (added to by the engine as windows finish). */
  probeRecords?: number;
}

/** Reads windows `{ part, index }` concurrently; resolves when all have finished or failed. */
export type RunWindows<P> = (work: readonly { part: P; index: number }[]) => Promise<unknown>;

/** The same span cut at local midnights (window-plan.ts `splitDays` in the account's zone). */
export type SplitDays = (windows: readonly PlannedWindow[]) => PlannedWindow[];

/**
 * Probes every partition with more than `slots + 1` planned windows, round by round, and joins the
 * rest of each plan once a round held at least a page. Stops as soon as `failed()` says so. Only
 * for streams whose windows are independent (not `ordered`): the plan's windows are replaced.
 */
export async function probeAndJoin<P extends ProbedPartition>(
  partitions: readonly P[],
  slots: number,
  run: RunWindows<P>,
  failed: () => boolean,
  days: SplitDays,
): Promise<void> {
  let probing = [...partitions];
  while (!failed()) {
    probing = probing.filter((p) => p.plan.windows.length - (p.probes ?? 0) > slots + 1);
    if (probing.length === 0) return;
    const round = probing.map((part) => {
      const from = part.probes ?? 0;
      // Nothing of the plan has been read yet: its days are what the probes and runs are cut from.
      if (from === 0) part.plan = { ...part.plan, windows: days(part.plan.windows) };
      part.probes = from + slots;
      part.probeRecords = 0;
      return { part, from };
    });
    await run(
      round.flatMap(({ part, from }) => Array.from({ length: slots }, (_, k) => ({ part, index: from + k }))),
    );
    for (const { part, from } of round) {
      const probes = part.plan.windows.slice(from, from + slots);
      const density = {
        records: part.probeRecords ?? 0,
        ms: probes[probes.length - 1]!.end.getTime() - probes[0]!.start.getTime(),
      };
      if (density.records < RECORDS_PER_PAGE) continue;
      const rest = joinByDensity(part.plan.windows.slice(from + slots), density, slots);
      part.plan = { ...part.plan, windows: [...part.plan.windows.slice(0, from + slots), ...rest] };
    }
    probing = round.filter(({ part }) => (part.probeRecords ?? 0) < RECORDS_PER_PAGE).map(({ part }) => part);
  }
}
