/**
 * The shape of one CLI command file: it registers itself on the program. A module imports at its
 * top only what its options and help need (commander, option parsers, constants); the libraries
 * its action uses are imported inside the action, so `<command> --help` stays cheap too.
 */
import type { Command } from 'commander';
import type { CliContext } from './cli-context.ts';

/** One command of the registry in src/cli/commands/index.ts. */
export interface CommandModule {
  readonly name: string;
  /**
   * Adds the command (`program.command(name)`), its options, help and action. The description is
   * set from the registry's summary afterwards.
   */
  register(program: Command, ctx: CliContext): void;
  /**
   * The options the action reads, as the typed options it passes on, for the test that checks
   * every listed option changes what the command does (test/unit/cli/help-walk.test.ts). Keyed
   * by the command path under the program, e.g. `sync` or `report sla`.
   */
  readonly optionsOf?: Readonly<Record<string, (flags: never) => unknown>>;
}
