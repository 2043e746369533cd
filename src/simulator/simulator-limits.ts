/**
 * Defaults and accepted ranges of the simulator's options, with no dependencies, so the CLI's help
 * (`simulate`, `demo`) states them from the same constants the simulator checks.
 */

/** What the simulator generates unless told otherwise. */
export const SIMULATOR_DEFAULTS = Object.freeze({
  seed: 1,
  monitors: 50,
  days: 90,
  latencyMs: 0,
});

/** Accepted ranges (inclusive). */
export const SIMULATOR_RANGES = Object.freeze({
  seed: { min: 0, max: 2 ** 31 - 1 },
  monitors: { min: 1, max: 20_000 },
  days: { min: 1, max: 3650 },
  port: { min: 0, max: 65_535 },
  latencyMs: { min: 0, max: 60_000 },
});

/** The scripted stories the simulator can add to an account (`--scenario`). */
export const SIMULATOR_SCENARIOS = ['early-warning'] as const;

/** One scenario name. */
export type SimulatorScenario = (typeof SIMULATOR_SCENARIOS)[number];

/**
 * How the simulated account behaves (`--profile`): `failure-heavy` fails often and everywhere (every
 * group misses, budgets spent many times over), which is what tests and benchmarks need and what the
 * simulator serves unless told; `realistic` is a healthy account with a few problems, the demo's
 * default (generate/profile-realistic.ts, docs/simulator.md "Profiles").
 */
export const SIMULATOR_PROFILES = ['failure-heavy', 'realistic'] as const;

/** One profile name. */
export type SimulatorProfile = (typeof SIMULATOR_PROFILES)[number];

/** The profile the simulator serves unless told (tests and benchmarks rely on it). */
export const DEFAULT_SIMULATOR_PROFILE: SimulatorProfile = 'failure-heavy';

/** The profile `demo` serves unless told: what a new user should see first. */
export const DEMO_SIMULATOR_PROFILE: SimulatorProfile = 'realistic';
