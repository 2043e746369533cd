/**
 * The client-side encodings of the load path that the server reads back: the array literals of
 * incident pairs and window ids (refresh-incidents.ts, retire-window-rows.ts) and the in-batch
 * deduplication key (merge-rows.ts). Written without a pattern or an array per value since issue
 * 42; these hold them to what Postgres and the merge expect.
 */
import { describe, expect, it } from 'vitest';
import { dedupeRows } from '../../../../src/load/write/merge-rows.ts';
import { arrayLiteral } from '../../../../src/load/write/refresh-incidents.ts';

describe('arrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes, as a text[] literal reads them', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a'])).toBe('{"a"}');
    expect(arrayLiteral(['671353aa-7bf5-4100-a32e-16027b9a4122', 'k-1'])).toBe(
      '{"671353aa-7bf5-4100-a32e-16027b9a4122","k-1"}',
    );
    expect(arrayLiteral(['say "hi"', 'C:\\dir', '\\"', ''])).toBe(
      '{"say \\"hi\\"","C:\\\\dir","\\\\\\"",""}',
    );
  });
});

describe('dedupeRows', () => {
  it('keeps the last row of each key in the order keys were first seen, instants compared by value', () => {
    const at = (iso: string): Date => new Date(iso);
    const rows = [
      { m: 'a', s: at('2025-01-01T00:00:00Z'), e: at('2025-01-02T00:00:00Z'), v: 1 },
      { m: 'b', s: at('2025-01-01T00:00:00Z'), e: at('2025-01-02T00:00:00Z'), v: 2 },
      { m: 'a', s: at('2025-01-01T00:00:00Z'), e: at('2025-01-02T00:00:00Z'), v: 3 },
      { m: 'a', s: at('2025-01-01T00:00:00Z'), e: at('2025-01-03T00:00:00Z'), v: 4 },
    ];
    expect(dedupeRows(rows, ['m', 's', 'e']).map((r) => r.v)).toEqual([3, 2, 4]);
    expect(dedupeRows(rows, ['m']).map((r) => r.v)).toEqual([4, 2]);
  });

  it('keeps apart keys whose values only join to the same text', () => {
    const rows = [
      { a: 'x', b: 'y z', v: 1 },
      { a: 'x y', b: 'z', v: 2 },
      { a: 1, b: null, v: 3 },
      { a: '1', b: 'null', v: 4 },
    ];
    // Numbers and their texts, null and 'null' are one key, as String() gives them: the merge's
    // key columns hold one type each.
    expect(dedupeRows(rows, ['a', 'b']).map((r) => r.v)).toEqual([1, 2, 4]);
  });
});
