/**
 * Ratios measured side by side (issue 42): a floor and the workload it divides are measured
 * interleaved, A B A B ..., so a moment when the shared machine is slow moves both sides of a pair
 * and not one side of the ratio. Each pair gives a ratio; the median of the pair ratios is judged,
 * and their spread (lowest and highest) is printed beside it, so a reader sees whether a verdict
 * rests on a steady ratio or on one lucky pair.
 */
import { median } from './median.ts';

/** The ratios of the pairs of one interleaved measurement. */
export interface PairRatios {
  /** One ratio per pair, in the order measured. */
  readonly ratios: readonly number[];
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** The median and spread of the per-pair ratios `workload[i] / floor[i]`. */
export function pairRatios(workload: readonly number[], floor: readonly number[]): PairRatios {
  if (workload.length !== floor.length || workload.length === 0)
    throw new Error(`pairRatios: ${workload.length} workloads against ${floor.length} floors`);
  return ratioSpread(workload.map((w, i) => w / floor[i]!));
}

/** The median and spread of ratios already taken pair by pair. */
export function ratioSpread(ratios: readonly number[]): PairRatios {
  if (ratios.length === 0) throw new Error('ratioSpread: no ratios');
  return { ratios, median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

/**
 * Runs `floor` and `workload` interleaved, `pairs` times: floor first in odd pairs and workload
 * first in even ones (A B B A A B ...), so neither side always runs on the warmer moment.
 */
export async function interleaved<T>(
  pairs: number,
  floor: (pair: number) => Promise<T>,
  workload: (pair: number) => Promise<T>,
): Promise<{ floor: T[]; workload: T[] }> {
  const floors: T[] = [];
  const workloads: T[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      floors.push(await floor(i));
      workloads.push(await workload(i));
    } else {
      workloads.push(await workload(i));
      floors.push(await floor(i));
    }
  }
  return { floor: floors, workload: workloads };
}

/** `0.93 .. 1.12 over 3 pairs`: the spread printed beside a judged median. */
export function spreadText(r: PairRatios, digits = 2): string {
  return `spread ${r.min.toFixed(digits)} .. ${r.max.toFixed(digits)} over ${r.ratios.length} pair${r.ratios.length === 1 ? '' : 's'}`;
}
