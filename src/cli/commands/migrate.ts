/** `uptrends-etl migrate`: applies pending warehouse migrations. */
import type { CommandModule } from '../command-module.ts';
import { migrate } from '../../load/migrate.ts';

export const migrateCommand: CommandModule = {
  name: 'migrate',
  register(program, ctx) {
    program
      .command('migrate')
      .description(
        'Create or upgrade the warehouse schema "uptrends" (safe to run again: a no-op when current).',
      )
      .addHelpText(
        'after',
        '\nExamples:\n  $ uptrends-etl migrate\n  $ DATABASE_URL=postgres://etl@db/warehouse uptrends-etl migrate',
      )
      .action(async () => {
        const warehouse = await ctx.warehouse();
        const result = await migrate(warehouse.db);
        for (const name of result.applied) ctx.print(`applied ${name}`);
        ctx.print(
          `warehouse ${warehouse.location} (${warehouse.backend}): ${result.applied.length} applied, ${result.alreadyApplied} already current`,
        );
      });
  },
};
