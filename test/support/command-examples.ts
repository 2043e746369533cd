/**
 * The command lines a user copies: every line of the `sh` blocks of README.md and docs/*.md, and
 * every `$ ` line of the Examples section of each command's --help (read from the compiled CLI,
 * as a user sees it). Comments and the description beside a help example are cut off; a block keeps
 * its lines together, since a later line may need an earlier one (a server started with `&`, an
 * `export`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BIN } from './run-cli.ts';

/** One command line of the documentation. */
export interface CommandExample {
  /** Where it is written: `README.md:312` or `report sla --help`. */
  source: string;
  /** The command line as a shell takes it, without its comment. */
  line: string;
}

/** Lines that belong together: one fenced block, or one command's help Examples. */
export interface ExampleBlock {
  /** `README.md:310` (the fence) or `report sla --help`. */
  name: string;
  examples: CommandExample[];
}

/** The line without a trailing `# comment` (a `#` outside quotes, after a space). */
export function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** The `sh` blocks of one markdown file. */
export function shellBlocks(file: string, text: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  let current: ExampleBlock | undefined;
  text.split('\n').forEach((raw, index) => {
    const fence = /^\s*```(\w*)\s*$/.exec(raw);
    if (fence !== null) {
      if (current !== undefined) {
        blocks.push(current);
        current = undefined;
      } else if (['sh', 'bash', 'shell', 'console'].includes(fence[1]!)) {
        current = { name: `${file}:${index + 1}`, examples: [] };
      } else {
        current = { name: '', examples: [] }; // another language: skipped to its closing fence
      }
      return;
    }
    const line = withoutComment(raw.replace(/^\s*\$ /, '')).trim();
    if (current !== undefined && current.name !== '' && line !== '')
      current.examples.push({ source: `${file}:${index + 1}`, line });
  });
  return blocks.filter((b) => b.name !== '' && b.examples.length > 0);
}

/** The `sh` blocks of README.md and every docs/*.md of the repository at `repo`. */
export function documentedBlocks(repo: string): ExampleBlock[] {
  const docs = readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].flatMap((file) =>
    shellBlocks(file, readFileSync(path.join(repo, file), 'utf8')),
  );
}

/** The command, without the description a help example has after two or more spaces. */
export function helpExampleCommand(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ' ' && text[i + 1] === ' ') return text.slice(0, i);
  }
  return text;
}

/** The sub-command names a help text lists under "Commands:" (`help` left out). */
export function listedCommands(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf('Commands:');
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    const name = /^ {2}([a-z][\w-]*)/.exec(line)?.[1];
    if (name !== undefined && name !== 'help') names.push(name);
  }
  return names;
}

/** The `$ ` lines of a help text's Examples section. */
export function helpExamples(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf('Examples:');
  if (start < 0) return [];
  return lines
    .slice(start + 1)
    .filter((l) => l.startsWith('  $ '))
    .map((l) => helpExampleCommand(l.slice(4).trim()));
}

function helpOf(command: string[]): string {
  const result = spawnSync(process.execPath, [BIN, ...command, '--help'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  });
  if (result.status !== 0) throw new Error(`${command.join(' ')} --help exited ${result.status}`);
  return result.stdout;
}

/** Each command's and sub-command's --help Examples, walking the command tree of the compiled CLI. */
export function helpBlocks(): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  const visit = (command: string[]): void => {
    const help = helpOf(command);
    const name = `${['uptrends-etl', ...command].join(' ')} --help`;
    const examples = helpExamples(help).map((line) => ({ source: name, line }));
    if (examples.length > 0) blocks.push({ name, examples });
    for (const sub of listedCommands(help)) visit([...command, sub]);
  };
  visit([]);
  return blocks;
}
