/**
 * Builds the commander program: global options, the command registry, help with examples.
 * Parsing errors are thrown (exitOverride) so src/bin.ts alone decides the exit code.
 *
 * Only the command being run is loaded: the arguments are probed for the command name first (with
 * the global options, so `--data-dir x sync` finds `sync`), that command's module is imported and
 * registered, and every other command is a stub with its name and summary, enough for the
 * top-level help. `--version` and `--help` therefore import no command module at all.
 */
import { Command, Option } from 'commander';
import { CliContext } from './cli-context.ts';
import { COMMANDS, type CommandEntry } from './commands/index.ts';
import { colorEnabled } from './color.ts';
import { EXIT_CODE_HELP } from './exit-codes.ts';
import { VERSION } from '../package-root.ts';

/** Joins `items` with ", " into lines of at most `width` characters; later lines get `indent`. */
function wrapList(head: string, items: readonly string[], width: number, indent: string): string {
  const lines: string[] = [];
  let line = head;
  items.forEach((item, i) => {
    const piece = `${item}${i === items.length - 1 ? '.' : ','}`;
    if (`${line} ${piece}`.length > width) {
      lines.push(line);
      line = `${indent}${piece}`;
    } else line = `${line} ${piece}`;
  });
  lines.push(line);
  return lines.join('\n');
}

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
Results go to stdout (JSON lines when stdout is not a terminal, or with --json); logs go to stderr.
${wrapList('Exit codes:', EXIT_CODE_HELP, 100, '           ')}`;

const ansi =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

/** Colours of the help (bold titles, cyan commands and options, yellow arguments). */
const HELP_STYLES = {
  styleTitle: ansi(1, 22),
  styleCommandText: ansi(1, 22),
  styleSubcommandText: ansi(36, 39),
  styleOptionText: ansi(36, 39),
  styleArgumentText: ansi(33, 39),
};

/** The options every command accepts, before or after the command name. */
function addGlobalOptions(program: Command): Command {
  return program
    .option(
      '--config <file>',
      'configuration file (default: $UPTRENDS_ETL_CONFIG, else ./uptrends-etl.yaml when it exists)',
    )
    .option('--database-url <url>', 'Postgres warehouse URL (default: $DATABASE_URL, else embedded PGlite)')
    .option('--data-dir <dir>', 'PGlite data directory (default: $UPTRENDS_ETL_DATA_DIR or ./.uptrends-etl)')
    .addOption(
      new Option(
        '--log-format <format>',
        'log line format (default: pretty on a terminal, json otherwise)',
      ).choices(['json', 'pretty']),
    )
    .option('-q, --quiet', 'log warnings and errors only')
    .option('--json', 'print results as JSON lines (default: when stdout is not a terminal)')
    .option('--no-json', 'print results as text even when stdout is not a terminal');
}

/**
 * The command a command line runs (`help <command>` included), or undefined when it names none.
 * Unknown options and bad values are left to the real parse, which reports them.
 */
export function invokedCommand(args: readonly string[]): string | undefined {
  const probe = addGlobalOptions(new Command()).exitOverride().allowUnknownOption();
  probe.configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  let operands: string[];
  try {
    operands = probe.parseOptions([...args]).operands;
  } catch {
    return undefined;
  }
  return operands[0] === 'help' ? operands[1] : operands[0];
}

export interface BuildProgramOptions {
  /** The user's arguments, without node and the script. (Default: none) */
  args?: readonly string[];
  env?: Record<string, string | undefined>;
  stdout?: NodeJS.WritableStream;
  /** Load every command (tests that walk every command's options and help). (Default: false) */
  loadAll?: boolean;
}

async function addCommand(
  program: Command,
  ctx: CliContext,
  entry: CommandEntry,
  load: boolean,
): Promise<void> {
  if (!load) {
    // A stub: shown in the top-level help; never run (the invoked command is always loaded).
    program.command(entry.name).description(entry.summary);
    return;
  }
  const module = await entry.load();
  module.register(program, ctx);
  const command = program.commands.find((c) => c.name() === entry.name);
  if (command === undefined)
    throw new Error(`command module ${entry.name} registered no "${entry.name}" command`);
  command.description(entry.summary);
}

/**
 * Every default shown the same way, once: commander prints `(default: X)` from the value the code
 * uses; strings without quotes (numbers are described where their option is made).
 */
function describeDefaults(command: Command): void {
  for (const option of command.options) {
    const value: unknown = option.defaultValue;
    if (option.defaultValueDescription !== undefined || value === undefined) continue;
    if (typeof value === 'string') option.defaultValueDescription = value;
  }
  for (const sub of command.commands) describeDefaults(sub);
}

/** Creates the program with the registered commands; returns it with its context. */
export async function buildProgram(options: BuildProgramOptions = {}): Promise<{
  program: Command;
  ctx: CliContext;
}> {
  const program = new Command('uptrends-etl');
  const ctx = new CliContext(program, options.env, options.stdout);
  const color = colorEnabled(process.stdout);
  addGlobalOptions(program)
    .description(
      'Extract the Uptrends API v4 and Infra API v1 into a Postgres warehouse, and report SLAs and incidents.',
    )
    .version(VERSION)
    .configureHelp({ showGlobalOptions: true, ...HELP_STYLES })
    .configureOutput({
      // commander strips the styles where colour is off (NO_COLOR, a pipe): src/cli/color.ts.
      getOutHasColors: () => color,
      getErrHasColors: () => colorEnabled(process.stderr),
      // Parse errors are printed by src/bin.ts in the tool's own format (usage-error.ts).
      outputError: () => undefined,
    })
    .addHelpText('after', EXAMPLES)
    .exitOverride();
  const invoked = options.loadAll === true ? undefined : invokedCommand(options.args ?? []);
  for (const entry of COMMANDS) {
    await addCommand(program, ctx, entry, options.loadAll === true || entry.name === invoked);
  }
  describeDefaults(program);
  return { program, ctx };
}
