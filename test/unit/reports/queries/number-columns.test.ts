import { describe, expect, it } from 'vitest';
import { numberColumns } from '../../../../src/reports/queries/sla-facts.ts';

describe('numberColumns', () => {
  it('reads tuples row by row into columns; an empty item is NaN', () => {
    const [start, end, target] = numberColumns('1759276800000,1759363200000,99.5,1759363200000,,', 3);
    expect([...start!]).toEqual([1759276800000, 1759363200000]);
    expect([...end!]).toEqual([1759363200000, Number.NaN]);
    expect([...target!]).toEqual([99.5, Number.NaN]);
  });

  it('reads what is not a plain integer as Number() does', () => {
    const items = ['-1500', '1e-05', '9007199254740993', '0', '12345678901234567890', 'NaN'];
    const [values] = numberColumns(items.join(','), 1);
    expect([...values!]).toEqual(items.map(Number));
  });

  it('reads every integer of a list exactly', () => {
    const items = Array.from({ length: 2000 }, (_, i) => String(1_700_000_000_000 + i * 977_531));
    const [values] = numberColumns(items.join(','), 1);
    expect([...values!]).toEqual(items.map(Number));
  });
});
