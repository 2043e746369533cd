/**
 * `uptrends-etl query "<sql>"`: runs one read-only SQL statement on the warehouse and prints the
 * rows. Mostly for the embedded PGlite warehouse, which no psql can reach; on Postgres any client
 * works too. What makes it read-only is src/load/read-only-query.ts (one reading statement, no
 * functions with effects, a READ ONLY transaction rolled back at the end, a statement timeout).
 */
import { Option } from 'commander';
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';

/** Default and range of `--timeout` (seconds). */
const TIMEOUT = { min: 1, max: 86_400, default: 60 };
/** `--wait` without a value: as for sync. */
const DEFAULT_WAIT_SECONDS = 600;
const WAIT = { min: 0, max: 86_400 };

type Format = 'table' | 'csv' | 'json';

interface QueryFlags {
  format: Format;
  timeout: number;
  wait?: number;
}

/** What `query` runs with. */
export interface QueryOptions {
  readonly format: Format;
  readonly timeoutMs: number;
  readonly waitMs: number;
}

function queryOptionsFrom(flags: QueryFlags): QueryOptions {
  return { format: flags.format, timeoutMs: flags.timeout * 1000, waitMs: (flags.wait ?? 0) * 1000 };
}

/** A value as text; JSON for objects, ISO-8601 UTC for instants. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return value.toString();
  return JSON.stringify(value);
}

/**
 * Text from monitored sites is untrusted: on a terminal, an escape sequence in an error message
 * could move the cursor, retitle the window or hide lines. Line breaks and tabs become spaces (one
 * row, one line); every other C0/C1 control character and DEL becomes U+FFFD.
 */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
}

const OPTIONS_OF = { query: queryOptionsFrom };

export const queryCommand: CommandModule = {
  name: 'query',
  optionsOf: OPTIONS_OF,
  register(program, ctx) {
    program
      .command('query')
      .argument('<sql>', 'one SQL statement (read-only); tables live in schema uptrends')
      .description('Run one read-only SQL statement on the warehouse and print the rows.')
      .addOption(
        new Option(
          '--format <format>',
          'table on a terminal; csv (formula-guarded) or json (one object a line)',
        )
          .choices(['table', 'csv', 'json'])
          .default('table'),
      )
      .addOption(
        new Option(
          '--timeout <seconds>',
          `statement timeout, ${TIMEOUT.min} to ${TIMEOUT.max.toLocaleString('en-US')}`,
        )
          .argParser(integerOption('--timeout', TIMEOUT.min, TIMEOUT.max))
          .default(TIMEOUT.default),
      )
      .addOption(
        new Option(
          '--wait [seconds]',
          `on the embedded warehouse, wait up to this long for a sync to finish instead of exiting with code 6, ${WAIT.min} to ${WAIT.max.toLocaleString('en-US')}`,
        )
          .argParser(integerOption('--wait', WAIT.min, WAIT.max))
          .preset(DEFAULT_WAIT_SECONDS),
      )
      .addHelpText(
        'after',
        `
Only reading statements run (SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN), one at a time, in a
read-only transaction that is rolled back; functions that act outside it (advisory locks,
set_config, server files, signals, NOTIFY) are refused. Exit 2 for a refused or failing statement.

Examples:
  $ uptrends-etl query "select count(*) from uptrends.alert"
  $ uptrends-etl query --format csv "select * from uptrends.v_incident where started_at > now() - interval '7 days'"
  $ uptrends-etl query --wait 600 --format json "select * from uptrends.v_monitor_uptime_monthly"`,
      )
      .action(async (text: string, flags: QueryFlags) => {
        const options = OPTIONS_OF.query(flags);
        const { runReadOnlyQuery, checkReadOnlyStatement } = await import('../../load/read-only-query.ts');
        // Refused before the warehouse is even opened.
        checkReadOnlyStatement(text);
        const warehouse = await ctx.warehouse({ waitMs: options.waitMs });
        const { columns, rows } = await runReadOnlyQuery(warehouse.db, text, options.timeoutMs);
        if (options.format === 'json') {
          for (const row of rows) ctx.stdout.write(`${JSON.stringify(row)}\n`);
          return;
        }
        const values = rows.map((row) => columns.map((c) => cell(row[c])));
        if (options.format === 'csv') {
          const { stringify } = await import('csv-stringify/sync');
          ctx.stdout.write(stringify([[...columns], ...values], { escape_formulas: true }));
          return;
        }
        const safe = values.map((v) => v.map(terminalSafe));
        const header = columns.map(terminalSafe);
        const widths = header.map((c, i) =>
          Math.min(60, Math.max(c.length, ...safe.map((v) => v[i]!.length))),
        );
        const line = (cells: string[]): string =>
          cells.map((v, i) => v.slice(0, widths[i]).padEnd(widths[i]!)).join(' | ');
        if (columns.length > 0) {
          ctx.print(line(header));
          ctx.print(widths.map((w) => '-'.repeat(w)).join('-+-'));
        }
        for (const v of safe) ctx.print(line(v));
        ctx.print(`(${rows.length} row${rows.length === 1 ? '' : 's'})`);
      });
  },
};
