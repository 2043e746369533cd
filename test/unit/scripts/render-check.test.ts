/**
 * The render check's judgement of a printed page (scripts/render-check.ts): the faults a reader
 * would see, found from the PDF's word boxes.
 */
import { describe, expect, it } from 'vitest';
import { pageFaults, smallestFont, type Page, type Word } from '../../../scripts/render-check.ts';

const word = (text: string, x0: number, y0: number, size = 11): Word => ({
  text,
  x0,
  y0,
  x1: x0 + text.length * size * 0.5,
  y1: y0 + size * 1.13,
});
const page = (words: Word[]): Page => ({ number: 1, width: 842, height: 595, words });

describe('render check', () => {
  it('passes a clean page', () => {
    expect(
      pageFaults(page([word('Uptime', 40, 40), word('97.621%', 120, 40), word('Complete', 200, 40)])),
    ).toEqual([]);
  });

  it('finds text printed under 7 pt (a wide sheet shrunk to one page)', () => {
    const shrunk = page([word('Monitors', 40, 40, 6.2), word('Uptime', 120, 40, 6.2)]);
    expect(smallestFont(shrunk)).toBeCloseTo(6.2, 6);
    expect(pageFaults(shrunk)).toEqual(['text prints at 6.2 pt, smaller than 7 pt']);
    expect(pageFaults(page([word('Monitors', 40, 40, 7.1)]))).toEqual([]);
  });

  it('finds a value run into the next column', () => {
    for (const glued of ['0:18Incomplete', '97.942%Complete', '00:41:58No', '11:15Complete']) {
      expect(pageFaults(page([word(glued, 40, 40)]))).toEqual([
        `"${glued}" runs two values together at (40, 40)`,
      ]);
    }
    // Names and dates are not values glued together.
    expect(
      pageFaults(page([word('FullPageCheck', 40, 40), word('#48', 150, 40), word('2026-10-01', 200, 40)])),
    ).toEqual([]);
  });

  it('finds words drawn over each other and words off the page', () => {
    expect(pageFaults(page([word('Members', 40, 40), word('Target', 42, 41)]))).toHaveLength(1);
    expect(pageFaults(page([word('Downtime', 830, 40)]))[0]).toMatch(/runs off the page/);
  });
});
