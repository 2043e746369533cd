/**
 * Standalone entry: `node --import tsx src/simulator/main.ts --port 0 --seed 1 --monitors 500
 * --days 365 --latency-ms 20 [--now <ISO>] [--faults <spec>] [--statistics-buckets hourly=48h,daily=400d]
 * [--host 127.0.0.1] [--accounts N] [--scenario early-warning]`. Prints one JSON
 * line (apiUrl, infraUrl, controlUrl, credentials, accountId, timeZone, accounts) on stdout once listening,
 * the banner on stderr, and serves until SIGTERM or SIGINT. Benchmarks spawn it as a child process.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSimulatorBanner, simulatorDescription } from './format-simulator-banner.ts';
import { startSimulator, type SimulatorOptions } from './start-simulator.ts';

function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got "${text}"`);
  return n;
}

/** Parses the command line into simulator options. */
export function parseSimulatorArgs(argv: string[]): SimulatorOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      monitors: { type: 'string' },
      days: { type: 'string' },
      now: { type: 'string' },
      'latency-ms': { type: 'string' },
      faults: { type: 'string' },
      'future-days': { type: 'string' },
      'statistics-buckets': { type: 'string' },
      accounts: { type: 'string' },
      scenario: { type: 'string' },
    },
    strict: true,
  });
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now !== undefined && Number.isNaN(now.getTime()))
    throw new Error(`--now needs an ISO instant, got "${values.now}"`);
  return {
    port: number('port', values.port),
    host: values.host,
    seed: number('seed', values.seed),
    monitors: number('monitors', values.monitors),
    days: number('days', values.days),
    now,
    latencyMs: number('latency-ms', values['latency-ms']),
    faults: values.faults,
    futureDays: number('future-days', values['future-days']),
    statisticsBuckets: values['statistics-buckets'],
    accounts: number('accounts', values.accounts),
    scenario: values.scenario as SimulatorOptions['scenario'],
  };
}

async function main(): Promise<void> {
  const options = Object.fromEntries(
    Object.entries(parseSimulatorArgs(process.argv.slice(2))).filter(([, v]) => v !== undefined),
  ) as SimulatorOptions;
  const sim = await startSimulator(options);
  process.stdout.write(`${JSON.stringify(simulatorDescription(sim))}\n`);
  process.stderr.write(`${formatSimulatorBanner(sim).join('\n')}\n`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// Run only when executed directly (the CLI imports parseSimulatorArgs without starting a server).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
