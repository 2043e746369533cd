import { describe, expect, it } from 'vitest';
import { formatOffset, zoneProfile } from '../../../src/transform/zone-profile.ts';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('zoneProfile', () => {
  it('reads standard offset, DST size and hemisphere', () => {
    expect(zoneProfile('Europe/Amsterdam', NOW)).toEqual({
      standardOffsetMinutes: 60,
      dstOffsetMinutes: 60,
      hemisphere: 'north',
    });
    expect(zoneProfile('Australia/Sydney', NOW)).toEqual({
      standardOffsetMinutes: 600,
      dstOffsetMinutes: 60,
      hemisphere: 'south',
    });
    expect(zoneProfile('America/St_Johns', NOW)).toEqual({
      standardOffsetMinutes: -210,
      dstOffsetMinutes: 60,
      hemisphere: 'north',
    });
    expect(zoneProfile('Asia/Kolkata', NOW)).toEqual({
      standardOffsetMinutes: 330,
      dstOffsetMinutes: 0,
      hemisphere: null,
    });
    // Lord Howe Island moves its clock by half an hour.
    expect(zoneProfile('Australia/Lord_Howe', NOW).dstOffsetMinutes).toBe(30);
  });

  it('formats offsets for messages', () => {
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(345)).toBe('+05:45');
    expect(formatOffset(0)).toBe('+00:00');
  });
});
