import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../../src/errors.ts';
import { alertSchema } from '../../../../src/extract/schemas/alert.ts';
import { utcToLocal } from '../../../../src/time/zone-clock.ts';
import { alertRow } from '../../../../src/transform/rows/alert-row.ts';
import { CTX } from './fixtures.ts';

// The Error alert of the KB example (facts 3.1), plus the Ok alert that would end its incident.
const ERROR_INPUT = {
  Type: 'Alert',
  Id: 'AFD846BE-DDBF-49E1-AD15-2EEE5F6D7544',
  Attributes: {
    AlertType: 'Error',
    MonitorGuid: 'A591A38A-16E0-4DD2-9F15-D575B4C5A433',
    Timestamp: '2025-01-02T02:30:46',
    FirstError: '2024-12-11T20:11:01',
    MonitorCheckId: 171193848695,
    FirstErrorMonitorCheckId: 169412140540,
    ErrorDescription: "Step 4 (https://galacticshirts.com): Element '.wn-product-btn' not found.",
    ErrorMessage: 'Timeout after 30 s',
    IncidentKey: '9632cd34-0c13-4e2c-92cc-cca104432cd9-0-169412140545',
  },
  Relationships: [{ Id: 171193848695, Type: 'MonitorCheck', Links: { Self: '/MonitorCheck/171193848695' } }],
};

function withAttributes(changes: Record<string, unknown>, id = ERROR_INPUT.Id): Record<string, unknown> {
  const attributes: Record<string, unknown> = { ...ERROR_INPUT.Attributes, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete attributes[key];
  return { ...ERROR_INPUT, Id: id, Attributes: attributes };
}

const map = (input: Record<string, unknown>, ctx = CTX) => alertRow(alertSchema.parse(input), ctx, input);

function validationError(run: () => unknown): RecordValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordValidationError) return error;
    throw error;
  }
  throw new Error('expected a RecordValidationError');
}

