import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../src/errors.ts';
import { parseLocalTimestamp } from '../../../src/transform/parse-local-timestamp.ts';

const AMS = 'Europe/Amsterdam';
const SOURCE = { stream: 'monitor', field: 'CreatedDate', recordId: 'abc' };

describe('parseLocalTimestamp', () => {
  it('converts winter and summer wall clocks with their offsets', () => {
    expect(parseLocalTimestamp('2025-01-15T12:00:00', AMS, SOURCE)).toEqual({
      at: new Date('2025-01-15T11:00:00Z'),
      local: '2025-01-15T12:00:00',
    });
    expect(parseLocalTimestamp('2025-07-15T12:00', AMS, SOURCE)?.at).toEqual(
      new Date('2025-07-15T10:00:00Z'),
    );
  });

  it('keeps the sent wall clock in a spring gap and takes the earlier instant in the autumn overlap', () => {
    // 2025-03-30: 02:00 -> 03:00 in Amsterdam; 2025-10-26: 03:00 -> 02:00.
    expect(parseLocalTimestamp('2025-03-30T02:30:00', AMS, SOURCE)).toEqual({
      at: new Date('2025-03-30T01:30:00Z'),
      local: '2025-03-30T02:30:00',
    });
    expect(parseLocalTimestamp('2025-10-26T02:30:00', AMS, SOURCE)?.at).toEqual(
      new Date('2025-10-26T00:30:00Z'),
    );
  });

  it('derives the local wall clock of a value that carries an offset', () => {
    expect(parseLocalTimestamp('2025-01-15T12:00:00Z', AMS, SOURCE)?.local).toBe('2025-01-15T13:00:00');
  });

  it('treats absent, empty and .NET MinValue as no value', () => {
    expect(parseLocalTimestamp(undefined, AMS, SOURCE)).toBeNull();
    expect(parseLocalTimestamp(null, AMS, SOURCE)).toBeNull();
    expect(parseLocalTimestamp(' ', AMS, SOURCE)).toBeNull();
    expect(parseLocalTimestamp('0001-01-01T00:00:00', AMS, SOURCE)).toBeNull();
  });

  it('throws a RecordValidationError naming stream, field and record', () => {
    let error: unknown;
    try {
      parseLocalTimestamp('13/01/2025 10:00', AMS, SOURCE);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RecordValidationError);
    const e = error as RecordValidationError;
    expect(e.code).toBe('RECORD_INVALID');
    expect(e.context).toEqual({ stream: 'monitor', field: 'CreatedDate', recordId: 'abc' });
    expect(e.message).toContain('CreatedDate');
  });
});
