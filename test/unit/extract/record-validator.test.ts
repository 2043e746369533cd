import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ALERT_VALUES, alertSchema } from '../../../src/extract/schemas/alert.ts';
import { KNOWN_MONITOR_FIELDS, MONITOR_VALUES } from '../../../src/extract/schemas/monitor.ts';
import {
  MAX_UNKNOWN_VALUES_REPORTED,
  RecordValidator,
  unknownFields,
} from '../../../src/extract/record-validator.ts';

const ALERT = {
  Id: 'AFD846BE-DDBF-49E1-AD15-2EEE5F6D7544',
  Attributes: {
    AlertType: 'Error',
    MonitorGuid: 'aaaaaaaa-1111-2222-3333-444444444444',
    Timestamp: '2025-01-02T02:30:46',
    FirstError: '2024-12-11T20:11:01',
    MonitorCheckId: 2,
    FirstErrorMonitorCheckId: 1,
  },
};

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

describe('unknown enum values', () => {
  function validator() {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    return { v: new RecordValidator(logger), lines };
  }

  it('reports each value a list does not hold once per run, stream and field, nested and in arrays', () => {
    const { v, lines } = validator();
    const record = (type: string, effect: string) => ({
      MonitorGuid: 'x',
      MonitorType: type,
      MonitorMode: 'Production',
      ErrorConditions: [
        { ErrorConditionType: 'HttpStatus', Effect: effect },
        { ErrorConditionType: 'Teleport' },
      ],
    });
    v.reportUnknownValues('monitors', record('QuantumPing', 'Error'), MONITOR_VALUES);
    v.reportUnknownValues('monitors', record('QuantumPing', 'Shout'), MONITOR_VALUES);
    v.reportUnknownValues('monitors', record('Https', 'Error'), MONITOR_VALUES);
    v.reportUnknownValues('other', record('QuantumPing', 'Error'), MONITOR_VALUES);
    expect(v.unknownValuesReported).toEqual([
      'monitors.ErrorConditions.*.Effect=Shout',
      'monitors.ErrorConditions.*.ErrorConditionType=Teleport',
      'monitors.MonitorType=QuantumPing',
      'other.ErrorConditions.*.ErrorConditionType=Teleport',
      'other.MonitorType=QuantumPing',
    ]);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      level: 30,
      stream: 'monitors',
      field: 'MonitorType',
      value: 'QuantumPing',
      msg: 'stream monitors: the API sent MonitorType "QuantumPing", a value this version does not know (stored as sent)',
    });
  });

  it('says nothing of known values, absent fields, nulls and values that are not text', () => {
    const { v, lines } = validator();
    v.reportUnknownValues('alerts', { Attributes: { AlertType: 'Ok' } }, ALERT_VALUES);
    v.reportUnknownValues('alerts', { Attributes: null }, ALERT_VALUES);
    v.reportUnknownValues('alerts', { Attributes: { AlertType: 7 } }, ALERT_VALUES);
    v.reportUnknownValues('monitors', { ErrorConditions: { Effect: 'x' } }, MONITOR_VALUES);
    v.reportUnknownValues('alerts', { Attributes: { AlertType: 'Warning' } }, undefined);
    expect(lines).toEqual([]);
  });

  it('parse reports the values of a valid record, with its unknown fields', () => {
    const { v, lines } = validator();
    const parsed = v.parse(
      'alerts',
      alertSchema,
      { ...ALERT, Attributes: { ...ALERT.Attributes, AlertType: 'Warning' } },
      { values: ALERT_VALUES },
    );
    expect(parsed?.Attributes.AlertType).toBe('Warning');
    expect(v.unknownValuesReported).toEqual(['alerts.Attributes.AlertType=Warning']);
    expect(lines).toHaveLength(1);
  });

  it('bounds what it keeps and shows: at most MAX_UNKNOWN_VALUES_REPORTED values a field, each cut short and quoted', () => {
    const { v, lines } = validator();
    for (let i = 0; i < 100; i++)
      v.reportUnknownValues('alerts', { Attributes: { AlertType: `T${i}` } }, ALERT_VALUES);
    expect(v.unknownValuesReported).toHaveLength(MAX_UNKNOWN_VALUES_REPORTED);
    const hostile = `\u001b[31m${'x'.repeat(500)}`;
    v.reportUnknownValues('other', { Attributes: { AlertType: hostile } }, ALERT_VALUES);
    const last = lines.at(-1)!;
    expect(String(last.value).length).toBeLessThanOrEqual(101);
    expect(String(last.msg)).not.toContain('\u001b');
    expect(String(last.msg)).toContain('\\u001b[31m');
  });
});
