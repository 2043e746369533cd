/**
 * How far V8 lets the heap grow past what survived its last full collection.
 *
 * V8 picks that factor itself, between 1.1 and 4, from how fast the program allocates against how
 * fast it collects. A sync allocates fast: every page is parsed, mapped, held in a batch until
 * its commit and encoded as COPY text. So V8 picks a factor near 4. The one-million-alert backfill
 * keeps about 45 MB alive, yet its heap reached 230 MB (310 MB RSS, 650 MB in some runs).
 *
 * A factor of 2 (100 %) held the same backfill to 225–230 MB RSS for about 5 % more CPU. The
 * measurements are in docs/performance.md, "Memory". It is set for every command, from the
 * environment, before the command's action runs. `0` leaves the choice to V8. A
 * `--heap-growing-percent` given to node itself is left alone.
 */
import { setFlagsFromString } from 'node:v8';
import { ConfigError } from '../errors.ts';

/** The environment variable that sets the factor, as a percentage over 1. */
export const HEAP_GROWTH_VARIABLE = 'UPTRENDS_ETL_HEAP_GROWTH_PERCENT';

/** Growth past the live heap when the variable is not set: the heap may double. */
export const DEFAULT_HEAP_GROWTH_PERCENT = 100;

/** V8's own upper bound for the factor is 4 (300 %); a larger value only wastes memory. */
const MAX_HEAP_GROWTH_PERCENT = 300;

/** The percentage the environment asks for; throws ConfigError when the value is not one. */
export function heapGrowthPercent(env: Readonly<Record<string, string | undefined>>): number {
  const text = env[HEAP_GROWTH_VARIABLE]?.trim();
  if (text === undefined || text === '') return DEFAULT_HEAP_GROWTH_PERCENT;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > MAX_HEAP_GROWTH_PERCENT) {
    throw new ConfigError(
      `${HEAP_GROWTH_VARIABLE} must be a whole number from 0 (V8 decides) to ${MAX_HEAP_GROWTH_PERCENT}, got "${text}".`,
      { context: { setting: HEAP_GROWTH_VARIABLE } },
    );
  }
  return value;
}

/** True when node was started with its own `--heap-growing-percent`. */
function setOnCommandLine(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
}

/**
 * Applies the environment's heap growth to this process. Returns the percentage set, or
 * undefined when V8 keeps its own choice (`0`, or a value given to node on its command line).
 */
export function limitHeapGrowth(
  env: Readonly<Record<string, string | undefined>>,
  execArgv: readonly string[] = process.execArgv,
): number | undefined {
  const percent = heapGrowthPercent(env);
  if (percent === 0 || setOnCommandLine(execArgv)) return undefined;
  // V8 reads this flag at each full collection, when it sets the next limit, so setting it after
  // start-up takes effect from the next collection on.
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}

/** V8's own growth factor of the young generation (node 20): it doubles. */
const V8_YOUNG_GROWTH_FACTOR = 2;

/** True when node was started with its own `--semi-space-growth-factor`. */
function youngGrowthOnCommandLine(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => /^--semi[-_]space[-_]growth[-_]factor(=|$)/.test(arg));
}

/** True for the commands whose young generation stays at its initial size: `report ...`. */
export function holdsYoungGeneration(commandPath: string): boolean {
  return commandPath === 'report' || commandPath.startsWith('report ');
}

/**
 * Sets how V8's young generation grows for the command `commandPath` (`report sla`, `sync`...).
 *
 * A report's peak is one burst of short-lived objects: exceljs builds a model of every cell and
 * each sheet's XML as strings, all garbage a moment later. V8 doubles the young generation
 * whenever objects survive a scavenge, up to 16 MB a semi-space; held at its initial 1 MB, the SLA
 * workbook of 1,000 monitors peaked at 215–229 MB RSS instead of 271–279 MB, for 3–5 % more CPU
 * (docs/performance.md, "Memory"). Held only from the process's start: by the time a command's
 * action runs, loading the command has grown it to 4 MB, and holding it there saved about half as
 * much, not reliably. So the launcher (bin/uptrends-etl.js) holds it from the start for every
 * command, and this gives the other commands V8's own growth back: a sync's batches live until
 * their commit, and a small nursery would promote them all. A command that then opens an embedded
 * warehouse holds it again (src/load/connection/engine-tier.ts, holdYoungGeneration: there the
 * grown nursery stayed in the peak). Returns the factor set, or undefined
 * when node was given its own.
 */
export function setYoungGeneration(
  commandPath: string,
  execArgv: readonly string[] = process.execArgv,
): number | undefined {
  if (youngGrowthOnCommandLine(execArgv)) return undefined;
  const factor = holdsYoungGeneration(commandPath) ? 1 : V8_YOUNG_GROWTH_FACTOR;
  // Read at each growth of the young generation, so setting it after start-up takes effect.
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  return factor;
}
