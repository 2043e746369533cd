import { describe, expect, it } from 'vitest';
import { didYouMean, similarNames } from '../../src/did-you-mean.ts';

describe('didYouMean', () => {
  it('names the closest candidate, ignoring case', () => {
    expect(didYouMean('alert', ['alerts', 'monitors', 'slas'])).toBe('did you mean alerts?');
    expect(didYouMean('MONTLY', ['daily', 'monthly'])).toBe('did you mean monthly?');
  });

  it('lists every candidate at the same smallest distance', () => {
    expect(similarNames('sla', ['slas', 'sl_a', 'operators'])).toEqual(['sl_a', 'slas']);
    expect(didYouMean('sla', ['slas', 'sl_a'])).toBe('did you mean one of sl_a, slas?');
  });

  it('counts a swap of two neighbours as one edit', () => {
    // "mnoitors" is one transposition away from "monitors", two substitutions otherwise.
    expect(similarNames('mnoitors', ['monitors', 'mnoitorxx'])).toEqual(['monitors']);
  });

  it('suggests nothing more than 3 edits away or less than 40 % alike', () => {
    expect(didYouMean('spreadsheet', ['xlsx', 'csv', 'pdf'])).toBe('');
    expect(didYouMean('abcd', ['wxyz'])).toBe('');
  });
});
