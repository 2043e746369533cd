#!/usr/bin/env node
/**
 * The process entry point and the one error boundary: runs the command, maps errors to the
 * documented exit codes (src/cli/exit-codes.ts), prints expected errors as one clear message and
 * unexpected ones as a bug report with the stack.
 *
 * Start-up is kept small on purpose: this file and the program builder import commander and a few
 * of our own small modules; the command that runs imports the rest (see src/cli/program.ts), so
 * `--version` and `--help` answer in a few tens of milliseconds.
 */
import { CommanderError, type Command } from 'commander';
import { maskSecrets } from './redaction.ts';
import { EtlError, InterruptedError, UsageError } from './errors.ts';
import { EXIT, exitCodeFor } from './cli/exit-codes.ts';
import { buildProgram } from './cli/program.ts';
import { isParseError, usageErrorOf } from './cli/usage-error.ts';

function describe(error: EtlError): string {
  if (error instanceof UsageError) {
    return `uptrends-etl: error [${error.code}]: ${error.message}${error.hint === undefined ? '' : `\n  hint: ${error.hint}`}`;
  }
  const context = Object.entries(error.context)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  const cause =
    error.cause instanceof Error && !error.message.includes(error.cause.message)
      ? `\n  cause: ${error.cause.message}`
      : '';
  return `uptrends-etl: error [${error.code}]: ${error.message}${context === '' ? '' : `\n  where: ${context}`}${cause}`;
}

/** The command's names from the top, `report sla` for the `sla` subcommand of `report`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent != null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const { program, ctx } = await buildProgram({ args });
  const secrets = (): readonly string[] => {
    try {
      return ctx.config().secrets;
    } catch {
      return [];
    }
  };
  const interrupt = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => interrupt.abort(new InterruptedError(signal)));
  }
  ctx.signal = interrupt.signal;
  program.hook('preAction', (_, action) => ctx.prepare(commandPath(action)));
  try {
    await program.parseAsync(args, { from: 'user' });
    return EXIT.ok;
  } catch (thrown) {
    let error = thrown;
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0; help shown for a missing
      // sub-command (`report`) exits 2 without more words.
      if (error.exitCode === 0) return EXIT.ok;
      if (!isParseError(error)) return EXIT.config;
      error = usageErrorOf(error, program, args);
    }
    const code = exitCodeFor(error);
    if (error instanceof EtlError && code !== EXIT.internal) {
      process.stderr.write(`${maskSecrets(describe(error), secrets())}\n`);
    } else {
      const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(
        `uptrends-etl: unexpected error: this is a bug, please report it with the lines below.\n${maskSecrets(stack, secrets())}\n`,
      );
    }
    return code;
  } finally {
    await ctx.close();
  }
}

/**
 * Resolves once everything written to `stream` has been handed to the operating system. A pipe
 * takes 64 kB at a time: exiting before it drained would cut the output short with exit code 0.
 */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('drain', resolve);
    stream.once('close', resolve);
    stream.once('error', resolve);
  });
}

// A reader that goes away (`| head`) makes writes fail with EPIPE: that ends the output, it is not
// an error of the command (`query` stops reading when it happens).
process.stdout.on('error', () => undefined);
const code = await main();
await Promise.all([drained(process.stdout), drained(process.stderr)]);
// Exit explicitly: keep-alive HTTP pools or a pending timer must not keep a finished job alive.
process.exit(code);
