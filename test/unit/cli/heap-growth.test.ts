import { describe, expect, it } from 'vitest';
import { moduleChild } from '../../support/module-child.ts';
import { ConfigError } from '../../../src/errors.ts';
import {
  DEFAULT_HEAP_GROWTH_PERCENT,
  HEAP_GROWTH_VARIABLE,
  heapGrowthPercent,
  holdsYoungGeneration,
  setYoungGeneration,
  limitHeapGrowth,
} from '../../../src/cli/heap-growth.ts';

/**
 * The peak heap (MB) of a child process that keeps about 40 MB alive in batches which each live
 * long enough to reach the old heap, while allocating ten times that, after `limitHeapGrowth`
 * with `percent` as the environment's value: the shape of a sync's allocations.
 */
function peakHeapOfChurn(percent: string): number {
  const script = `
    import { limitHeapGrowth } from './src/cli/heap-growth.ts';
    limitHeapGrowth({ ${HEAP_GROWTH_VARIABLE}: '${percent}' }, []);
    const ring = new Array(40).fill(null);
    let peak = 0;
    for (let i = 0; i < 1500; i++) {
      const batch = [];
      for (let j = 0; j < 1000; j++) batch.push({ a: 'x'.repeat(20) + i + j, b: new Date(), c: [i, j] });
      ring[i % ring.length] = batch;
      if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    process.stdout.write(String(peak / 2 ** 20));`;
  return Number(moduleChild(script));
}

describe('heapGrowthPercent', () => {
  it('is the default when the variable is unset or empty', () => {
    expect(heapGrowthPercent({})).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(heapGrowthPercent({ [HEAP_GROWTH_VARIABLE]: ' ' })).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
  });

  it('reads a whole percentage, 0 included', () => {
    expect(heapGrowthPercent({ [HEAP_GROWTH_VARIABLE]: '0' })).toBe(0);
    expect(heapGrowthPercent({ [HEAP_GROWTH_VARIABLE]: ' 150 ' })).toBe(150);
    expect(heapGrowthPercent({ [HEAP_GROWTH_VARIABLE]: '300' })).toBe(300);
  });

  it.each(['abc', '-5', '1.5', '301', '1e2'])('refuses %j, naming the variable', (text) => {
    let caught: unknown;
    try {
      heapGrowthPercent({ [HEAP_GROWTH_VARIABLE]: text });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(HEAP_GROWTH_VARIABLE);
    expect((caught as ConfigError).message).toContain(`"${text}"`);
    expect((caught as ConfigError).context).toMatchObject({ setting: HEAP_GROWTH_VARIABLE });
  });
});

describe('limitHeapGrowth', () => {
  it('leaves V8 its own choice for 0 and for a value given to node itself', () => {
    expect(limitHeapGrowth({ [HEAP_GROWTH_VARIABLE]: '0' }, [])).toBeUndefined();
    expect(limitHeapGrowth({}, ['--heap-growing-percent=50'])).toBeUndefined();
    expect(limitHeapGrowth({}, ['--heap_growing_percent', '50'])).toBeUndefined();
  });

  it('sets the percentage otherwise', () => {
    expect(limitHeapGrowth({}, ['--enable-source-maps'])).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(limitHeapGrowth({ [HEAP_GROWTH_VARIABLE]: '200' }, [])).toBe(200);
    // What the rest of this test process runs with: the default, as under the CLI.
    limitHeapGrowth({}, []);
  });

  it('holds the heap of a fast-allocating process well below what V8 picks on its own', () => {
    // V8 alone grows this heap to about 130 MB, with the default to about 90 MB (2026-11-26).
    const own = peakHeapOfChurn('0');
    const limited = peakHeapOfChurn(String(DEFAULT_HEAP_GROWTH_PERCENT));
    expect(limited).toBeLessThan(own * 0.85);
  }, 60_000);
});

/**
 * How much the young generation (MB, its capacity) grew in a child process that allocates
 * bursts of objects some of which survive a scavenge, as a workbook's cells do, after
 * `setYoungGeneration` for a report or for a sync.
 */
function youngGenerationGrowth(hold: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { setYoungGeneration } from './src/cli/heap-growth.ts';
    setYoungGeneration(${hold} ? 'report sla' : 'sync', []);
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    // tsx's loading may have grown it already: only the growth from here on counts.
    const start = young();
    const kept = [];
    let peak = start;
    for (let i = 0; i < 300; i++) {
      const burst = [];
      for (let j = 0; j < 2000; j++) burst.push({ v: 'c' + i + '-' + j, n: j });
      kept.push(burst[i]);
      peak = Math.max(peak, young());
    }
    process.stdout.write(String((peak - start) / 2 ** 20));`;
  return Number(moduleChild(script));
}

describe('setYoungGeneration', () => {
  it('holds it for reports only', () => {
    expect(['report', 'report sla', 'report incidents'].map(holdsYoungGeneration)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['sync', 'nightly', 'reporting', 'query'].map(holdsYoungGeneration)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('leaves a growth factor given to node itself alone', () => {
    expect(setYoungGeneration('report sla', ['--semi-space-growth-factor=2'])).toBeUndefined();
    expect(setYoungGeneration('sync', ['--semi_space_growth_factor', '2'])).toBeUndefined();
  });

  it("sets 1 for a report, V8's own 2 for the rest", () => {
    expect(setYoungGeneration('report sla', [])).toBe(1);
    expect(setYoungGeneration('sync', [])).toBe(2);
  });

  it("keeps a report's young generation at its size where V8 grows a sync's", () => {
    expect(youngGenerationGrowth(false)).toBeGreaterThan(0);
    expect(youngGenerationGrowth(true)).toBe(0);
  }, 60_000);
});
