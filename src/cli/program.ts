/**
 * Builds the commander program: global options, the command registry, help with examples.
 * Parsing errors are thrown (exitOverride) so src/bin.ts alone decides the exit code.
 */
import { Command, Option } from 'commander';
import { CliContext } from './cli-context.ts';
import { COMMANDS } from './commands/index.ts';
import { VERSION } from '../version.ts';

const EXAMPLES = `
Examples:
  $ uptrends-etl demo                          try everything against the built-in simulator
  $ uptrends-etl migrate                       create the warehouse schema
  $ uptrends-etl sync                          nightly incremental sync of every stream
  $ uptrends-etl sync --from 2025-01-01 --to 2025-04-01   backfill a range
  $ uptrends-etl report sla --month 2025-10    SLA workbook for October
  $ uptrends-etl status --json                 runs, watermarks and row counts

Configuration comes from environment variables (or a .env file) and the optional file
uptrends-etl.yaml (secrets only as names of variables); see the README.
Exit codes: 0 ok, 1 bug, 2 usage/config, 3 database, 4 API, 5 bad data, 6 locked,
            7 report/mail, 8 partial run, 130 interrupted.`;

/** Creates the program with every registered command; returns it with its context. */
export function buildProgram(
  env?: Record<string, string | undefined>,
  stdout?: NodeJS.WritableStream,
): {
  program: Command;
  ctx: CliContext;
} {
  const program = new Command('uptrends-etl');
  const ctx = new CliContext(program, env, stdout);
  program
    .description(
      'Extract the Uptrends API v4 and Infra API v1 into a Postgres warehouse, and report SLAs and incidents.',
    )
    .version(VERSION)
    .option(
      '--config <file>',
      'configuration file (Default: $UPTRENDS_ETL_CONFIG, else ./uptrends-etl.yaml when it exists)',
    )
    .option('--database-url <url>', 'Postgres warehouse URL (Default: $DATABASE_URL, else embedded PGlite)')
    .option('--data-dir <dir>', 'PGlite data directory (Default: $UPTRENDS_ETL_DATA_DIR or ./.uptrends-etl)')
    .addOption(
      new Option(
        '--log-format <format>',
        'log line format (Default: pretty on a terminal, json otherwise)',
      ).choices(['json', 'pretty']),
    )
    .option('-q, --quiet', 'log warnings and errors only')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', EXAMPLES)
    .exitOverride();
  for (const command of COMMANDS) command.register(program, ctx);
  for (const sub of program.commands) sub.exitOverride();
  return { program, ctx };
}
