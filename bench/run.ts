/**
 * `npm run bench [-- --quick] [--only a,b] [--pglite | --no-pglite] [--pairs N]`: the benchmark scenarios of
 * issues 8 and 12, each against a simulator in its own process and fresh databases, printing one
 * line per figure and, last, `bench: N passed, M failed` against the targets. Exit code 1 when a
 * target was missed or a scenario failed. See bench/README.md.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchSizes } from './bench-sizes.ts';
import { buildCompiled } from './run-cli.ts';
import { CleanupStack } from './cleanup-stack.ts';
import { backfillScenario } from './scenarios/backfill.ts';
import { loadThroughputScenario } from './scenarios/load-throughput.ts';
import { largeAccountScenario } from './scenarios/large-account.ts';
import { accountScaleScenario } from './scenarios/account-scale.ts';
import { nightlyCostScenario } from './scenarios/nightly-cost.ts';
import { peerScenario } from './scenarios/peer.ts';
import { startupScenario } from './scenarios/startup.ts';
import { queueWorkersScenario } from './scenarios/queue-workers.ts';
import { pgliteCommandsScenario } from './scenarios/pglite-commands.ts';
import type { Scenario } from './scenario.ts';
import { machineSpeedLine, machineSpeedMs } from './machine-speed.ts';
import { Scoreboard } from './scoreboard.ts';

const SCENARIOS: readonly Scenario[] = [
  backfillScenario,
  loadThroughputScenario,
  nightlyCostScenario,
  largeAccountScenario,
  accountScaleScenario,
  startupScenario,
  peerScenario,
  queueWorkersScenario,
  pgliteCommandsScenario,
];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    // The side-by-side pairs of the backfill and load scenarios (3 in a full run): 1 to profile
    // or to compare two builds pair by pair from outside.
    pairs: { type: 'string' },
  },
  strict: true,
});
const only = values.only?.split(',').map((s) => s.trim());
const unknown = only?.filter((name) => !SCENARIOS.some((s) => s.name === name)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(
    `bench: unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`,
  );
  process.exit(2);
}
// PGlite doubles a run's time; the quick run (a two-minute smoke test) leaves it out unless asked.
const pairs = values.pairs === undefined ? undefined : Number(values.pairs);
if (pairs !== undefined && !(Number.isInteger(pairs) && pairs >= 1)) {
  process.stderr.write(`bench: --pairs takes a whole number from 1, not ${values.pairs}\n`);
  process.exit(2);
}
const sizes = benchSizes(values.quick, values.pglite || (!values.quick && !values['no-pglite']), pairs);
// A quick run cannot judge figures about scale (bench/README.md, "--quick"): it prints them bare.
const board = new Scoreboard(undefined, !sizes.quick);
const cleanup = new CleanupStack();
cleanup.installSignalHandlers();
const started = Date.now();
// Every child that runs the pipeline runs the compiled build, as users do: bring it up to date.
buildCompiled();
process.stdout.write(
  `bench: ${sizes.quick ? 'quick' : 'full'} run, backends ${sizes.backends.join(' + ')}\n`,
);
// The CPU figures are absolute: this line tells how fast the machine was (bench/machine-speed.ts).
process.stdout.write(`${machineSpeedLine()}\n`);
// The queue-workers scenario alone takes minutes at any size (its jobs wait on latency): a quick
// run, meant to take about two minutes, leaves it out unless `--only` names it.
const SLOW = new Set(['queue-workers']);
const chosen = SCENARIOS.filter((s) =>
  only === undefined ? !(sizes.quick && SLOW.has(s.name)) : only.includes(s.name),
);
if (only === undefined && sizes.quick)
  process.stdout.write(`bench: quick run without ${[...SLOW].join(', ')} (name it in --only to run it)\n`);
for (const scenario of chosen) {
  // The machine's speed moves by up to a factor of two within minutes here: taken around each
  // scenario, it tells which figures ran on a slow moment.
  const speedBefore = machineSpeedMs();
  const t0 = Date.now();
  try {
    await scenario.run({ sizes, board, cleanup });
  } catch (error) {
    board.error(scenario.name, error);
  } finally {
    await cleanup.runAll();
  }
  // Other work on the machine slows every wall time: the load average puts the figures in context.
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const took = ((Date.now() - t0) / 1000).toFixed(0);
  const speed = `${speedBefore.toFixed(0)} / ${machineSpeedMs().toFixed(0)} ms`;
  process.stdout.write(
    `[${scenario.name}] (scenario took ${took} s, load average ${load}, machine speed before / after ${speed})\n`,
  );
}
process.stdout.write(`bench: total ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.stdout.write(`${board.summary()}\n`);
process.exitCode = board.failed > 0 ? 1 : 0;
