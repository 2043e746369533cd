import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../src/cli/progress.ts';

function sink(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      text += chunk.toString();
      cb();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, {
    isTTY,
    columns: 160,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  return { stream, text: () => text };
}

describe('progress', () => {
  it('draws a bar with windows done/total, records and requests on a terminal', () => {
    const tty = sink(true);
    const progress = createProgress(pino({ level: 'silent' }), tty.stream);
    progress.start('alerts', 10, 'windows');
    progress.tick('alerts', 4, { records: 1234, requests: 20 });
    progress.stop('alerts');
    expect(tty.text()).toMatch(/alerts/);
    expect(tty.text()).toMatch(/4\/10 windows/);
    expect(tty.text()).toMatch(/1234 records/);
  });

  it('logs at most one line per interval off a terminal, and the last one', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const progress = createProgress(logger, sink(false).stream, 60_000);
    progress.start('alerts', 3, 'windows');
    progress.tick('alerts', 1, { records: 10 });
    progress.tick('alerts', 2, { records: 20 });
    progress.tick('alerts', 3, { records: 30 });
    progress.stop('alerts');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('3/3 windows, 30 records');
  });
});
