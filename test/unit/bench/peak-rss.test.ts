/**
 * The bench reads a child's own peak RSS, not the kernel's ru_maxrss, which a child forked from
 * a large bench process starts at the bench's size (bench/peak-rss.ts). A parent holding 300 MB
 * spawns a small child the way run-cli.ts does (the preload writing to fd 3) and one that calls
 * peakRssKib (as the bench's children do).
 */
import { describe, expect, it } from 'vitest';
import { moduleChild } from '../../support/module-child.ts';
import { REPORT_USAGE } from '../../../bench/run-cli.ts';

/** Put in each parent script (run by moduleChild): the parent then holds 300 MB. */
const HOLD = `const held = Buffer.alloc(300 * 2 ** 20, 1);`;

describe('a bench child measured from a large bench process', () => {
  it("reports the child's own peak through the preload, not the parent's 300 MB", () => {
    const out = moduleChild(`
      import { spawnSync } from 'node:child_process';
      ${HOLD}
      const child = spawnSync(process.execPath, ['--import', ${JSON.stringify(REPORT_USAGE)}, '-e', 'Buffer.alloc(20 * 2 ** 20, 1)'], { stdio: ['ignore', 'ignore', 'inherit', 'pipe'] });
      const usage = JSON.parse(child.output[3].toString());
      process.stdout.write(JSON.stringify({ childMb: usage.maxRSS / 1024, parentMb: process.memoryUsage().rss / 2 ** 20, held: held.length }));`);
    const { childMb, parentMb } = JSON.parse(out) as { childMb: number; parentMb: number };
    expect(parentMb).toBeGreaterThan(300);
    // A node process with 20 MB of its own: some 60 to 80 MB, far from the parent's 300.
    expect(childMb).toBeGreaterThan(20);
    expect(childMb).toBeLessThan(150);
  }, 60_000);

  it('reports it through peakRssKib, as the children of run-child.ts do', () => {
    const out = moduleChild(`
      import { spawnSync } from 'node:child_process';
      ${HOLD}
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
        "import { peakRssKib } from './bench/peak-rss.ts'; process.stdout.write(String(peakRssKib() / 1024));"], { encoding: 'utf8' });
      process.stdout.write(JSON.stringify({ childMb: Number(child.stdout), held: held.length }));`);
    const { childMb } = JSON.parse(out) as { childMb: number };
    expect(childMb).toBeGreaterThan(20);
    expect(childMb).toBeLessThan(150);
  }, 60_000);
});
