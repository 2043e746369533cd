/** The README's command table, exit-code table and stream list say what the code does. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands/index.ts';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { STREAMS } from '../../../src/pipeline/streams/index.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The rows of the markdown table that follows `heading`. */
function tableAfter(heading: string): string[][] {
  const section = README.slice(README.indexOf(heading));
  const lines = section.split('\n').slice(1);
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('README', () => {
  it('lists every command in the commands table', () => {
    const table = tableAfter('## Commands').map((row) => row[0]!);
    for (const { name } of COMMANDS)
      expect(
        table.some((cell) => cell.startsWith(`\`uptrends-etl ${name}`)),
        name,
      ).toBe(true);
  });

  it('lists exactly the exit codes of src/cli/exit-codes.ts', () => {
    const codes = tableAfter('## Exit codes').map((row) => Number(row[0]));
    expect(codes).toEqual(Object.values(EXIT));
  });

  it('lists exactly the streams of the registry, in run order', () => {
    const from = README.indexOf('Streams, in run order');
    const paragraph = README.slice(from, README.indexOf('\n\n', from));
    expect(from).toBeGreaterThan(0);
    const named = [...paragraph.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(named).toEqual(STREAMS.map((s) => s.name));
  });
});
