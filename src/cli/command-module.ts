/** The shape of one CLI command file: it registers itself on the program. */
import type { Command } from 'commander';
import type { CliContext } from './cli-context.ts';

/** One command of the registry in src/cli/commands/index.ts. */
export interface CommandModule {
  readonly name: string;
  register(program: Command, ctx: CliContext): void;
}
