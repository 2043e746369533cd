import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectLetThroughOnlyUnchanged, recordParts } from '../../../support/record-arbitraries.ts';
import { alertSchema, conformingAlert } from '../../../../src/extract/schemas/alert.ts';

// The KB example of GET /Alert/MonitorGroup/{guid} (facts 3.1).
const KB_ALERT = {
  Type: 'Alert',
  Id: 'afd846be-ddbf-49e1-ad15-2eee5f6d7544',
  Attributes: {
    AlertType: 'Error',
    MonitorGuid: 'a591a38a-16e0-4dd2-9f15-d575b4c5a433',
    Timestamp: '2025-01-02T02:30:46',
    FirstError: '2024-12-11T20:11:01',
    MonitorCheckId: 171193848695,
    FirstErrorMonitorCheckId: 169412140540,
    ErrorDescription: "Step 4 (https://galacticshirts.com): Element '.wn-product-btn' not found.",
    IncidentKey: '9632cd34-0c13-4e2c-92cc-cca104432cd9-0-169412140545',
  },
  Relationships: [
    { Id: 171193848695, Type: 'MonitorCheck', Links: { Self: '/MonitorCheck/171193848695' } },
    { Id: 169412140540, Type: 'MonitorCheck', Links: { Self: '/MonitorCheck/169412140540' } },
  ],
};

describe('alertSchema', () => {
  it('parses the KB example', () => {
    const alert = alertSchema.parse(KB_ALERT);
    expect(alert.Attributes.MonitorCheckId).toBe(171193848695);
    expect(alert.Attributes.ErrorMessage).toBeUndefined();
    expect(alert.Relationships?.[1]?.Id).toBe(169412140540);
  });

  it.each([
    'AlertType',
    'MonitorGuid',
    'Timestamp',
    'FirstError',
    'MonitorCheckId',
    'FirstErrorMonitorCheckId',
  ])('requires Attributes.%s', (field) => {
    const attributes: Record<string, unknown> = { ...KB_ALERT.Attributes };
    delete attributes[field];
    const result = alertSchema.safeParse({ ...KB_ALERT, Attributes: attributes });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['Attributes', field]);
  });

  it('requires the alert Id and keeps an unknown AlertType and unknown attributes', () => {
    expect(alertSchema.safeParse({ ...KB_ALERT, Id: undefined }).success).toBe(false);
    const alert = alertSchema.parse({
      ...KB_ALERT,
      Attributes: { ...KB_ALERT.Attributes, AlertType: 'Escalated', Severity: 3 },
    });
    expect(alert.Attributes.AlertType).toBe('Escalated');
    expect((alert.Attributes as Record<string, unknown>).Severity).toBe(3);
  });
});

describe('conformingAlert (validation without copies)', () => {
  // Each field mostly in the form the service sends, sometimes in another (record-arbitraries.ts).
  const { mostly, absent, text, links, relationship } = recordParts(12);
  const guidLike = mostly(
    fc.oneof(
      fc.uuid(),
      fc.uuid().map((g) => g.toUpperCase()),
    ),
    fc.oneof(
      fc.constantFrom(
        'afd846be-ddbf-49e1-ad15-2eee5f6d754',
        'not-a-guid',
        '',
        ' afd846be-ddbf-49e1-ad15-2eee5f6d7544',
      ),
      fc.integer(),
      absent,
    ),
  );
  const integer = mostly(
    fc.integer({ min: 0, max: 2 ** 40 }),
    fc.oneof(fc.constantFrom(2 ** 53, -3, 1.5, Number.NaN, '12', ' 7 ', 'x'), absent),
  );
  const alert = fc.record(
    {
      Id: guidLike,
      Type: text,
      Attributes: mostly(
        fc.record(
          {
            AlertType: mostly(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), absent)),
            MonitorGuid: guidLike,
            Timestamp: mostly(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), absent)),
            FirstError: mostly(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), absent)),
            MonitorCheckId: integer,
            FirstErrorMonitorCheckId: integer,
            ErrorDescription: text,
            ErrorMessage: text,
            IncidentKey: text,
            Severity: fc.integer(),
          },
          { requiredKeys: ['AlertType', 'MonitorGuid', 'Timestamp', 'FirstError', 'MonitorCheckId'] },
        ),
        fc.constantFrom(null, 'x', []),
      ),
      Relationships: mostly(fc.oneof(absent, fc.array(relationship, { maxLength: 3 })), fc.constant('x')),
      Links: links,
      Extra: fc.integer(),
    },
    { requiredKeys: ['Id', 'Attributes'] },
  );

  it('property: a record it lets through is one alertSchema accepts and gives back unchanged', () => {
    expectLetThroughOnlyUnchanged(alert, conformingAlert, alertSchema);
  });

  it('lets the KB example through as the same object, and sends lenient forms to the schema', () => {
    expect(conformingAlert(KB_ALERT)).toBe(KB_ALERT);
    const lenient = { ...KB_ALERT, Attributes: { ...KB_ALERT.Attributes, MonitorCheckId: '171193848695' } };
    expect(conformingAlert(lenient)).toBeUndefined();
    expect(alertSchema.parse(lenient).Attributes.MonitorCheckId).toBe(171193848695);
  });
});
