/** `uptrends-etl status`: recent runs, watermarks and row counts. */
import type { CommandModule } from '../command-module.ts';
import { getStatus } from '../../pipeline/get-status.ts';

export const statusCommand: CommandModule = {
  name: 'status',
  register(program, ctx) {
    program
      .command('status')
      .description('Show recent runs, watermarks (data freshness) and row counts of the warehouse.')
      .option('--json', 'print machine-readable JSON instead of text')
      .option('--runs <n>', 'how many recent runs to list (Default: 10)', (v) => Number.parseInt(v, 10), 10)
      .addHelpText(
        'after',
        '\nExamples:\n  $ uptrends-etl status\n  $ uptrends-etl status --json | jq .runs[0].status',
      )
      .action(async (options: { json?: boolean; runs: number }) => {
        const warehouse = await ctx.warehouse();
        const status = await getStatus(warehouse, options.runs);
        if (options.json === true) {
          ctx.print(JSON.stringify(status, null, 2));
          return;
        }
        ctx.print(`warehouse: ${status.warehouse.location} (${status.warehouse.backend})`);
        if (status.pendingMigrations.length > 0)
          ctx.print(`pending migrations: ${status.pendingMigrations.join(', ')} (run: uptrends-etl migrate)`);
        ctx.print(status.runs.length === 0 ? 'runs: none yet' : 'recent runs:');
        for (const run of status.runs) {
          ctx.print(
            `  #${run.runId} ${run.command} ${run.status} started ${run.startedAt} finished ${run.finishedAt ?? '-'} requests ${run.requests}`,
          );
        }
        if (status.watermarks.length > 0) ctx.print('watermarks (data complete up to):');
        for (const w of status.watermarks) {
          ctx.print(
            `  ${w.stream} [account ${w.accountId}, ${w.partitions} partition(s)]: ${w.oldest ?? '-'} .. ${w.newest ?? '-'}`,
          );
        }
        if (status.deliveries.length > 0) ctx.print('report deliveries needing attention:');
        for (const d of status.deliveries) {
          ctx.print(
            `  ${d.subscription} ${d.period}: ${
              d.status === 'failed'
                ? `failed ${d.attempts} time(s), tried again next run: ${d.error ?? ''}`
                : d.status === 'unknown'
                  ? `unknown, maybe delivered (message ${d.messageId} in the mail server log): ${d.error ?? ''}`
                  : `${d.status}: being sent now, or its run stopped (the next run settles it)`
            }`,
          );
        }
        if (status.tables.length > 0) ctx.print('rows:');
        for (const t of status.tables) ctx.print(`  ${t.table.padEnd(32)} ${t.rows}`);
      });
  },
};
