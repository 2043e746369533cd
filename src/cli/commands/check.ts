/** `uptrends-etl check`: warehouse reachable and migrated, API credentials valid. */
import type { CommandModule } from '../command-module.ts';

export const checkCommand: CommandModule = {
  name: 'check',
  register(program, ctx) {
    program
      .command('check')
      .addHelpText(
        'after',
        `
Every check is run and printed; the exit code is that of the first failed check, the same code the
same failure has in sync and nightly: 2 for a missing or invalid setting (no API credentials, or a
data directory that holds no warehouse: check never creates one), 3 for the warehouse (unreachable,
or migrations pending), 4 when the API refuses the credentials or cannot be reached. The Infra checks are skipped, not failed, when no Infra credentials are set.

Examples:
  $ uptrends-etl check
  $ uptrends-etl check --json`,
      )
      .action(async () => {
        const { runCheck } = await import('../../api/check-job.ts');
        const results = await runCheck(ctx.config());
        for (const r of results) {
          ctx.result(
            'check',
            { name: r.name, status: r.status, detail: r.detail },
            `${r.status.padEnd(7)} ${r.name}: ${r.detail}`,
          );
        }
        const failed = results.filter((r) => r.status === 'failed');
        if (failed[0] !== undefined) throw failed[0].error;
      });
  },
};
