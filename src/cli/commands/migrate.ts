/** `uptrends-etl migrate`: applies pending warehouse migrations. */
import type { CommandModule } from '../command-module.ts';

export const migrateCommand: CommandModule = {
  name: 'migrate',
  register(program, ctx) {
    program
      .command('migrate')
      .addHelpText(
        'after',
        '\nExamples:\n  $ uptrends-etl migrate\n  $ DATABASE_URL=postgres://etl@db/warehouse uptrends-etl migrate',
      )
      .action(async () => {
        const { migrate } = await import('../../api/warehouse-access.ts');
        const warehouse = await ctx.warehouse({ create: true });
        const result = await migrate(warehouse.db);
        ctx.result(
          'migrate',
          {
            warehouse: warehouse.location,
            backend: warehouse.backend,
            applied: result.applied,
            alreadyApplied: result.alreadyApplied,
          },
          [
            ...result.applied.map((name) => `applied ${name}`),
            `warehouse ${warehouse.location} (${warehouse.backend}): ${result.applied.length} applied, ${result.alreadyApplied} already current`,
          ],
        );
      });
  },
};
