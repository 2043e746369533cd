/**
 * The sizes of every scenario, full and `--quick`. Full sizes are the issue's; quick sizes keep
 * every code path but finish in about two minutes, and are too small for the scale targets,
 * which a quick run prints without a verdict. The dataset
 * is fixed: seed and simulator clock never change, so two runs read the same alerts.
 */
import type { Backend } from '../src/load/connection/db.ts';

/** Sizes of one bench run. */
export interface BenchSizes {
  readonly quick: boolean;
  readonly seed: number;
  /** Simulator clock (ISO). */
  readonly now: string;
  /** Backends measured: Postgres (judged) and, unless `--no-pglite`, PGlite as a second column. */
  readonly backends: readonly Backend[];
  /**
   * 1. Backfill: dataset, per-request latency L and concurrency C, and how many (backfill, floors)
   * pairs are measured interleaved on Postgres, each backfill into a fresh warehouse (issue 42).
   */
  readonly backfill: {
    monitors: number;
    days: number;
    latencyMs: number;
    concurrency: number;
    pairs: number;
  };
  /**
   * 2. Load throughput: the dataset whose alert rows are loaded, and how many (COPY, merge) pairs
   * are measured side by side, each into a fresh warehouse (issue 42).
   */
  readonly load: { monitors: number; days: number; pairs: number };
  /**
   * 3. Nightly cost vs history: the history held, the nightly run's latency and concurrency, and
   * the number of (year, empty) pairs whose median ratio is judged: 5 as issue 12 asks, 1 in the
   * quick run, which does not judge it (a smoke test: each pair takes a quarter of a minute).
   */
  readonly nightly: {
    monitors: number;
    days: number;
    latencyMs: number;
    concurrency: number;
    repeats: number;
  };
  /** 4 and 5. The large account of the memory and report scenarios. */
  readonly large: { monitors: number; days: number; concurrency: number };
  /**
   * 9. Scale (issue 42): an account synced at `monitors`, and a copy of it made `factor` times
   * larger by COPY; the reports run on both in `pairs` interleaved pairs. 52 days: the last full
   * month and the running one lie in the history.
   */
  readonly scale: { monitors: number; days: number; factor: number; pairs: number };
  /**
   * 7. Peer: the dataset both clients read, each latency L it is measured at (issue 31: 150 ms, an
   * API across the internet, and 20 ms, where the CPU counts), the ETL's concurrency and window
   * length, and how many alternating repetitions the median is taken of.
   */
  readonly peer: {
    monitors: number;
    days: number;
    latenciesMs: readonly number[];
    concurrency: number;
    windowDays: number;
    repeats: number;
  };
}

const COMMON = { seed: 1, now: '2025-11-20T10:00:00Z' };

/**
 * The sizes for `--quick` or a full run; `pairs` (`--pairs N`) replaces the number of side-by-side
 * pairs of the backfill and load scenarios.
 */
export function benchSizes(quick: boolean, pglite: boolean, pairs?: number): BenchSizes {
  const sizes = defaultSizes(quick, pglite);
  if (pairs === undefined) return sizes;
  return { ...sizes, backfill: { ...sizes.backfill, pairs }, load: { ...sizes.load, pairs } };
}

function defaultSizes(quick: boolean, pglite: boolean): BenchSizes {
  const backends: Backend[] = pglite ? ['postgres', 'pglite'] : ['postgres'];
  if (quick) {
    return {
      ...COMMON,
      quick,
      backends,
      backfill: { monitors: 20, days: 30, latencyMs: 20, concurrency: 8, pairs: 1 },
      load: { monitors: 20, days: 30, pairs: 1 },
      nightly: { monitors: 20, days: 30, latencyMs: 20, concurrency: 8, repeats: 1 },
      large: { monitors: 40, days: 60, concurrency: 8 },
      scale: { monitors: 20, days: 52, factor: 10, pairs: 1 },
      // 60 days: the last full month (October) must lie inside the history.
      peer: { monitors: 20, days: 60, latenciesMs: [150, 20], concurrency: 8, windowDays: 7, repeats: 1 },
    };
  }
  return {
    ...COMMON,
    quick,
    backends,
    backfill: { monitors: 500, days: 365, latencyMs: 20, concurrency: 8, pairs: 3 },
    load: { monitors: 200, days: 365, pairs: 3 },
    nightly: { monitors: 300, days: 365, latencyMs: 20, concurrency: 8, repeats: 5 },
    large: { monitors: 1000, days: 365, concurrency: 8 },
    scale: { monitors: 1000, days: 52, factor: 10, pairs: 3 },
    peer: { monitors: 100, days: 120, latenciesMs: [150, 20], concurrency: 8, windowDays: 7, repeats: 3 },
  };
}
