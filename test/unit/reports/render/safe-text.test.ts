import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  EXCEL_CELL_LIMIT,
  safeText,
  TRUNCATION_MARKER,
} from '../../../../src/reports/render/safe-text.ts';

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const hasLoneSurrogate = (s: string): boolean =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('safeText', () => {
  it('neutralises each formula starter with one apostrophe', () => {
    expect(safeText('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('-2+3')).toBe("'-2+3");
    expect(safeText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeText('\t=1')).toBe("'\t=1");
    expect(safeText('\r=1')).toBe("'\r=1");
    expect(safeText('Connection refused')).toBe('Connection refused');
  });

  it('strips control characters before deciding, so a hidden NUL cannot shield a formula', () => {
    expect(safeText('\u0000=1+1')).toBe("'=1+1");
    expect(safeText('a\u0001b\u000Bc\uFFFEd\u0085e')).toBe('abcde');
    expect(safeText('line 1\nline 2\r\nend\tx')).toBe('line 1\nline 2\r\nend\tx');
  });

  it('cuts long text to exactly the cell limit with a marker, never splitting a surrogate pair', () => {
    const cut = safeText('x'.repeat(40_000));
    expect(cut.length).toBe(EXCEL_CELL_LIMIT);
    expect(cut.endsWith(TRUNCATION_MARKER)).toBe(true);
    const emoji = safeText('😀'.repeat(20_000));
    expect(emoji.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
    expect(hasLoneSurrogate(emoji)).toBe(false);
    expect(safeText('y'.repeat(EXCEL_CELL_LIMIT))).toBe('y'.repeat(EXCEL_CELL_LIMIT));
  });

  it('maps null and undefined to the empty string', () => {
    expect(safeText(null)).toBe('');
    expect(safeText(undefined)).toBe('');
  });

  it('property: output is clean, short enough, never a formula, and idempotent', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\u0000', 'a', '😀'[0]!, '😀'[1]!),
        maxLength: 50,
      }),
    );
    fc.assert(
      fc.property(text, (input) => {
        const out = safeText(input);
        expect(FORBIDDEN.test(out)).toBe(false);
        expect(hasLoneSurrogate(out)).toBe(false);
        expect(out.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
        expect(/^[=+\-@\t\r]/.test(out)).toBe(false);
        expect(safeText(out)).toBe(out);
      }),
    );
  });

  it('property: text without control characters or formula starters is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (input) => {
        fc.pre(!FORBIDDEN.test(input) && !/^[=+\-@\t\r]/.test(input));
        expect(safeText(input)).toBe(input);
      }),
    );
  });
});

describe('cellText (xlsx string cells)', () => {
  it('keeps formula-looking text verbatim: a string cell is never evaluated, so no apostrophe shows', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1 555 0100', '-2', '@SUM(A1)', '= unchanged']) {
      expect(cellText(text)).toBe(text);
    }
  });

  it('still removes control characters and cuts at the cell limit', () => {
    expect(cellText('a\u0000b\u0007c')).toBe('abc');
    expect(cellText('x'.repeat(EXCEL_CELL_LIMIT + 10))).toHaveLength(EXCEL_CELL_LIMIT);
  });
});
