/**
 * Start-up of the installed command: `uptrends-etl --version` and `uptrends-etl --help`, run as a
 * user runs them (`node bin/uptrends-etl.js`, the compiled build), from spawn to exit. Targets of
 * issue 12: at most 0.3 s and 80 MB each. The build is brought up to date first, so the figures are
 * those of the current sources.
 *
 * Wall time is measured by this process around the child; peak RSS by the child itself
 * (bench/run-cli.ts). Median of the runs, after one warm-up that fills the file cache.
 */
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { median } from '../median.ts';
import { buildCompiled, runCli, type CliRun } from '../run-cli.ts';

const NAME = 'startup';
const TARGET = { seconds: 0.3, megabytes: 80 };

async function run({ sizes, board }: ScenarioContext): Promise<void> {
  buildCompiled();
  const runs = sizes.quick ? 5 : 11;
  board.note(NAME, 'runs', `median of ${runs} after one warm-up, node ${process.version}, compiled build`);
  for (const args of [['--version'], ['--help']]) {
    await runCli(args);
    const measured: CliRun[] = [];
    for (let i = 0; i < runs; i++) measured.push(await runCli(args));
    const label = `uptrends-etl ${args.join(' ')}`;
    board.check(
      NAME,
      `${label} wall`,
      median(measured.map((m) => m.seconds)),
      { op: '<=', limit: TARGET.seconds },
      's',
      2,
    );
    board.check(
      NAME,
      `${label} peak RSS`,
      median(measured.map((m) => m.megabytes)),
      { op: '<=', limit: TARGET.megabytes },
      'MB',
      0,
    );
  }
}

export const startupScenario: Scenario = { name: NAME, run };
