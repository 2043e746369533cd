import { describe, expect, it } from 'vitest';
import {
  FontChain,
  MISSING_GLYPH,
  installedFaces,
  splitRuns,
} from '../../../../src/reports/render/font-fallback.ts';

// Three made-up faces: 0 has ASCII, 1 has CJK ideographs and kana (and ASCII), 2 has emoji.
const ascii = (c: number): boolean => c >= 0x20 && c < 0x7f;
const cjk = (c: number): boolean => ascii(c) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff);
const emoji = (c: number): boolean => c >= 0x1f300 || c === 0x200d || c === 0xfe0f || c === 0x2764;
const covers = [ascii, cjk, emoji];

describe('splitRuns', () => {
  it('keeps text the first face has in one run', () => {
    expect(splitRuns('Shop (EU)', covers)).toEqual([{ face: 0, text: 'Shop (EU)' }]);
  });

  it('gives CJK text to the face that has it, keeping the spaces inside it', () => {
    expect(splitRuns('東京 監視 prod', covers)).toEqual([
      { face: 1, text: '東京 監視 ' },
      { face: 0, text: 'prod' },
    ]);
  });

  it('leaves the space after an emoji to the text face (the emoji face has a wide one)', () => {
    expect(splitRuns('🚀 go', covers)).toEqual([
      { face: 2, text: '🚀' },
      { face: 0, text: ' go' },
    ]);
  });

  it('keeps an emoji ZWJ sequence whole in the emoji face', () => {
    expect(splitRuns('a👨‍👩‍👧b', covers)).toEqual([
      { face: 0, text: 'a' },
      { face: 2, text: '👨‍👩‍👧' },
      { face: 0, text: 'b' },
    ]);
  });

  it('draws a character asking for emoji presentation with the emoji face first', () => {
    const withHeart = [(c: number) => ascii(c) || c === 0x2764, cjk, emoji];
    expect(splitRuns('I \u2764\uFE0F it', withHeart)).toEqual([
      { face: 0, text: 'I ' },
      { face: 2, text: '\u2764\uFE0F' },
      { face: 0, text: ' it' },
    ]);
    expect(splitRuns('I \u2764 it', withHeart)).toEqual([{ face: 0, text: 'I \u2764 it' }]);
  });

  it('prints a character no face has as U+FFFD instead of dropping it', () => {
    expect(splitRuns('ไทย x', covers)).toEqual([{ face: 0, text: `${MISSING_GLYPH.repeat(3)} x` }]);
  });

  it('never takes white space for a missing character (a line break in a table cell)', () => {
    expect(splitRuns('2025-10-21\n15:24', covers)).toEqual([{ face: 0, text: '2025-10-21\n15:24' }]);
    expect(splitRuns('東京\n監視', covers)).toEqual([{ face: 1, text: '東京\n監視' }]);
    expect(new FontChain().primaryCovers('a\tb\nc')).toBe(true);
  });

  it('returns no runs for empty text', () => {
    expect(splitRuns('', covers)).toEqual([]);
  });
});

describe('FontChain over the installed fonts', () => {
  const chain = new FontChain();

  it('has DejaVu Sans first and the Noto faces installed with the project', () => {
    expect(installedFaces().map((f) => f.family)).toEqual([
      'DejaVu Sans',
      'Noto Sans SC',
      'Noto Sans KR',
      'Noto Emoji',
    ]);
  });

  it('finds a face for Japanese, Chinese, Korean and emoji names', () => {
    const family = (text: string): string[] => chain.runs(text).map((r) => chain.faces[r.face]!.family);
    expect(family('東京ウェブサイト監視')).toEqual(['Noto Sans SC']);
    expect(family('北京监控 臺灣')).toEqual(['Noto Sans SC']);
    expect(family('서울 모니터')).toEqual(['Noto Sans KR']);
    expect(family('Shop 🚀')).toEqual(['DejaVu Sans', 'Noto Emoji']);
    expect(family('Ünïcødé Ωμέγα Москва')).toEqual(['DejaVu Sans']);
    expect(
      chain
        .runs('東京ウェブサイト監視 🚀')
        .map((r) => r.text)
        .join(''),
    ).toBe('東京ウェブサイト監視 🚀');
  });
});
