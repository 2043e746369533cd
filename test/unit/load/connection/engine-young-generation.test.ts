/**
 * A command that opens an embedded warehouse holds V8's young generation at its size from then on
 * (engine-tier.ts, holdYoungGeneration): the process keeps the engine, and a new space doubled to
 * 32 MB stayed in every `sync`'s peak. Checked in a child process, where V8's own growth (factor 2,
 * as src/cli/heap-growth.ts sets it for a sync) is in force before the warehouse opens.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdYoungGeneration } from '../../../../src/load/connection/engine-tier.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The young generation's size (MB) after an embedded warehouse opened (in memory: PGlite unpacks a
 * whole data directory, a burst of allocations) and a burst of short-lived objects.
 */
function youngAfterOpening(): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { setYoungGeneration } from './src/cli/heap-growth.ts';
    import { openWarehouse } from './src/load/connection/db.ts';
    setYoungGeneration('sync');
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    await (await openWarehouse({ dataDir: 'memory://' })).close();
    const kept = [];
    let peak = young();
    for (let i = 0; i < 300; i++) {
      const burst = [];
      for (let j = 0; j < 2000; j++) burst.push({ v: 'c' + i + '-' + j, n: j });
      kept.push(burst[i]);
      peak = Math.max(peak, young());
    }
    process.stdout.write(String(peak / 2 ** 20));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO,
    encoding: 'utf8',
  });
  return Number(out);
}

describe('holdYoungGeneration', () => {
  it('sets a growth factor of 1, unless node was given its own', () => {
    expect(holdYoungGeneration(['--semi-space-growth-factor=2'])).toBeUndefined();
    expect(holdYoungGeneration(['--semi_space_growth_factor', '2'])).toBeUndefined();
    expect(holdYoungGeneration([])).toBe(1);
  });

  // V8's growth doubles it to its maximum, 32 MB (two 16 MB semi-spaces), through the open alone;
  // held, it stays at what loading the modules left (with tsx's loading here, up to 16 MB).
  it('keeps the young generation below its maximum through the open and after it', () => {
    expect(youngAfterOpening()).toBeLessThan(32);
  }, 120_000);
});
