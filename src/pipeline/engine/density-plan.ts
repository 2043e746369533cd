/**
 * Windows sized for cursor chains (docs/extraction.md, "How alert windows are sized"). Pure.
 *
 * The pages of one window are sequential: each request needs the cursor of the one before. Many
 * short windows keep the concurrency busy but each ends on a part-filled page, so a year of one-day
 * windows costs hundreds of requests more than the alerts need; a few long windows cost the fewest
 * requests but leave the concurrency idle. The engine reads a stream's first days (one per
 * concurrency slot: the probes, window-probes.ts), measures their alerts per day, and joins the
 * remaining days into runs that each hold about `PAGES_PER_WINDOW` pages or more, in a multiple of
 * the concurrency, so every slot has work and the part-filled last pages stay under a tenth of the
 * requests; the runs get shorter along the range, so the slots end together.
 */
import type { PlannedWindow } from './window-plan.ts';

/** Page size of the windowed reads this applies to (alerts: Take=100, the API's maximum). */
export const RECORDS_PER_PAGE = 100;
/** A window is worth its part-filled last page when it holds at least this many pages. */
export const PAGES_PER_WINDOW = 10;
/** At most this many windows per concurrency slot: beyond it only the wasted pages grow. */
const ROUNDS = 4;
const DAY_MS = 86_400_000;

/** What the probe window measured. */
export interface Density {
  /** Records read by the probe window. */
  readonly records: number;
  /** Its length in milliseconds. */
  readonly ms: number;
}

/** How many windows `pages` expected pages are read in, at `concurrency`. */
export function windowCount(pages: number, concurrency: number): number {
  const slots = Math.max(1, concurrency);
  if (pages >= PAGES_PER_WINDOW * slots) {
    return slots * Math.min(ROUNDS, Math.floor(pages / (PAGES_PER_WINDOW * slots)));
  }
  return Math.max(1, Math.floor(pages / PAGES_PER_WINDOW));
}

/** Expected pages of `windows` at the probe's density (records per millisecond, scaled). */
export function expectedPages(windows: readonly PlannedWindow[], density: Density): number {
  if (windows.length === 0) return 0;
  const span = windows[windows.length - 1]!.end.getTime() - windows[0]!.start.getTime();
  const perDay = density.ms > 0 ? (density.records / density.ms) * DAY_MS : 0;
  return (perDay * (span / DAY_MS)) / RECORDS_PER_PAGE;
}

/** A run's share of the range, run 0 first: from 1.75 down to 0.25 times an even share. */
function share(k: number, count: number): number {
  return count === 1 ? 1 : 1.75 - (1.5 * k) / (count - 1);
}

/**
 * The windows after the probes (days), joined into runs of consecutive windows, longest first: the
 * slots take runs in plan order, so the long ones start early and the short ones fill the gaps at
 * the end, and the chains end closer together than with even runs, where the last round of runs
 * ended as unevenly as the days' alerts fell (the peer sync at L = 150 ms: 7.29–7.35 s against
 * 7.46–7.54 s with even runs, three runs each, alternating). The same number of runs, so the same
 * part-filled pages. A run never splits a window it is given, so boundaries stay at local
 * midnights, and every run holds at least one.
 */
export function joinByDensity(
  windows: readonly PlannedWindow[],
  density: Density,
  concurrency: number,
): PlannedWindow[] {
  // Probes that found less than a page say nothing of the rest (a range may start before the data).
  if (windows.length <= 1 || density.records < RECORDS_PER_PAGE) return [...windows];
  const count = Math.min(windows.length, windowCount(expectedPages(windows, density), concurrency));
  const joined: PlannedWindow[] = [];
  let total = 0;
  for (let k = 0; k < count; k++) total += share(k, count);
  let before = 0;
  let from = 0;
  for (let k = 0; k < count; k++) {
    before += share(k, count);
    // Run k ends where its cumulative share of the range does, leaving a window for each run after it.
    const end = k === count - 1 ? windows.length : Math.round((before / total) * windows.length);
    const to = Math.max(from + 1, Math.min(end, windows.length - (count - k - 1)));
    const first = windows[from]!;
    const last = windows[to - 1]!;
    joined.push({ start: first.start, end: last.end, startLocal: first.startLocal, endLocal: last.endLocal });
    from = to;
  }
  return joined;
}
