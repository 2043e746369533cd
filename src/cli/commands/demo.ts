/** `uptrends-etl demo`: the whole job against the built-in simulator, with no configuration. */
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';
import { createProgress } from '../progress.ts';
import { runDemo } from '../../pipeline/run-demo.ts';

export const demoCommand: CommandModule = {
  name: 'demo',
  register(program, ctx) {
    program
      .command('demo')
      .description(
        'Try everything with no account: simulator -> backfill into the warehouse -> SLA and incident workbooks and CSVs.',
      )
      .option('--out <dir>', 'folder for the report files (Default: ./reports)', './reports')
      .option('--monitors <n>', 'simulated monitors (Default: 50)', integerOption('--monitors', 1, 2000), 50)
      .option('--days <n>', 'days of simulated history (Default: 90)', integerOption('--days', 35, 730), 90)
      .option('--seed <n>', 'simulator seed (Default: 1)', integerOption('--seed', 0, 2 ** 31), 1)
      .addHelpText(
        'after',
        `
The warehouse is the embedded PGlite database in ./.uptrends-etl (or $UPTRENDS_ETL_DATA_DIR), or
Postgres when DATABASE_URL is set. Running the demo again adds nothing new: every load is a merge.

Examples:
  $ uptrends-etl demo
  $ uptrends-etl demo --monitors 200 --days 365 --out /tmp/uptrends-reports`,
      )
      .action(async (flags: { out: string; monitors: number; days: number; seed: number }) => {
        const logger = ctx.logger();
        const result = await runDemo(
          ctx.config(),
          { outDir: flags.out, monitors: flags.monitors, days: flags.days, seed: flags.seed },
          {
            logger,
            signal: ctx.signal,
            progress: createProgress(logger),
          },
        );
        const counts = Object.entries(result.sync.streams)
          .filter(([, c]) => c.records > 0)
          .map(([name, c]) => `${name} ${c.records}`)
          .join(', ');
        ctx.print(
          `Loaded into ${result.warehouse} (run ${result.sync.runId}, ${result.sync.requests} requests): ${counts}`,
        );
        ctx.print(`Reports for ${result.reports.period.label} (${result.reports.period.zone}):`);
        for (const path of result.reports.paths) ctx.print(`  ${path}`);
        ctx.print('Query the warehouse:');
        ctx.print(
          `  uptrends-etl query "select monitor_name, day, uptime_percentage, uptime_source, incident_uptime_percentage from uptrends.v_monitor_uptime_daily order by day desc, monitor_name limit 10"`,
        );
        ctx.print('  uptrends-etl status            runs, watermarks, row counts');
        ctx.print('  docs/warehouse.md              every table and view, with example queries');
      });
  },
};
