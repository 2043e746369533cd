/**
 * `uptrends-etl query "<sql>"`: runs one read-only SQL statement on the warehouse and prints the
 * rows. Mostly for the embedded PGlite warehouse, which no psql can reach; on Postgres any client
 * works too. The statement runs in a read-only transaction, so it cannot change the warehouse.
 */
import { Option } from 'commander';
import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { CommandModule } from '../command-module.ts';
import { DatabaseError } from '../../errors.ts';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return value.toString();
  return JSON.stringify(value);
}

export const queryCommand: CommandModule = {
  name: 'query',
  register(program, ctx) {
    program
      .command('query')
      .argument('<sql>', 'one SQL statement (read-only); tables live in schema uptrends')
      .description('Run a read-only SQL query on the warehouse and print the rows.')
      .addOption(
        new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'),
      )
      .addHelpText(
        'after',
        `
Examples:
  $ uptrends-etl query "select count(*) from uptrends.alert"
  $ uptrends-etl query --format csv "select * from uptrends.v_incident where started_at > now() - interval '7 days'"`,
      )
      .action(async (text: string, flags: { format: 'table' | 'csv' | 'json' }) => {
        const warehouse = await ctx.warehouse();
        let rows: Record<string, unknown>[];
        try {
          rows = await warehouse.db.transaction().execute(async (trx) => {
            await sql`set transaction read only`.execute(trx);
            return (await sql<Record<string, unknown>>`${sql.raw(text)}`.execute(trx)).rows;
          });
        } catch (cause) {
          throw new DatabaseError(`The query failed: ${(cause as Error).message}`, {
            cause,
            retriable: false,
          });
        }
        if (flags.format === 'json') {
          ctx.print(JSON.stringify(rows, null, 2));
          return;
        }
        const columns = rows.length === 0 ? [] : Object.keys(rows[0]!);
        const values = rows.map((row) => columns.map((c) => cell(row[c])));
        if (flags.format === 'csv') {
          ctx.stdout.write(stringify([columns, ...values]));
          return;
        }
        const widths = columns.map((c, i) =>
          Math.min(60, Math.max(c.length, ...values.map((v) => v[i]!.length))),
        );
        const line = (cells: string[]) =>
          cells.map((v, i) => v.slice(0, widths[i]).padEnd(widths[i]!)).join(' | ');
        if (columns.length > 0) {
          ctx.print(line(columns));
          ctx.print(widths.map((w) => '-'.repeat(w)).join('-+-'));
        }
        for (const v of values) ctx.print(line(v));
        ctx.print(`(${rows.length} row${rows.length === 1 ? '' : 's'})`);
      });
  },
};
