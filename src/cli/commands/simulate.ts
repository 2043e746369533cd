/** `uptrends-etl simulate`: runs the built-in simulator of both Uptrends APIs until interrupted. */
import { ConfigError } from '../../errors.ts';
import {
  SIMULATOR_DEFAULTS,
  SIMULATOR_RANGES,
  SIMULATOR_PROFILES,
  SIMULATOR_SCENARIOS,
  type SimulatorProfile,
  type SimulatorScenario,
} from '../../simulator/simulator-limits.ts';
import { Option } from 'commander';
import { MAX_SIMULATED_ACCOUNTS } from '../../simulator/simulated-accounts.ts';
import type { SimulatorOptions } from '../../simulator/start-simulator.ts';
import type { CommandModule } from '../command-module.ts';
import { integerArgOption } from '../options.ts';

/** The port `simulate` listens on unless told (0 picks a free one). */
const DEFAULT_PORT = 8080;

interface SimulateFlags {
  port: number;
  seed: number;
  monitors: number;
  days: number;
  now?: string;
  latencyMs: number;
  faults?: string;
  accounts: number;
  scenario?: string;
  profile?: SimulatorProfile;
}

function simulatorOptionsFrom(flags: SimulateFlags): SimulatorOptions {
  let now: Date | undefined;
  if (flags.now !== undefined) {
    now = new Date(flags.now);
    if (Number.isNaN(now.getTime()))
      throw new ConfigError(
        `--now must be an ISO instant such as 2025-11-20T08:00:00Z, not "${flags.now}".`,
        {
          context: { setting: '--now' },
        },
      );
  }
  return {
    port: flags.port,
    seed: flags.seed,
    monitors: flags.monitors,
    days: flags.days,
    now,
    latencyMs: flags.latencyMs,
    faults: flags.faults,
    accounts: flags.accounts,
    scenario: scenarioOption(flags.scenario),
    profile: flags.profile,
  };
}

/** `--scenario early-warning`: checked here so a typo is a usage error naming the choices. */
function scenarioOption(value: string | undefined): SimulatorScenario | undefined {
  if (value === undefined) return undefined;
  const found = SIMULATOR_SCENARIOS.find((s) => s === value.trim().toLowerCase());
  if (found === undefined) {
    throw new ConfigError(`--scenario must be one of ${SIMULATOR_SCENARIOS.join(', ')}, not "${value}".`, {
      context: { setting: '--scenario' },
    });
  }
  return found;
}

export const simulateCommand: CommandModule = {
  name: 'simulate',
  optionsOf: { simulate: simulatorOptionsFrom },
  register(program, ctx) {
    const r = SIMULATOR_RANGES;
    const d = SIMULATOR_DEFAULTS;
    program
      .command('simulate')
      .addOption(
        integerArgOption('--port <n>', 'port to listen on, 0 for any free port', r.port, DEFAULT_PORT, {
          plain: true,
        }),
      )
      .addOption(integerArgOption('--seed <n>', 'dataset seed', r.seed, d.seed))
      .addOption(integerArgOption('--monitors <n>', 'number of monitors', r.monitors, d.monitors))
      .addOption(integerArgOption('--days <n>', 'days of history before --now', r.days, d.days))
      .option('--now <instant>', "the simulator's clock, an ISO instant (default: now)")
      .addOption(
        integerArgOption('--latency-ms <n>', 'latency added to every response, ms', r.latencyMs, d.latencyMs),
      )
      .addOption(
        integerArgOption(
          '--accounts <n>',
          'accounts served on the port, each with its own credentials, seed, time zone and size',
          { min: 1, max: MAX_SIMULATED_ACCOUNTS },
          1,
        ),
      )
      .option(
        '--scenario <name>',
        `add a scripted story to the account: ${SIMULATOR_SCENARIOS.join(', ')} (a monitor whose outages accelerate through last month, one that recovers; see docs/simulator.md)`,
      )
      .addOption(
        new Option(
          '--profile <name>',
          "how the account behaves: failure-heavy (fails everywhere, for tests and benchmarks) or realistic (the demo's healthy account)",
        ).choices(SIMULATOR_PROFILES),
      )
      .option(
        '--faults <spec>',
        'fault injection, e.g. "rate429=0.05,error500=0.02,reset=0.01" (see docs/simulator.md)',
      )
      .addHelpText(
        'after',
        `
Prints where it listens and the variables to point uptrends-etl at it (one JSON line when stdout is
not a terminal, or with --json), then serves until Ctrl+C or SIGTERM.

Examples:
  $ uptrends-etl simulate --port 8080
  $ uptrends-etl simulate --monitors 500 --days 365 --latency-ms 20
  $ uptrends-etl simulate --faults "rate429=0.1,retryAfter=1,error500=0.05"
  $ uptrends-etl simulate --accounts 3     three accounts: credentials sim-api-user, sim-api-user-2, ...
  $ uptrends-etl simulate --profile realistic --now 2026-11-28T04:00:00Z   the demo's account of that clock
  $ uptrends-etl simulate --scenario early-warning   last month's SLA burns on one monitor, recovers on another
Then, in another terminal, point the tool at it with the printed variables.`,
      )
      .action(async (flags: SimulateFlags) => {
        const options = simulatorOptionsFrom(flags);
        const [{ startSimulator }, { formatSimulatorBanner, simulatorDescription }] = await Promise.all([
          import('../../simulator/start-simulator.ts'),
          import('../../simulator/format-simulator-banner.ts'),
        ]);
        const sim = await startSimulator(options);
        const { accounts, ...one } = simulatorDescription(sim);
        ctx.result(
          'simulator',
          {
            ...one,
            ...(accounts.length > 1 ? { accounts } : {}),
            faults: sim.options.faults ?? null,
            scenario: sim.options.scenario ?? null,
          },
          formatSimulatorBanner(sim),
        );
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        await sim.close();
      });
  },
};
