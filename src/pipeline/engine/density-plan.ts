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
 * requests.
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

/**
 * The windows after the probes (days), joined into runs of consecutive windows. Each run holds
 * about the same number of them (the density is one figure for the whole range); a run never
 * splits a window it is given, so boundaries stay at local midnights.
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
  for (let k = 0; k < count; k++) {
    // Even shares: run k takes windows [floor(k n / c), floor((k + 1) n / c)).
    const first = windows[Math.floor((k * windows.length) / count)]!;
    const last = windows[Math.floor(((k + 1) * windows.length) / count) - 1]!;
    joined.push({ start: first.start, end: last.end, startLocal: first.startLocal, endLocal: last.endLocal });
  }
  return joined;
}
