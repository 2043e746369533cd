import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from '../../../../src/load/connection/type-parsers.ts';

/** What Postgres prints for an instant in a UTC session, with `fraction` digits of the second. */
function pgText(ms: number, fraction: number): string {
  const iso = new Date(ms).toISOString(); // 2025-10-01T12:34:56.789Z
  const micro = `${iso.slice(20, 23)}${String(Math.abs(ms % 7)).padStart(3, '0')}`.slice(0, fraction);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction > 0 ? `.${micro}` : ''}+00`;
}

/** The general reading: Date's ISO parser, which the digit reader must agree with. */
function viaIso(text: string): number {
  return new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime();
}

describe('parseTimestamptz', () => {
  it('reads whole seconds and fractions as Date does (cut to milliseconds)', () => {
    expect(parseTimestamptz('2025-10-01 12:34:56+00').toISOString()).toBe('2025-10-01T12:34:56.000Z');
    expect(parseTimestamptz('2025-10-01 12:34:56.5+00').toISOString()).toBe('2025-10-01T12:34:56.500Z');
    expect(parseTimestamptz('2025-10-01 12:34:56.12+00').toISOString()).toBe('2025-10-01T12:34:56.120Z');
    expect(parseTimestamptz('2025-10-01 12:34:56.999999+00').toISOString()).toBe('2025-10-01T12:34:56.999Z');
    expect(parseTimestamptz('2024-02-29 23:59:59.000001+00').toISOString()).toBe('2024-02-29T23:59:59.000Z');
  });

  it('agrees with the ISO reading on many instants and fraction lengths', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 5000; n += 1) {
      const ms = Math.floor(random() * 4e12) - 1e12; // 1938 to 2096
      const text = pgText(ms, n % 7);
      expect(parseTimestamptz(text).getTime(), text).toBe(viaIso(text));
    }
  });

  it('leaves other forms to the general reading', () => {
    expect(parseTimestamptz('2025-10-01 12:34:56+02').toISOString()).toBe('2025-10-01T10:34:56.000Z');
    expect(parseTimestamptz('0099-01-01 00:00:00+00').toISOString()).toBe('0099-01-01T00:00:00.000Z');
    expect(Number.isNaN(parseTimestamptz('infinity').getTime())).toBe(true);
    expect(Number.isNaN(parseTimestamptz('2025-10-01 12:34:56.+00').getTime())).toBe(true);
  });
});
