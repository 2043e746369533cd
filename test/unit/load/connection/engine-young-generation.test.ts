/**
 * A command that opens an embedded warehouse holds V8's young generation at its size from then on
 * (engine-tier.ts, holdYoungGeneration): the process keeps the engine, and a new space doubled to
 * 32 MB stayed in every `sync`'s peak. Checked in a child process, where V8's own growth (factor 2,
 * as src/cli/heap-growth.ts sets it for a sync) is in force before the warehouse opens.
 */
import { describe, expect, it } from 'vitest';
import { moduleChild } from '../../../support/module-child.ts';
import { holdYoungGeneration } from '../../../../src/load/connection/engine-tier.ts';

/**
 * The young generation's size (MB) just before an embedded warehouse opens, and its peak after it
 * opened (in memory: PGlite unpacks a whole data directory, a burst of allocations) and a burst of
 * short-lived objects. The child's young generation may grow to 128 MB (64 MB semi-spaces): what
 * module loading left before the open is then always below the maximum, so V8's own growth has
 * room to show whatever the loading did (a fixed "below 32 MB" failed when a loaded machine's
 * loading had already grown it to 16 MB and the next doubling came inside the open).
 */
function youngAroundOpening(): { before: number; peak: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { setYoungGeneration } from './src/cli/heap-growth.ts';
    import { openWarehouse } from './src/load/connection/db.ts';
    setYoungGeneration('sync');
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const before = young();
    await (await openWarehouse({ dataDir: 'memory://' })).close();
    const kept = [];
    let peak = young();
    for (let i = 0; i < 300; i++) {
      const burst = [];
      for (let j = 0; j < 2000; j++) burst.push({ v: 'c' + i + '-' + j, n: j });
      kept.push(burst[i]);
      peak = Math.max(peak, young());
    }
    process.stdout.write(JSON.stringify({ before: before / 2 ** 20, peak: peak / 2 ** 20 }));`;
  const out = moduleChild(script, { nodeArgs: ['--max-semi-space-size=64'] });
  return JSON.parse(out) as { before: number; peak: number };
}

describe('holdYoungGeneration', () => {
  it('sets a growth factor of 1, unless node was given its own', () => {
    expect(holdYoungGeneration(['--semi-space-growth-factor=2'])).toBeUndefined();
    expect(holdYoungGeneration(['--semi_space_growth_factor', '2'])).toBeUndefined();
    expect(holdYoungGeneration([])).toBe(1);
  });

  // V8's growth doubles it through the open alone (to its maximum, 32 MB, with node's default
  // semi-spaces); held, it stays at what loading the modules left.
  it('keeps the young generation at its size from the open on', () => {
    const { before, peak } = youngAroundOpening();
    expect(before).toBeLessThan(128);
    expect(peak).toBeLessThanOrEqual(before);
  }, 120_000);
});
