import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../../src/errors.ts';
import { monitorSchema } from '../../../../src/extract/schemas/monitor.ts';
import {
  checkIntervalSeconds,
  monitorErrorConditionRows,
  monitorHistoryRow,
  monitorRow,
} from '../../../../src/transform/rows/monitor-rows.ts';
import { CTX, MONITOR, MONITOR_INPUT } from './fixtures.ts';
import { REDACTED } from '../../../../src/redaction.ts';

const parse = (fields: Record<string, unknown>) => monitorSchema.parse({ ...MONITOR_INPUT, ...fields });

describe('monitorRow', () => {
  it('maps the typed columns, lower-cases the GUID and stamps account and run', () => {
    const row = monitorRow(MONITOR, CTX);
    expect(row).toMatchObject({
      account_id: '123456',
      monitor_guid: '1d2f5fac-730c-45b0-a077-4ab82aaee14e',
      name: 'Galactic Resorts homepage',
      monitor_type: 'Https',
      monitor_mode: 'Production',
      is_active: true,
      generate_alert: true,
      check_interval_seconds: 300,
      url: 'https://galacticresorts.com',
      api_hash: 'abc',
      run_id: 42,
    });
  });

  it('converts account-local dates across both DST transitions', () => {
    const row = monitorRow(MONITOR, CTX);
    // 02:30 on 2025-03-30 does not exist in Amsterdam (moved forward to 03:30 CEST = 01:30Z).
    expect(row.created_at).toEqual(new Date('2025-03-30T01:30:00Z'));
    expect(row.created_at_local).toBe('2025-03-30T02:30:00');
    // 02:30 on 2025-10-26 happens twice: the earlier (CEST, 00:30Z) is taken.
    expect(row.last_modified_at).toEqual(new Date('2025-10-26T00:30:00Z'));
  });

  it('reads CheckInterval as minutes; CheckIntervalSeconds wins when present', () => {
    expect(checkIntervalSeconds(parse({ CheckInterval: 1 }))).toBe(60);
    expect(checkIntervalSeconds(parse({ CheckInterval: 240 }))).toBe(14_400);
    expect(checkIntervalSeconds(parse({ CheckInterval: 1, CheckIntervalSeconds: 30 }))).toBe(30);
    expect(checkIntervalSeconds(parse({ CheckInterval: null }))).toBeNull();
  });

  it('keeps unknown fields in raw and removes secrets from it', () => {
    const raw = monitorRow(MONITOR, CTX).raw as Record<string, unknown>;
    expect(raw.BrandNewField).toBe('kept');
    expect(raw).not.toHaveProperty('Password');
    expect(raw.RequestHeaders).toEqual([{ Name: 'Authorization', Value: REDACTED }]);
    expect(JSON.stringify(raw)).not.toContain('hunter2');
  });

  it('uses the record as received for raw when given', () => {
    const original = { ...MONITOR_INPUT, CheckInterval: '5' };
    const raw = monitorRow(parse({ CheckInterval: '5' }), CTX, original).raw as Record<string, unknown>;
    expect(raw.CheckInterval).toBe('5');
  });

  it('config_hash ignores Hash and LastModifiedDate but not real changes', () => {
    const base = monitorRow(MONITOR, CTX).config_hash;
    expect(monitorRow(parse({ Hash: 'zzz', LastModifiedDate: '2026-01-01T00:00:00' }), CTX).config_hash).toBe(
      base,
    );
    expect(monitorRow(parse({ CheckInterval: 10 }), CTX).config_hash).not.toBe(base);
    expect(monitorRow(parse({ Password: 'other' }), CTX).config_hash).toBe(base);
  });

  it('a date that does not parse is a RecordValidationError naming stream, field and monitor', () => {
    const bad = parse({ LastModifiedDate: '26/10/2025' });
    expect(() => monitorRow(bad, { ...CTX, stream: 'monitors' })).toThrow(RecordValidationError);
    try {
      monitorRow(bad, { ...CTX, stream: 'monitors' });
    } catch (error) {
      expect((error as RecordValidationError).context).toEqual({
        stream: 'monitors',
        field: 'LastModifiedDate',
        recordId: '1d2f5fac-730c-45b0-a077-4ab82aaee14e',
      });
    }
  });
});

describe('monitorHistoryRow', () => {
  it('opens a version from the monitor row', () => {
    const row = monitorRow(MONITOR, CTX);
    const from = new Date('2025-11-01T03:00:00Z');
    expect(monitorHistoryRow(row, from)).toMatchObject({
      monitor_guid: row.monitor_guid,
      valid_from: from,
      valid_to: null,
      config_hash: row.config_hash,
      check_interval_seconds: 300,
      run_id: 42,
    });
  });
});

describe('monitorErrorConditionRows', () => {
  it('numbers conditions per type and adds numeric twins', () => {
    const rows = monitorErrorConditionRows(MONITOR, CTX);
    expect(rows.map((r) => [r.error_condition_type, r.occurrence, r.value, r.value_numeric])).toEqual([
      ['ContentMatch', 1, 'Welcome', null],
      ['ContentMatch', 2, 'Footer', null],
      ['LoadTimeLimit2', 1, '5000', 5000],
    ]);
    expect(rows[0]).toMatchObject({
      monitor_guid: '1d2f5fac-730c-45b0-a077-4ab82aaee14e',
      source: 'ErrorConditions',
      run_id: 42,
    });
  });
});
