/**
 * What a scenario gets and what it is: a name and an async function that prints its figures on
 * the scoreboard, registering everything it starts on the cleanup stack.
 */
import type { BenchSizes } from './bench-sizes.ts';
import type { CleanupStack } from './cleanup-stack.ts';
import type { Scoreboard } from './scoreboard.ts';

/** Shared services of one bench run. */
export interface ScenarioContext {
  readonly sizes: BenchSizes;
  readonly board: Scoreboard;
  /** Undo actions of the current scenario; run after it ends. */
  readonly cleanup: CleanupStack;
}

/** One benchmark scenario. */
export interface Scenario {
  readonly name: string;
  run(ctx: ScenarioContext): Promise<void>;
}
