/** `uptrends-etl check`: warehouse reachable and migrated, API credentials valid. */
import { ConfigError } from '../../errors.ts';
import { runCheck } from '../../pipeline/run-check.ts';
import type { CommandModule } from '../command-module.ts';

export const checkCommand: CommandModule = {
  name: 'check',
  register(program, ctx) {
    program
      .command('check')
      .description('Check that the warehouse is reachable and migrated and that the API credentials work.')
      .option('--json', 'print machine-readable JSON')
      .addHelpText(
        'after',
        '\nExit code 0 when every check passes, 2 otherwise.\n\nExamples:\n  $ uptrends-etl check\n  $ uptrends-etl check --json',
      )
      .action(async (options: { json?: boolean }) => {
        const results = await runCheck(ctx.config());
        if (options.json === true) ctx.print(JSON.stringify(results, null, 2));
        else for (const r of results) ctx.print(`${r.status.padEnd(7)} ${r.name}: ${r.detail}`);
        const failed = results.filter((r) => r.status === 'failed');
        if (failed.length > 0) {
          throw new ConfigError(`${failed.length} check(s) failed: ${failed.map((r) => r.name).join(', ')}`);
        }
      });
  },
};
