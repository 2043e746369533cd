/**
 * A long read collects its spent pages once the heap has grown past its slack
 * (src/heap-collection.ts, heapSlack), in a child process whose node was given no flag:
 * rows promoted to the old generation and dropped stay in the heap until V8's own limit, twice
 * what survived its last full collection.
 */
import { describe, expect, it } from 'vitest';
import { moduleChild } from '../support/module-child.ts';

/** Runs `script` (an ES module, with the repository's sources) in a child node; its JSON answer. */
function inChild<T>(script: string): T {
  return JSON.parse(moduleChild(script)) as T;
}

/**
 * MB of heap in use after 100 pages of 20,000 row objects were read and dropped, each page
 * kept alive across a few scavenges (as a page is while the next one is fetched), with and
 * without the slack's collection; and the most the heap used at any page's end.
 */
function afterPages(collect: boolean): { end: number; most: number } {
  const script = `
    import { heapSlack } from './src/heap-collection.ts';
    const slack = heapSlack(16 * 2 ** 20);
    let most = 0;
    // 4 MB of other data that stays, as a report's model does.
    const model = Array.from({ length: 50000 }, (_, i) => ({ i, name: 'monitor ' + i }));
    for (let p = 0; p < 100; p++) {
      const page = Array.from({ length: 20000 }, (_, i) => ({ grain: 'monitor', guid: 'g' + i, uptime: i / 7, p }));
      for (let k = 0; k < 10; k++) { const young = []; for (let j = 0; j < 20000; j++) young.push({ j }); }
      if (page.length !== 20000) throw new Error('page');
      ${collect ? 'slack.afterPage();' : ''}
      most = Math.max(most, process.memoryUsage().heapUsed);
    }
    process.stdout.write(JSON.stringify({ end: process.memoryUsage().heapUsed / 2 ** 20, most: most / 2 ** 20, kept: model.length }));`;
  return inChild(script);
}

describe('heapSlack', () => {
  it('keeps the garbage of a read under its slack, which V8 let grow to its limit', () => {
    const without = afterPages(false);
    const withSlack = afterPages(true);
    // About 2 MB of row objects per page, promoted: V8 lets them pile up far past 16 MB.
    expect(without.most).toBeGreaterThan(60);
    // The model (a few MB), the page being read and the 16 MB of slack, at most.
    expect(withSlack.most).toBeLessThan(40);
  }, 120_000);
});

/**
 * MB of heap in use at most while 60 batches of promoted row objects are made and dropped, one per
 * turn of the event loop (as a sync's windows commit), with and without watchHeapSlack; and how
 * many timers are left once it is stopped.
 */
function whileWatched(watch: boolean): { most: number; timersLeft: number } {
  const script = `
    import { watchHeapSlack } from './src/heap-collection.ts';
    const watch = ${watch} ? watchHeapSlack(8 * 2 ** 20, 5) : undefined;
    let most = 0;
    let held = [];
    for (let b = 0; b < 60; b++) {
      const batch = Array.from({ length: 20000 }, (_, i) => ({ guid: 'g' + i, b, uptime: i / 7 }));
      for (let k = 0; k < 10; k++) { const young = []; for (let j = 0; j < 20000; j++) young.push({ j }); }
      held = batch;
      await new Promise((resolve) => setTimeout(resolve, 10));
      most = Math.max(most, process.memoryUsage().heapUsed);
    }
    watch?.stop();
    const timersLeft = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    process.stdout.write(JSON.stringify({ most: most / 2 ** 20, timersLeft, kept: held.length }));`;
  return inChild(script);
}

describe('watchHeapSlack', () => {
  it('keeps the garbage of work without pages under its slack, and stops', () => {
    const without = whileWatched(false);
    const watched = whileWatched(true);
    // About 2 MB of row objects per batch, promoted: V8 lets them pile up far past 8 MB (39 to 85
    // MB measured).
    expect(without.most).toBeGreaterThan(30);
    // The modules, the batch being made, the one held and the 8 MB of slack (9 to 10 MB measured).
    expect(watched.most).toBeLessThan(20);
    expect(watched.timersLeft).toBe(0);
  }, 120_000);
});
