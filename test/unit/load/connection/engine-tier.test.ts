import { describe, expect, it } from 'vitest';
import { moduleChild } from '../../../support/module-child.ts';

/**
 * A WebAssembly module of one function, `f(n)`: a loop of n rounds, hot enough that V8's dynamic
 * tiering recompiles it with TurboFan.
 */
const HOT_LOOP = [
  [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  [1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f], // type (i32) -> i32
  [3, 2, 1, 0], // one function
  [7, 5, 1, 1, 0x66, 0, 0], // exported as f
  [0x0a, 0x1b, 1, 0x19, 1, 1, 0x7f], // code: one i32 local
  [3, 0x40, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1], // loop: sum += n
  [0x20, 0, 0x41, 1, 0x6b, 0x22, 0, 0x0d, 0, 0x0b], // while (--n)
  [0x20, 1, 0x0b], // return sum
].flat();

/**
 * The functions V8 compiled with TurboFan in a child process that calls `chooseEngineTiering`
 * (with `wanted`, NODE_OPTIONS and `execArgv`) and then runs the hot loop: V8 names each
 * compilation.
 */
function turbofanCompilations(wanted: string, nodeOptions = '', execArgv: string[] = []): number {
  const script = `
    import { chooseEngineTiering } from './src/load/connection/engine-tier.ts';
    const chosen = chooseEngineTiering('${wanted}', ${JSON.stringify(nodeOptions)}, ${JSON.stringify(execArgv)});
    const { instance } = await WebAssembly.instantiate(new Uint8Array(${JSON.stringify(HOT_LOOP)}));
    let sum = 0;
    for (let i = 0; i < 20; i++) sum += instance.exports.f(1_000_000);
    // The optimized code is compiled on a background thread.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.stdout.write(chosen + ' ' + sum);`;
  const out = moduleChild(script, { nodeArgs: ['--trace-wasm-compilation-times'] });
  return out.split('\n').filter((line) => line.includes('using TurboFan')).length;
}

describe('chooseEngineTiering', () => {
  it('keeps the WebAssembly compiled after it on the baseline compiler', () => {
    expect(turbofanCompilations('baseline')).toBe(0);
  });

  it('leaves V8 its tiering for serve, or when node was given a tier flag', () => {
    // The same loop is optimized without the call: the test would pass for nothing otherwise.
    expect(turbofanCompilations('v8')).toBeGreaterThan(0);
    expect(turbofanCompilations('baseline', '', ['--wasm-tiering-budget=1000'])).toBeGreaterThan(0);
    expect(turbofanCompilations('baseline', '--max-old-space-size=512 --liftoff')).toBeGreaterThan(0);
  });
});

/**
 * The JavaScript functions V8 optimized with TurboFan in a child process that calls
 * `holdJavaScriptTier(execArgv)` (unless `call` is false) and then runs a hot loop: V8 names each
 * optimization it completes (`--trace-opt`).
 */
function optimizedFunctions(call: boolean | 'open' | 'open-v8', execArgv: string[] = []): number {
  const script = `
    import { holdJavaScriptTier } from './src/load/connection/engine-tier.ts';
    import { openWarehouse } from './src/load/connection/db.ts';
    const call = ${JSON.stringify(call)};
    let held = 'not called';
    if (call === true) held = holdJavaScriptTier(${JSON.stringify(execArgv)});
    // As a command opens its embedded warehouse (serve asks for V8's tiers).
    if (call === 'open' || call === 'open-v8') {
      const tiering = call === 'open' ? 'baseline' : 'v8';
      await (await openWarehouse({ dataDir: 'memory://', engineTiering: tiering })).close();
    }
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += (i * 7) % 13; return s; }
    let sum = 0;
    for (let i = 0; i < 200; i++) sum += hot(100_000);
    // The optimized code is compiled on a background thread.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.stdout.write(held + ' ' + sum + '\\n');`;
  const out = moduleChild(script, { nodeArgs: ['--trace-opt'] });
  return out.split('\n').filter((line) => line.includes('completed') && line.includes('<JSFunction hot '))
    .length;
}

describe('holdJavaScriptTier', () => {
  it('keeps the JavaScript optimized after it off TurboFan', () => {
    expect(optimizedFunctions(true)).toBe(0);
  });

  it('leaves V8 its tiers when not called, or when node was given a tier flag', () => {
    // The same loop is optimized without the call: the test would pass for nothing otherwise.
    expect(optimizedFunctions(false)).toBeGreaterThan(0);
    expect(optimizedFunctions(true, ['--max-opt=3'])).toBeGreaterThan(0);
    expect(optimizedFunctions(true, ['--turbofan'])).toBeGreaterThan(0);
  });

  it('is in force once a command has opened an embedded warehouse, not for serve', () => {
    expect(optimizedFunctions('open')).toBe(0);
    expect(optimizedFunctions('open-v8')).toBeGreaterThan(0);
  }, 120_000);
});
