/** `uptrends-etl simulate`: runs the built-in simulator of both Uptrends APIs until interrupted. */
import { formatSimulatorBanner } from '../../simulator/format-simulator-banner.ts';
import { startSimulator } from '../../simulator/start-simulator.ts';
import { ConfigError } from '../../errors.ts';
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';

interface SimulateFlags {
  port: number;
  seed: number;
  monitors: number;
  days: number;
  now?: string;
  latencyMs: number;
  faults?: string;
}

export const simulateCommand: CommandModule = {
  name: 'simulate',
  register(program, ctx) {
    program
      .command('simulate')
      .description(
        'Run the simulator of the Uptrends API v4 and Infra API v1 (seeded, deterministic) until interrupted.',
      )
      .option(
        '--port <n>',
        'port to listen on, 0 for any free port (Default: 8080)',
        integerOption('--port', 0, 65535),
        8080,
      )
      .option('--seed <n>', 'dataset seed (Default: 1)', integerOption('--seed', 0, 2 ** 31), 1)
      .option(
        '--monitors <n>',
        'number of monitors (Default: 50)',
        integerOption('--monitors', 1, 20_000),
        50,
      )
      .option(
        '--days <n>',
        'days of history before --now (Default: 90)',
        integerOption('--days', 1, 3650),
        90,
      )
      .option('--now <instant>', "the simulator's clock, an ISO instant (Default: now)")
      .option(
        '--latency-ms <n>',
        'latency added to every response (Default: 0)',
        integerOption('--latency-ms', 0, 60_000),
        0,
      )
      .option(
        '--faults <spec>',
        'fault injection, e.g. "rate429=0.05,error500=0.02,reset=0.01" (see docs/simulator.md)',
      )
      .addHelpText(
        'after',
        `
Examples:
  $ uptrends-etl simulate --port 8080
  $ uptrends-etl simulate --monitors 500 --days 365 --latency-ms 20
  $ uptrends-etl simulate --faults "rate429=0.1,retryAfter=1,error500=0.05"
Then, in another terminal, point the tool at it with the printed variables.`,
      )
      .action(async (flags: SimulateFlags) => {
        let now: Date | undefined;
        if (flags.now !== undefined) {
          now = new Date(flags.now);
          if (Number.isNaN(now.getTime()))
            throw new ConfigError(
              `--now must be an ISO instant such as 2025-11-20T08:00:00Z, not "${flags.now}".`,
            );
        }
        const sim = await startSimulator({
          port: flags.port,
          seed: flags.seed,
          monitors: flags.monitors,
          days: flags.days,
          now,
          latencyMs: flags.latencyMs,
          faults: flags.faults,
        });
        for (const line of formatSimulatorBanner(sim)) ctx.print(line);
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        await sim.close();
      });
  },
};
