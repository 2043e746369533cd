/**
 * `uptrends-etl query "<sql>"`: runs one read-only SQL statement on the warehouse and prints the
 * rows as they come (a cursor, in batches; query-output.ts), so neither memory nor a pipe limits
 * the size of a result. Mostly for the embedded PGlite warehouse, which no psql can reach; on
 * Postgres any client works too. What makes it read-only is src/load/query/statement-rules.ts and
 * read-only-query.ts (one reading statement, no function acting outside the transaction, a READ
 * ONLY transaction rolled back at the end, a statement timeout). `--file` runs a file of
 * examples (readSqlExamples in src/load/query/read-only-query.ts), one result per block.
 */
import { Option } from 'commander';
import { QueryError, UsageError, type QueryErrorCode } from '../../errors.ts';
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';
import type { QueryFormat } from '../query-output.ts';

/** Default and range of `--timeout` (seconds). */
const TIMEOUT = { min: 1, max: 86_400, default: 60 };
/** `--wait` without a value: as for sync. */
const DEFAULT_WAIT_SECONDS = 600;
const WAIT = { min: 0, max: 86_400 };

/** Largest `--file` read: far more than any file of examples. */
const MAX_FILE_BYTES = 1024 * 1024;

interface QueryFlags {
  format: QueryFormat;
  timeout: number;
  wait?: number;
  file?: string;
}

/** What `query` runs with. */
export interface QueryOptions {
  readonly format: QueryFormat;
  readonly timeoutMs: number;
  readonly waitMs: number;
  /** `--file`: a file of examples instead of one statement. */
  readonly file: string | undefined;
}

function queryOptionsFrom(flags: QueryFlags): QueryOptions {
  return {
    format: flags.format,
    timeoutMs: flags.timeout * 1000,
    waitMs: (flags.wait ?? 0) * 1000,
    file: flags.file,
  };
}

/** The statements to run: the argument, or the blocks of `--file`. */
async function statementsOf(
  text: string | undefined,
  file: string | undefined,
): Promise<{ name?: string; sql: string; line?: number }[]> {
  if ((text === undefined) === (file === undefined)) {
    // A usage error, as commander's own for a missing argument: exit 2 with where the help is.
    throw new UsageError(
      text === undefined
        ? 'query needs a statement ("<sql>") or --file <path>'
        : 'query takes a statement or --file, not both',
      { hint: 'run "uptrends-etl query --help" for its options', context: { command: 'query' } },
    );
  }
  if (file === undefined) return [{ sql: text! }];
  const [{ readTextFile }, { readSqlExamples }] = await Promise.all([
    import('../../text-file.ts'),
    import('../../api/query-job.ts'),
  ]);
  const contents = readTextFile(file, {
    maxBytes: MAX_FILE_BYTES,
    what: `the file of examples ${file}`,
    origin: 'named by --file',
    context: { file, setting: '--file' },
  });
  return readSqlExamples(contents);
}

const OPTIONS_OF = { query: queryOptionsFrom };

export const queryCommand: CommandModule = {
  name: 'query',
  optionsOf: OPTIONS_OF,
  register(program, ctx) {
    program
      .command('query')
      .argument('[sql]', 'one SQL statement (read-only); tables live in schema uptrends')
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
      .option(
        '--file <path>',
        'run every example of a file instead (blocks opened by a line /* example: <name> */), one result per block',
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
read-only transaction that is rolled back; functions the server marks volatile (they may act
outside the transaction: advisory locks, set_config, server files, signals, statistics resets,
replication slots) are refused, except a few harmless ones (random, clock_timestamp, pg_sleep,
relation sizes). Rows are printed as they are read, whatever their number. Exit 2 for a refused
or failing statement, with its code: QUERY_REFUSED, QUERY_SYNTAX, QUERY_TIMEOUT or QUERY_FAILED.
A statement that starts with a "--" comment goes after "--": query -- "-- note\nselect 1".

Examples:
  $ uptrends-etl query "select count(*) from uptrends.alert"
  $ uptrends-etl query --format csv "select * from uptrends.v_incident where started_at > now() - interval '7 days'"
  $ uptrends-etl query --wait 600 --format json "select * from uptrends.v_monitor_uptime_monthly"
  $ uptrends-etl query --file docs/warehouse-examples.sql`,
      )
      .action(async (text: string | undefined, flags: QueryFlags) => {
        const options = OPTIONS_OF.query(flags);
        const [{ streamReadOnlyQuery, checkStatement }, { OutputClosed, rowWriter }] = await Promise.all([
          import('../../api/query-job.ts'),
          import('../query-output.ts'),
        ]);
        const statements = await statementsOf(text, options.file);
        // A lone statement is refused before the warehouse is even opened.
        if (options.file === undefined) checkStatement(statements[0]!.sql);
        const warehouse = await ctx.warehouse({ waitMs: options.waitMs, schema: 'warn' });
        const failures: { name: string; error: QueryError }[] = [];
        for (const statement of statements) {
          const writer = await rowWriter(options.format, ctx.stdout, statement.name);
          try {
            const rows = await streamReadOnlyQuery(warehouse.db, statement.sql, {
              timeoutMs: options.timeoutMs,
              onBatch: (batch) => writer.batch(batch),
            });
            await writer.end(rows);
          } catch (error) {
            if (error instanceof OutputClosed) return;
            if (statement.name === undefined || !(error instanceof QueryError)) throw error;
            // One example's failure is reported and the others still run.
            failures.push({ name: statement.name, error });
            ctx
              .logger()
              .error(
                { example: statement.name, line: statement.line, code: error.code },
                `example ${statement.name} (line ${statement.line ?? '?'}) failed [${error.code}]: ${error.message}`,
              );
          }
        }
        if (failures.length > 0) {
          const first = failures[0]!.error;
          throw new QueryError(
            first.code as QueryErrorCode,
            `${failures.length} of ${statements.length} examples of ${options.file} failed: ${failures.map((f) => f.name).join(', ')} (the first: ${first.message})`,
            { cause: first, context: { file: options.file, setting: '--file' } },
          );
        }
      });
  },
};
