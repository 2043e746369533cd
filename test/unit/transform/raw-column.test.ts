import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../src/errors.ts';
import { MAX_DEPTH } from '../../../src/redaction.ts';
import { rawColumn } from '../../../src/transform/raw-column.ts';

describe('rawColumn (what a raw column stores)', () => {
  it('keeps the received text of a record with nothing to redact, made storable', () => {
    const text = String.raw`{ "Id": "a1", "Score": 1.50, "Note": "\\u0000 \u0000" }`;
    expect(rawColumn(JSON.parse(text), text)).toBe(
      String.raw`{ "Id": "a1", "Score": 1.50, "Note": "\\u0000 \ufffd" }`,
    );
  });

  it('stores a redacted copy when the record may hold a secret, or when no text was kept', () => {
    const secret = '{"Id": "a1", "AccessToken": "t", "Url": "https://u:p@example.com/"}';
    expect(rawColumn(JSON.parse(secret), secret)).toEqual({
      Id: 'a1',
      Url: 'https://u:[redacted]@example.com/',
    });
    const plain = { Id: 'a1', Nested: { A: [1, 2] } };
    const stored = rawColumn(plain);
    expect(stored).toEqual(plain);
    expect(stored).not.toBe(plain);
  });

  it('rejects a record too deep to redact, with or without its text', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i <= MAX_DEPTH + 1; i++) deep = { Next: deep };
    expect(() => rawColumn(deep)).toThrow(RecordValidationError);
    expect(() => rawColumn(deep, JSON.stringify(deep))).toThrow(RecordValidationError);
  });
});
