import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../../src/extract/http/parse-retry-after.ts';

const NOW = Date.parse('2025-11-20T10:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
  });

  it('reads an IMF-fixdate relative to now', () => {
    expect(parseRetryAfter('Thu, 20 Nov 2025 10:00:30 GMT', NOW)).toBe(30_000);
  });

  it('reads the obsolete RFC 850 date form', () => {
    expect(parseRetryAfter('Thursday, 20-Nov-25 10:01:00 GMT', NOW)).toBe(60_000);
  });

  it('turns a date in the past into no wait', () => {
    expect(parseRetryAfter('Thu, 20 Nov 2025 09:00:00 GMT', NOW)).toBe(0);
  });

  it('takes the first value of a repeated header', () => {
    expect(parseRetryAfter(['3', '9'], NOW)).toBe(3000);
  });

  it.each([undefined, '', '   ', 'soon', '-5', '1.5', '12abc', 'Fooday, 99 Zzz 2025'])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    },
  );
});
