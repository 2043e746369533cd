import { describe, expect, it } from 'vitest';
import {
  KNOWN_MONITOR_FIELDS,
  KNOWN_MONITOR_TYPES,
  monitorSchema,
} from '../../../../src/extract/schemas/monitor.ts';

const GUID = '1d2f5fac-730c-45b0-a077-4ab82aaee14e';

describe('monitorSchema', () => {
  it('parses the KB example and keeps fields it does not type', () => {
    const record = {
      MonitorGuid: GUID,
      Name: 'Galactic Resorts homepage',
      IsActive: true,
      GenerateAlert: true,
      MonitorType: 'Https',
      CheckInterval: 5,
      SomethingNew: { nested: true },
    };
    const parsed = monitorSchema.parse(record);
    expect(parsed.CheckInterval).toBe(5);
    expect(parsed.MonitorType).toBe('Https');
    expect((parsed as Record<string, unknown>).SomethingNew).toEqual({ nested: true });
  });

  it('needs only MonitorGuid: the reduced object of a view-only operator parses', () => {
    expect(monitorSchema.safeParse({ MonitorGuid: GUID }).success).toBe(true);
    const missing = monitorSchema.safeParse({ Name: 'no guid' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['MonitorGuid']);
  });

  it('accepts null wherever a field may be absent', () => {
    const parsed = monitorSchema.parse({
      MonitorGuid: GUID,
      Name: null,
      CheckInterval: null,
      ErrorConditions: null,
    });
    expect(parsed.Name).toBeNull();
    expect(parsed.ErrorConditions).toBeNull();
  });

  it('stores an unknown MonitorType instead of failing', () => {
    const parsed = monitorSchema.parse({ MonitorGuid: GUID, MonitorType: 'QuantumPing' });
    expect(parsed.MonitorType).toBe('QuantumPing');
    expect((KNOWN_MONITOR_TYPES as readonly string[]).includes('QuantumPing')).toBe(false);
  });

  it('reads error condition values sent as numbers or text, and numeric strings in number fields', () => {
    const parsed = monitorSchema.parse({
      MonitorGuid: GUID,
      LoadTimeLimit1: '2500',
      ErrorConditions: [
        { ErrorConditionType: 'LoadTimeLimit1', Value: 2500, Effect: 'Indicate' },
        { ErrorConditionType: 'HttpStatus', Value: '200' },
      ],
    });
    expect(parsed.LoadTimeLimit1).toBe(2500);
    expect(parsed.ErrorConditions?.map((c) => c.Value)).toEqual(['2500', '200']);
  });

  it('knows the deprecated and raw-only fields, so they are not reported as new', () => {
    for (const field of [
      'AlertOnLoadTimeLimit1',
      'ExpectedHttpStatusCodeSpecified',
      'PredefinedVariables',
      'Password',
      'CheckIntervalSeconds',
    ]) {
      expect(KNOWN_MONITOR_FIELDS.has(field)).toBe(true);
    }
  });
});
