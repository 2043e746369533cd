/**
 * Which of V8's WebAssembly compilers runs the embedded engine (PGlite: Postgres compiled to
 * WebAssembly) in a command's process.
 *
 * V8 compiles each WebAssembly function with its baseline compiler (Liftoff) when it is first
 * called, and recompiles the functions that run hot with its optimizing compiler (TurboFan), on
 * background threads. Postgres's hottest functions are among its largest (the expression
 * interpreter, the parser): opening a warehouse and running one `count(*)` sent 61 functions to
 * TurboFan, 2.7 s of compilation and up to 23 MB of compiler memory for one function, about
 * 80 MB of peak RSS in all; a command that reads a report's figures sent more. A command's engine
 * lives for seconds to minutes: the optimized code, ready after it was most needed, never paid
 * for itself in the runs measured (docs/performance.md, "The embedded warehouse (PGlite)").
 *
 * So a command that opens an embedded warehouse keeps its WebAssembly on the baseline compiler
 * (`--liftoff-only`, set before the engine's module is compiled). `serve`, which lives for hours,
 * keeps V8's tiering. So does a process started with a WebAssembly tiering flag of node's own (its
 * command line or NODE_OPTIONS, e.g. `NODE_OPTIONS=--liftoff`): node's flags are the way to choose
 * V8's compilers, so the tool adds no setting of its own for them.
 *
 * Such a command also holds V8's young generation once the engine opens (holdYoungGeneration), and
 * keeps its JavaScript off the optimizing compiler (holdJavaScriptTier).
 */
import { setFlagsFromString } from 'node:v8';

/** How the embedded engine's WebAssembly is compiled: `baseline` only, or V8's own tiering. */
export type EngineTiering = 'baseline' | 'v8';

/** A flag that sets V8's WebAssembly tiers, given to node itself. */
const TIER_FLAG = /^--(no-)?(liftoff|wasm[-_]tier|wasm[-_]dynamic[-_]tiering)/;

/** True when node's own flags (its command line, NODE_OPTIONS) already choose the tiers. */
function chosenOnCommandLine(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((arg) => TIER_FLAG.test(arg));
}

/**
 * Keeps this process's WebAssembly compiled by the baseline compiler from now on, unless `wanted`
 * is `v8` or node was given a tiering flag of its own (`execArgv`, `nodeOptions`: node's own
 * runtime state, not a setting of the tool's). Only modules compiled after the call are affected.
 * Returns the tiering in force.
 */
export function chooseEngineTiering(
  wanted: EngineTiering,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
  execArgv: readonly string[] = process.execArgv,
): EngineTiering {
  if (wanted === 'v8') return 'v8';
  if (chosenOnCommandLine(execArgv, nodeOptions)) return 'v8';
  setFlagsFromString('--liftoff-only');
  return 'baseline';
}

/** True when node was started with its own `--semi-space-growth-factor`. */
function youngGrowthOnCommandLine(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => /^--semi[-_]space[-_]growth[-_]factor(=|$)/.test(arg));
}

/**
 * Holds V8's young generation at its present size from now on in a command that opens an embedded
 * warehouse (src/cli/heap-growth.ts lets a sync's grow; this overrides it once the engine opens).
 * With the engine in the process, V8 doubled a `sync`'s new space to its maximum, 32 MB, and all
 * of it stayed in the peak: held (a semi-space of 1 to 4 MB by then), `sync` into a new directory
 * peaked at 200–204 MB instead of 224 for the same CPU (docs/performance.md, "The embedded
 * warehouse (PGlite)"). A Postgres warehouse is left as it was: its backfill's memory and CPU were
 * judged with V8's growth. A factor given to node itself is left alone. Read by V8 at each growth
 * of the young generation, so it takes effect from the next. Returns the factor set, or undefined.
 */
export function holdYoungGeneration(execArgv: readonly string[] = process.execArgv): number | undefined {
  if (youngGrowthOnCommandLine(execArgv)) return undefined;
  setFlagsFromString('--semi-space-growth-factor=1');
  return 1;
}

/** A flag of node's own that sets V8's JavaScript tiers. */
const JS_TIER_FLAG = /^--(no-)?(opt|turbofan|maglev|sparkplug)$|^--max[-_]opt(=|$)/;

/**
 * Keeps this process's JavaScript off V8's optimizing compiler (TurboFan: `--no-opt`; the
 * interpreter and the baseline compiler still run it) from now on, in a command that opens an
 * embedded warehouse. TurboFan recompiles the functions that run hot on background threads, and
 * its code and compiler memory stayed in the peak: a 90-day backfill of the demo's account peaked
 * about 20 MB lower without it, for the same CPU (docs/performance.md, "The embedded warehouse
 * (PGlite)"); on such a warehouse the engine's WebAssembly, not the tool's JavaScript, takes most
 * of a command's CPU. A Postgres warehouse, `serve` and a process given a tier flag of node's own
 * keep V8's tiers. Only functions optimized after the call are affected. Returns true when the
 * optimizing compiler was turned off.
 */
export function holdJavaScriptTier(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => JS_TIER_FLAG.test(arg))) return false;
  setFlagsFromString('--no-opt');
  return true;
}
