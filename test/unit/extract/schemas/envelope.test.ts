import { describe, expect, it } from 'vitest';
import { dataListSchema } from '../../../../src/extract/schemas/envelope.ts';

describe('dataListSchema (the envelope of alert pages, statistics and checkpoints)', () => {
  it('reads Cursors when present and accepts a last page without them', () => {
    const page = dataListSchema.parse({ Data: [{ Id: 'a' }], Cursors: { Next: 'a+b/c=', Self: 'x' } });
    expect(page.Cursors?.Next).toBe('a+b/c=');
    const last = dataListSchema.parse({ Data: [] });
    expect(last.Cursors).toBeUndefined();
    expect(dataListSchema.safeParse({ Cursors: {} }).success).toBe(false);
  });

  it('leaves items to per-record validation', () => {
    expect(dataListSchema.safeParse({ Data: [{ Id: 'nope' }] }).success).toBe(true);
  });

  it('needs Data and keeps Meta', () => {
    const list = dataListSchema.parse({
      Data: [],
      Meta: { Period: { MaximumRetentionDays: 90, Warning: 'too far' } },
    });
    expect(list.Meta?.Period?.MaximumRetentionDays).toBe(90);
    expect(dataListSchema.safeParse({}).success).toBe(false);
    expect(dataListSchema.safeParse({ Data: { Id: 'x' } }).success).toBe(false);
  });
});
