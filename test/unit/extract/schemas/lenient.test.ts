import { describe, expect, it } from 'vitest';
import { guid, lenientInteger, lenientNumber, lenientText } from '../../../../src/extract/schemas/lenient.ts';

describe('lenient field types', () => {
  it('reads numbers and numeric strings as numbers, rejects other text', () => {
    expect(lenientNumber.parse(2.5)).toBe(2.5);
    expect(lenientNumber.parse('2500')).toBe(2500);
    expect(lenientNumber.parse(' -0.75 ')).toBe(-0.75);
    expect(lenientNumber.safeParse('12px').success).toBe(false);
    expect(lenientNumber.safeParse('').success).toBe(false);
    expect(lenientNumber.safeParse(Number.NaN).success).toBe(false);
  });

  it('reads integers up to 2^53 and refuses ones that would be rounded', () => {
    expect(lenientInteger.parse('171193848695')).toBe(171193848695);
    expect(lenientInteger.parse(42)).toBe(42);
    expect(lenientInteger.safeParse(1.5).success).toBe(false);
    expect(lenientInteger.safeParse('9007199254740993').success).toBe(false);
  });

  it('keeps text as text and writes numbers as their decimal text', () => {
    expect(lenientText.parse('200')).toBe('200');
    expect(lenientText.parse(200)).toBe('200');
    expect(lenientText.safeParse(true).success).toBe(false);
  });

  it('accepts any GUID the service writes, rejects non-GUIDs', () => {
    expect(guid.safeParse('afd846be-ddbf-49e1-ad15-2eee5f6d7544').success).toBe(true);
    expect(guid.safeParse('00000000-0000-0000-0000-000000000000').success).toBe(true);
    expect(guid.safeParse('not-a-guid').success).toBe(false);
  });
});
