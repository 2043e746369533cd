import { describe, expect, it } from 'vitest';
import { KNOWN_MONITOR_FIELDS } from '../../../src/extract/schemas/monitor.ts';
import { unknownFields } from '../../../src/extract/record-validator.ts';

describe('unknownFields', () => {
  it('lists the top-level keys a schema does not know, sorted', () => {
    const record = { MonitorGuid: 'x', Name: 'n', ZNewField: 1, ANewField: 2, Password: 'p' };
    expect(unknownFields(record, KNOWN_MONITOR_FIELDS)).toEqual(['ANewField', 'ZNewField']);
  });

  it('returns nothing for non-objects', () => {
    expect(unknownFields(null, new Set())).toEqual([]);
    expect(unknownFields([{ a: 1 }], new Set())).toEqual([]);
    expect(unknownFields('text', new Set())).toEqual([]);
  });
});
