import { describe, expect, it } from 'vitest';
import { internedWords } from '../../../../src/reports/queries/interned-words.ts';

describe('internedWords', () => {
  it('keeps every value and leaves other fields, nulls and numbers as they are', () => {
    const intern = internedWords();
    // Built at run time, as a driver builds them: equal strings, not one literal.
    const copy = (s: string): string => [...s].join('');
    const rows = [
      { name: copy('Web A'), status: copy('met'), n: 1, other: copy('x') },
      { name: copy('Web B'), status: copy('met'), n: 2, other: copy('x') },
      { name: copy('Web A'), status: null, n: 3, other: copy('y') },
    ];
    for (const row of rows) intern(row, ['name', 'status', 'n'] as const);
    expect(rows).toEqual([
      { name: 'Web A', status: 'met', n: 1, other: 'x' },
      { name: 'Web B', status: 'met', n: 2, other: 'x' },
      { name: 'Web A', status: null, n: 3, other: 'y' },
    ]);
  });
});
