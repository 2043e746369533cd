import { describe, expect, it } from 'vitest';

import { isGuid, isLowerCaseGuid } from '../../src/guid.ts';

describe('guid', () => {
  const lower = '0f8a3c2e-1b4d-4e6f-9a7b-0c1d2e3f4a5b';

  it('takes the 8-4-4-4-12 form in either case', () => {
    expect(isGuid(lower)).toBe(true);
    expect(isGuid(lower.toUpperCase())).toBe(true);
    expect(isGuid('0F8a3c2e-1b4d-4e6f-9a7b-0C1D2E3F4A5B')).toBe(true);
  });

  it('refuses other lengths, groupings, braces and non-hex digits', () => {
    for (const text of [
      '',
      lower.slice(1),
      `${lower}0`,
      `{${lower}}`,
      lower.replace(/-/g, ''),
      '0f8a3c2e1-b4d-4e6f-9a7b-0c1d2e3f4a5b',
      lower.replace('a', 'g'),
      ` ${lower}`,
      `${lower}\n`,
    ]) {
      expect(isGuid(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('takes lower case only where the stored bytes must read back as the same text', () => {
    expect(isLowerCaseGuid(lower)).toBe(true);
    expect(isLowerCaseGuid(lower.toUpperCase())).toBe(false);
    expect(isLowerCaseGuid('0f8a3c2e-1b4d-4e6f-9a7b-0c1d2e3f4a5B')).toBe(false);
    expect(isLowerCaseGuid(`${lower}\n`)).toBe(false);
  });
});
