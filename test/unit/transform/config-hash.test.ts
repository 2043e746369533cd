import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configHash } from '../../../src/transform/config-hash.ts';

describe('configHash', () => {
  it('is the sha256 hex of the canonical JSON (sorted keys, nulls dropped)', () => {
    const expected = createHash('sha256').update('{"a":[1,{"c":3,"d":"x"}],"b":true}').digest('hex');
    expect(configHash({ b: true, z: null, a: [1, { d: 'x', c: 3 }] })).toBe(expected);
  });

  it('ignores the given top-level keys only', () => {
    const base = { Name: 'n', Hash: 'h1', Nested: { Hash: 'a' } };
    expect(configHash(base, ['Hash'])).toBe(configHash({ ...base, Hash: 'h2' }, ['Hash']));
    expect(configHash(base, ['Hash'])).not.toBe(configHash({ ...base, Nested: { Hash: 'b' } }, ['Hash']));
  });

  it('changes when a value or the order of an array changes', () => {
    expect(configHash({ a: 1 })).not.toBe(configHash({ a: 2 }));
    expect(configHash({ a: [1, 2] })).not.toBe(configHash({ a: [2, 1] }));
    expect(configHash({ a: '1' })).not.toBe(configHash({ a: 1 }));
  });

  it('property: key order and null-versus-absent fields never change the hash', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }), value, { maxKeys: 6 }), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        const withNull = { ...reversed, extra_null_field_x: null };
        expect(configHash(withNull)).toBe(configHash(record));
      }),
    );
  });
});