describe('alertRow', () => {
  it('maps an Error alert: lower-case GUIDs, Amsterdam winter time (UTC+1) as instants, texts as sent', () => {
    expect(map(ERROR_INPUT)).toMatchObject({
      alert_id: 'afd846be-ddbf-49e1-ad15-2eee5f6d7544',
      account_id: '123456',
      monitor_guid: 'a591a38a-16e0-4dd2-9f15-d575b4c5a433',
      alert_type: 'Error',
      raised_at: new Date('2025-01-02T01:30:46Z'),
      raised_at_local: '2025-01-02T02:30:46',
      first_error_at: new Date('2024-12-11T19:11:01Z'),
      first_error_at_local: '2024-12-11T20:11:01',
      monitor_check_id: 171193848695,
      first_error_monitor_check_id: 169412140540,
      error_description: "Step 4 (https://galacticshirts.com): Element '.wn-product-btn' not found.",
      error_message: 'Timeout after 30 s',
      incident_key: '9632cd34-0c13-4e2c-92cc-cca104432cd9-0-169412140545',
      incident_key_derived: false,
      run_id: 42,
    });
  });

  it('maps the Ok alert without ErrorMessage; summer time is UTC+2', () => {
    const row = map(
      withAttributes(
        {
          AlertType: 'Ok',
          Timestamp: '2025-07-01T12:00:00',
          ErrorDescription: 'OK',
          ErrorMessage: undefined,
        },
        'bbbbbbbb-0000-0000-0000-000000000001',
      ),
    );
    expect(row.alert_type).toBe('Ok');
    expect(row.raised_at).toEqual(new Date('2025-07-01T10:00:00Z'));
    expect(row.error_description).toBe('OK');
    expect(row.error_message).toBeNull();
    expect(row.incident_key).toBe(ERROR_INPUT.Attributes.IncidentKey);
  });

  it('keeps an alert type it does not know', () => {
    expect(map(withAttributes({ AlertType: 'Escalation' })).alert_type).toBe('Escalation');
  });

  it('reads DST timestamps with the documented policy: repeated hour -> earlier instant, gap -> moved forward', () => {
    const autumn = map(
      withAttributes({ Timestamp: '2025-10-26T02:30:00', FirstError: '2025-10-26T01:59:59' }),
    );
    expect(autumn.raised_at).toEqual(new Date('2025-10-26T00:30:00Z'));
    expect(autumn.raised_at_local).toBe('2025-10-26T02:30:00');
    expect(autumn.first_error_at).toEqual(new Date('2025-10-25T23:59:59Z'));
    const spring = map(
      withAttributes({ Timestamp: '2025-03-30T02:30:00', FirstError: '2025-03-30T03:00:00' }),
    );
    expect(spring.raised_at).toEqual(new Date('2025-03-30T01:30:00Z'));
    // The wall clock is kept as sent even inside the gap.
    expect(spring.raised_at_local).toBe('2025-03-30T02:30:00');
    expect(spring.first_error_at).toEqual(new Date('2025-03-30T01:00:00Z'));
  });

  it('a local timestamp of any instant maps back to that instant, or to the earlier one of a repeated hour', () => {
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 }),
        fc.constantFrom(...zones),
        (seconds, zone) => {
          const instant = new Date(seconds * 1000);
          const local = utcToLocal(instant, zone);
          const row = map(withAttributes({ Timestamp: local }), { ...CTX, zone });
          expect(row.raised_at_local).toBe(local);
          expect(utcToLocal(row.raised_at, zone)).toBe(local);
          // At most the DST shift earlier (an hour in these zones), never later.
          expect(instant.getTime() - row.raised_at.getTime()).toBeGreaterThanOrEqual(0);
          expect(instant.getTime() - row.raised_at.getTime()).toBeLessThanOrEqual(3_600_000);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects a Timestamp that is not a timestamp, naming stream alerts, the field and the alert Id', () => {
    const error = validationError(() => map(withAttributes({ Timestamp: '02/01/2025 02:30' })));
    expect(error.context).toEqual({
      stream: 'alerts',
      field: 'Timestamp',
      recordId: 'afd846be-ddbf-49e1-ad15-2eee5f6d7544',
    });
    expect(validationError(() => map(withAttributes({ FirstError: 'yesterday' }))).context.field).toBe(
      'FirstError',
    );
    expect(
      validationError(() => map(withAttributes({ Timestamp: 'x' }), { ...CTX, stream: 'alerts_backfill' }))
        .context.stream,
    ).toBe('alerts_backfill');
  });

  it('rejects an alert without a Timestamp date (empty or .NET MinValue), accepts one without FirstError date', () => {
    expect(validationError(() => map(withAttributes({ Timestamp: '' }))).context.field).toBe('Timestamp');
    expect(validationError(() => map(withAttributes({ Timestamp: '0001-01-01T00:00:00' }))).message).toMatch(
      /Timestamp is missing/,
    );
    const row = map(withAttributes({ FirstError: '0001-01-01T00:00:00' }));
    expect(row.first_error_at).toBeNull();
    expect(row.first_error_at_local).toBeNull();
  });

  it('derives the incident key from FirstErrorMonitorCheckId when the service sends none', () => {
    const error = map(withAttributes({ IncidentKey: undefined }));
    const reminder = map(
      withAttributes({ IncidentKey: null, AlertType: 'Reminder', MonitorCheckId: 171193900000 }),
    );
    const blank = map(withAttributes({ IncidentKey: '  ' }));
    for (const row of [error, reminder, blank]) {
      expect(row.incident_key).toBe('derived:169412140540');
      expect(row.incident_key_derived).toBe(true);
    }
  });

  it('stores error texts as sent but redacts raw, which keeps unknown fields', () => {
    const secretUrl = 'Step 1 (https://admin:hunter2@shop.example.com/login): HTTP 500';
    const input = { ...withAttributes({ ErrorDescription: secretUrl }), BrandNewField: 'kept' };
    const row = map(input);
    expect(row.error_description).toBe(secretUrl);
    const raw = row.raw as { Attributes: { ErrorDescription: string }; BrandNewField: string };
    expect(raw.Attributes.ErrorDescription).not.toContain('hunter2');
    expect(raw.Attributes.ErrorDescription).toContain('shop.example.com/login');
    expect(raw.BrandNewField).toBe('kept');
  });
});
