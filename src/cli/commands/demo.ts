/** `uptrends-etl demo`: the whole job against the built-in simulator, with no configuration. */
import type { DemoOptions } from '../../api/demo-job.ts';
import type { CommandModule } from '../command-module.ts';
import { integerArgOption } from '../options.ts';
import { atRiskSummary } from './report-at-risk.ts';
import { DEFAULT_REPORT_DIR } from '../../reports/report-defaults.ts';
import {
  DEMO_SIMULATOR_PROFILE,
  SIMULATOR_DEFAULTS,
  SIMULATOR_PROFILES,
  type SimulatorProfile,
} from '../../simulator/simulator-limits.ts';
import { Option } from 'commander';

/** What the demo simulates unless told: a small account, quick to load. */
const DEMO = {
  monitors: { min: 1, max: 2000 },
  days: { min: 35, max: 730 },
  seed: { min: 0, max: 2 ** 31 - 1 },
};

interface DemoFlags {
  out: string;
  monitors: number;
  days: number;
  seed: number;
  profile: SimulatorProfile;
}

function demoOptionsFrom(flags: DemoFlags): DemoOptions {
  return {
    outDir: flags.out,
    monitors: flags.monitors,
    days: flags.days,
    seed: flags.seed,
    profile: flags.profile,
  };
}

/**
 * How the user started us, for the hints: `npx uptrends-etl` from a clone, `npx --package=<tarball>
 * uptrends-etl` from a tarball (npm sets these variables), else the installed command.
 */
function commandName(env: Record<string, string | undefined>): string {
  if (env.npm_command !== 'exec') return 'uptrends-etl';
  const from = env.npm_config_package;
  return from === undefined || from === '' || from.includes('\n')
    ? 'npx uptrends-etl'
    : `npx --package=${from} uptrends-etl`;
}

export const demoCommand: CommandModule = {
  name: 'demo',
  optionsOf: { demo: demoOptionsFrom },
  register(program, ctx) {
    program
      .command('demo')
      .option('--out <dir>', 'folder for the report files', DEFAULT_REPORT_DIR)
      .addOption(
        integerArgOption('--monitors <n>', 'simulated monitors', DEMO.monitors, SIMULATOR_DEFAULTS.monitors),
      )
      .addOption(
        integerArgOption('--days <n>', 'days of simulated history', DEMO.days, SIMULATOR_DEFAULTS.days),
      )
      .addOption(integerArgOption('--seed <n>', 'simulator seed', DEMO.seed, SIMULATOR_DEFAULTS.seed))
      .addOption(
        new Option(
          '--profile <name>',
          'how the simulated account behaves: realistic (a healthy account with a few problems) or failure-heavy (fails everywhere, as the tests)',
        )
          .choices(SIMULATOR_PROFILES)
          .default(DEMO_SIMULATOR_PROFILE),
      )
      .addHelpText(
        'after',
        `
The warehouse is the embedded PGlite database in ./.uptrends-etl (or --data-dir,
$UPTRENDS_ETL_DATA_DIR); DATABASE_URL is not used, so the demo never loads a simulated account into a
production warehouse. A Postgres server is used only when named here (--database-url), and only when
it is empty. The demo refuses (exit 2) a warehouse holding data it did not load itself; running it
again into its own warehouse adds nothing new: every load is a merge.

Examples:
  $ uptrends-etl demo
  $ uptrends-etl demo --data-dir /tmp/demo-warehouse --out /tmp/demo-reports
  $ uptrends-etl demo --database-url postgres://etl@localhost/demo   an empty database
  $ uptrends-etl demo --monitors 200 --days 365 --out /tmp/uptrends-reports`,
      )
      .action(async (flags: DemoFlags) => {
        const options = demoOptionsFrom(flags);
        // The first line at once: opening the warehouse and generating the account take seconds.
        ctx
          .logger()
          .info(
            `demo: starting (${options.profile} account, ${options.monitors} monitors, ${options.days} days)`,
          );
        const [{ runDemo }, { createProgress }, { instantText }] = await Promise.all([
          import('../../api/demo-job.ts'),
          import('../progress.ts'),
          import('../../reports/render/figure-format.ts'),
        ]);
        const logger = ctx.logger();
        // DATABASE_URL names the production warehouse: the demo uses only a server named for it.
        const result = await runDemo(
          { databaseUrl: ctx.globals.databaseUrl, dataDir: ctx.config().dataDir },
          options,
          {
            logger,
            signal: ctx.signal,
            progress: createProgress(logger),
          },
        );
        const records = Object.fromEntries(
          Object.entries(result.sync.streams)
            .filter(([, c]) => c.records > 0)
            .map(([name, c]) => [name, c.records]),
        );
        const cli = commandName(ctx.env);
        const example = `select monitor_name, day, uptime_percentage, uptime_source, incident_uptime_percentage from uptrends.v_monitor_uptime_daily order by day desc, monitor_name limit 10`;
        ctx.result(
          'demo',
          {
            warehouse: result.warehouse,
            runId: result.sync.runId,
            requests: result.sync.requests,
            records,
            period: result.reports.period.label,
            zone: result.reports.period.zone,
            files: [...result.reports.paths, ...result.atRisk.paths],
            atRisk: { asOf: result.atRisk.model.asOf.toISOString(), counts: result.atRisk.model.counts },
            simulator: {
              profile: options.profile,
              seed: options.seed,
              clock: result.simulatorClock.toISOString(),
              remembered: result.simulatorRemembered,
            },
          },
          [
            `Loaded into ${result.warehouse} (run ${result.sync.runId}, ${result.sync.requests} requests): ${Object.entries(
              records,
            )
              .map(([name, n]) => `${name} ${n}`)
              .join(', ')}`,
            `Reports for ${result.reports.period.label} (${result.reports.period.zone}):`,
            ...result.reports.paths.map((path) => `  ${path}`),
            `Early warning, ${atRiskSummary(result.atRisk.model, instantText)}:`,
            ...result.atRisk.paths.map((path) => `  ${path}`),
            `The same account again (for nightly, as in the README's mail section): ${cli} simulate --profile ${options.profile} --seed ${options.seed} --monitors ${options.monitors} --days ${options.days} --now ${result.simulatorClock.toISOString()} --port 8080`,
            'Query the warehouse:',
            `  ${cli} query "${example}"`,
            `  ${cli} status            runs, watermarks, row counts`,
            '  docs/warehouse.md in the source: every table and view, with example queries',
          ],
        );
      });
  },
};
