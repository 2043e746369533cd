/**
 * The global options reach what they promise: the warehouse settings reach the configuration, -q the
 * log level, --json/--no-json the result format (JSON lines unless stdout is a terminal).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.ts';

function sink(isTTY: boolean): NodeJS.WritableStream & { isTTY: boolean; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return Object.assign(stream, { isTTY, text: () => text });
}

async function contextFor(args: string[], isTTY = false) {
  const stdout = sink(isTTY);
  const { program, ctx } = await buildProgram({ env: {}, stdout });
  program.parseOptions(args);
  await ctx.prepare();
  return { ctx, stdout };
}

describe('global options', () => {
  it('--database-url and --data-dir reach the configuration', async () => {
    const { ctx } = await contextFor(['--database-url', 'postgres://etl@db.example:5432/warehouse']);
    expect(ctx.config().databaseUrl).toBe('postgres://etl@db.example:5432/warehouse');
    const other = await contextFor(['--data-dir', '/tmp/elsewhere']);
    expect(other.ctx.config().dataDir).toBe('/tmp/elsewhere');
    expect(other.ctx.config().databaseUrl).toBeUndefined();
  });

  it('-q logs warnings and errors only', async () => {
    expect((await contextFor(['-q'])).ctx.logger().level).toBe('warn');
    expect((await contextFor([])).ctx.logger().level).toBe('info');
  });

  it('results are JSON lines unless stdout is a terminal; --json and --no-json decide', async () => {
    const piped = await contextFor([]);
    piped.ctx.result('file', { path: '/x.csv' }, '/x.csv');
    expect(JSON.parse(piped.stdout.text())).toMatchObject({ result: 'file', path: '/x.csv' });

    const terminal = await contextFor([], true);
    terminal.ctx.result('file', { path: '/x.csv' }, ['/x.csv', 'second line']);
    expect(terminal.stdout.text()).toBe('/x.csv\nsecond line\n');

    expect((await contextFor(['--json'], true)).ctx.json).toBe(true);
    expect((await contextFor(['--no-json'])).ctx.json).toBe(false);
  });
});
