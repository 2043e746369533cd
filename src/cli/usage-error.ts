/**
 * The parser's errors in the tool's own voice. commander words its errors for itself
 * (`error: unknown option '--frobnicate'`, printed before our message format); here each becomes a
 * UsageError (exit 2, code USAGE_INVALID) printed like every other error, with a hint naming the
 * help of the command that was run. commander's own output of errors is switched off in
 * program.ts, so a user sees one message.
 */
import type { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.ts';

/** The commander error codes that are a command line we cannot run (not --help or --version). */
const PARSE_ERRORS = new Set([
  'commander.unknownOption',
  'commander.unknownCommand',
  'commander.missingArgument',
  'commander.optionMissingArgument',
  'commander.missingMandatoryOptionValue',
  'commander.conflictingOption',
  'commander.invalidArgument',
  'commander.excessArguments',
]);

/** True when `error` is a parse error of the command line (one to reword). */
export function isParseError(error: CommanderError): boolean {
  return PARSE_ERRORS.has(error.code);
}

/** `report sla`, `sync` or '' (the program): the command `args` run, as far as it is known. */
export function commandPathOf(program: Command, args: readonly string[]): string {
  const path: string[] = [];
  let command = program;
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (sub === undefined) {
      // An option's value (`--data-dir x sync`) or an operand: look further for a command name.
      if (path.length === 0) continue;
      break;
    }
    path.push(sub.name());
    command = sub;
    if (command.commands.length === 0) break;
  }
  return path.join(' ');
}

/** commander's message without its `error: ` prefix, its suggestion as a second sentence. */
function reword(error: CommanderError): string {
  const text = error.message.replace(/^error: /, '').trim();
  const [first, ...rest] = text.split('\n');
  const suggestion = rest
    .join(' ')
    .replace(/^\((.*)\)$/, '$1')
    .trim();
  const line = first ?? text;
  const missingValue = /^option '([^' ]+)[^']*' argument missing$/.exec(line);
  const badChoice = /^option '([^' ]+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/.exec(
    line,
  );
  const main =
    missingValue !== null
      ? `${missingValue[1]!} needs a value`
      : badChoice !== null
        ? `${badChoice[1]!} ${badChoice[2]!} is not one of ${badChoice[3]!}`
        : line;
  return suggestion === '' ? main : `${main}; ${suggestion.charAt(0).toLowerCase()}${suggestion.slice(1)}`;
}

/** The UsageError (exit 2) for a parse error of `args`, with the help to look at. */
export function usageErrorOf(error: CommanderError, program: Command, args: readonly string[]): UsageError {
  const path = commandPathOf(program, args);
  const name = program.name();
  const what = error.code === 'commander.unknownCommand' ? 'commands' : 'options';
  const hint =
    path === ''
      ? `run "${name} --help" for the commands and options`
      : `run "${name} ${path} --help" for its ${what}`;
  return new UsageError(reword(error), { hint, context: { command: path === '' ? name : path } });
}
