import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

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
  const out = execFileSync(
    process.execPath,
    ['--trace-wasm-compilation-times', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: REPO, encoding: 'utf8' },
  );
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
