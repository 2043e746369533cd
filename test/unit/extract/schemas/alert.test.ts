import { describe, expect, it } from 'vitest';
import {
  alertListSchema,
  alertListStrictSchema,
  alertSchema,
} from '../../../../src/extract/schemas/alert.ts';

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

describe('alertListSchema', () => {
  it('reads Cursors when present and accepts a last page without them', () => {
    const page = alertListSchema.parse({ Data: [KB_ALERT], Cursors: { Next: 'a+b/c=', Self: 'x' } });
    expect(page.Cursors?.Next).toBe('a+b/c=');
    const last = alertListSchema.parse({ Data: [] });
    expect(last.Cursors).toBeUndefined();
    expect(alertListSchema.safeParse({ Cursors: {} }).success).toBe(false);
  });

  it('leaves items to per-record validation, while the strict variant validates them all', () => {
    const broken = { Data: [{ Id: 'nope' }] };
    expect(alertListSchema.safeParse(broken).success).toBe(true);
    expect(alertListStrictSchema.safeParse(broken).success).toBe(false);
  });
});
