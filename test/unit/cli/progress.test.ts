import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  // The bars redraw on a timer (10 frames a second): fake timers make each frame explicit.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const frame = (): void => void vi.advanceTimersByTime(250);

  it('draws a bar with windows done/total, records and requests on a terminal', () => {
    const tty = sink(true);
    const progress = createProgress(pino({ level: 'silent' }), tty.stream);
    progress.start('alerts', 10, 'windows');
    progress.tick('alerts', 4, { records: 1234, requests: 20 });
    frame();
    progress.stop('alerts');
    expect(tty.text()).toMatch(/alerts/);
    expect(tty.text()).toMatch(/4\/10 windows/);
    expect(tty.text()).toMatch(/1234 records/);
  });

  it('keeps one bar per stream while streams run at once, and lets go of the terminal after', () => {
    const tty = sink(true);
    const progress = createProgress(pino({ level: 'silent' }), tty.stream);
    progress.start('alerts', 10, 'windows');
    progress.start('statistics', 50, 'windows');
    progress.tick('alerts', 3, { records: 300, requests: 9 });
    progress.tick('statistics', 7, { records: 700, requests: 7 });
    frame();
    progress.stop('alerts');
    progress.tick('statistics', 50, { records: 5000, requests: 50 });
    frame();
    progress.stop('statistics');
    expect(tty.text()).toMatch(/alerts \[[^\]]*\] 3\/10 windows \| 300 records/);
    expect(tty.text()).toMatch(/statistics \[[^\]]*\] 7\/50 windows \| 700 records/);
    // Two lines kept at once: the redraw moves the cursor back up over them (separate bars would
    // each rewrite the one current line, overwriting each other).
    // eslint-disable-next-line no-control-regex -- the escape sequence is what is looked for
    expect(tty.text()).toMatch(/\u001b\[\d*A/);
    // A stream started after the others stopped draws on a fresh container.
    progress.start('infra_device_uptime', 4, 'windows');
    progress.tick('infra_device_uptime', 2, { records: 20 });
    frame();
    progress.stop('infra_device_uptime');
    expect(tty.text()).toMatch(/infra_device_uptime \[[^\]]*\] 2\/4 windows/);
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
