import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../../src/cli/color.ts';

const tty = { isTTY: true, hasColors: () => true };
const pipe = { isTTY: false };

describe('colorEnabled', () => {
  it('colours a colour terminal, not a pipe', () => {
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled({ isTTY: true, hasColors: () => false }, {})).toBe(false);
  });

  it('NO_COLOR (non-empty) turns colour off, even with FORCE_COLOR', () => {
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '' })).toBe(true);
  });

  it('FORCE_COLOR turns colour on where it is not a terminal; 0 and false turn it off', () => {
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(tty, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
