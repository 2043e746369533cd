import { describe, expect, it } from 'vitest';
import { copyChunks, type Row } from '../../../../src/load/write/copy-text.ts';
import { compactJsonValues } from '../../../../src/transform/raw-column.ts';

/** The whole COPY data of `rows`, as the server receives it. */
const copyData = (rows: readonly Row[], columns: readonly string[]): string =>
  [...copyChunks(rows, columns)].join('');

const COLUMNS = ['id', 'at', 'tags', 'raw', 'note', 'n'];

function sampleRow(): Record<string, unknown> {
  return {
    id: 'a1',
    at: new Date('2025-03-30T01:30:00Z'),
    tags: ['x', 'y"z', null],
    raw: {
      Id: 'a1',
      Text: 'tab\there\nline \\ back',
      Nul: 'a\u0000b',
      Lone: 'x\ud800y',
      Pair: '\ud83d\ude00',
      Nested: { List: [{ A: 1 }, { B: null }] },
    },
    note: 'plain',
    n: 42,
  };
}

describe('COPY text', () => {
  it('writes each column as its type reads it, escaped for COPY, NULL as \\N', () => {
    const data = copyData([{ ...sampleRow(), note: null }], COLUMNS);
    const [line, end] = data.split('\n');
    expect(end).toBe('');
    const fields = line!.split('\t');
    expect(fields[0]).toBe('a1');
    expect(fields[1]).toBe('2025-03-30T01:30:00.000Z');
    expect(fields[2]).toBe('{"x","y\\\\"z",NULL}');
    expect(fields[4]).toBe('\\N');
    expect(fields[5]).toBe('42');
    // The JSON's own backslashes are doubled for COPY, and nothing unstorable is left in it.
    const json = JSON.parse(fields[3]!.replaceAll('\\\\', '\\')) as Record<string, string>;
    expect(json.Text).toBe('tab\there\nline \\ back');
    expect(json.Nul).toBe('a\ufffdb');
    expect(json.Lone).toBe('x\ufffdy');
    expect(json.Pair).toBe('\ud83d\ude00');
  });

  it('escapes long texts as short ones: each COPY special, NUL and lone halves, and leaves pairs alone', () => {
    const pad = 'x'.repeat(80);
    const cases: [string, string][] = [
      [`${pad}\\`, `${pad}\\\\`],
      [`${pad}\t`, `${pad}\\t`],
      [`${pad}\n`, `${pad}\\n`],
      [`${pad}\r`, `${pad}\\r`],
      [`${pad}\u0000`, `${pad}\ufffd`],
      [`${pad}\ud800`, `${pad}\ufffd`],
      [`\udc00${pad}`, `\ufffd${pad}`],
      [`${pad}\ud83d\ude00`, `${pad}\ud83d\ude00`],
      [pad, pad],
    ];
    for (const [text, field] of cases) {
      for (const value of [text, text.slice(70)]) {
        const expected = value === text ? field : field.slice(70);
        expect(copyData([{ note: value }], ['note'])).toBe(`${expected}\n`);
      }
    }
  });

  it('copyChunks cuts the data at whole lines, every row once, in order', () => {
    const rows = Array.from({ length: 300 }, (_, n) => ({ ...sampleRow(), id: `a${n}` }));
    const chunks = [...copyChunks(rows, COLUMNS)];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith('\n')).toBe(true);
    expect(chunks.join('').split('\n')).toHaveLength(301);
    expect(chunks.join('').split('\n')[150]!.startsWith('a150\t')).toBe(true);
  });

  it('compactJsonValues turns plain objects into the JSON text COPY writes, and changes nothing in the COPY data', () => {
    const row = sampleRow();
    const before = copyData([sampleRow()], COLUMNS);
    compactJsonValues(row);
    expect(typeof row.raw).toBe('string');
    expect(row.tags).toEqual(['x', 'y"z', null]);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.n).toBe(42);
    expect(copyData([row], COLUMNS)).toBe(before);
  });

  it('constants end every line, as if each row held them', () => {
    const at = new Date('2025-01-02T03:04:05Z');
    const columns = [...COLUMNS, 'loaded_at', 'tag'];
    const rows = Array.from({ length: 200 }, (_, n) => ({ ...sampleRow(), id: `a${n}` }));
    const withConstants = [...copyChunks(rows, columns, { loaded_at: at, tag: 'x\ty' })].join('');
    const inRows = copyData(
      rows.map((r) => ({ ...r, loaded_at: at, tag: 'x\ty' })),
      columns,
    );
    expect(withConstants).toBe(inRows);
    expect(() => [...copyChunks(rows, ['loaded_at', ...COLUMNS], { loaded_at: at })]).toThrow(/constants/);
  });
});
