import { describe, expect, it } from 'vitest';
import { storableJson, storableJsonText, storableText } from '../../src/storable-text.ts';

describe('storable text', () => {
  it('storableText and storableJson replace NUL and lone surrogates only', () => {
    expect(storableText('ok \ud83d\ude00')).toBe('ok \ud83d\ude00');
    expect(storableText('a\u0000b\udc00')).toBe('a\ufffdb\ufffd');
    expect(storableJson({ t: 'literal \\u0000 text' })).toBe(JSON.stringify({ t: 'literal \\u0000 text' }));
  });

  it('storableJsonText looks past escapes that cannot be unstorable, in a long text too', () => {
    const pad = '"p":"' + 'y'.repeat(100) + '"';
    const harmless = `{${pad},"a":"\\u00e9 \\n \\u2028"}`;
    expect(storableJsonText(harmless)).toBe(harmless);
    const nul = `{${pad},"a":"\\u00e9 \\u0000"}`;
    expect(JSON.parse(storableJsonText(nul))).toMatchObject({ a: '\u00e9 \ufffd' });
    const half = `{${pad},"a":"\\u00e9 \\uD801x"}`;
    expect(JSON.parse(storableJsonText(half))).toMatchObject({ a: '\u00e9 \ufffdx' });
  });

  it('storableJsonText keeps escaped pairs and escaped backslashes, and replaces NUL and lone halves, in either case', () => {
    const wire = String.raw`{"a":"\u0000 \uD83D\uDE00 \ud83d\ude00 \uD800x \uDC00 \\u0000 \\\u0000 \"\u0000"}`;
    const stored = JSON.parse(storableJsonText(wire)) as { a: string };
    expect(stored.a).toBe('\ufffd \u{1F600} \u{1F600} \ufffdx \ufffd \\u0000 \\\ufffd "\ufffd');
    const plain = String.raw`{"a":"nothing to do \\n"}`;
    expect(storableJsonText(plain)).toBe(plain);
  });
});
