import { describe, expect, it } from 'vitest';
import { statisticsSchema } from '../../../../src/extract/schemas/statistics.ts';

// Shape of the live KB example (facts 3.2).
const BUCKET = {
  Id: '10/13/2025 8:00:00 PM',
  Type: 'Statistics',
  Attributes: {
    StartDateTime: '2025-10-13T20:00:00',
    EndDateTime: '2025-10-13T21:00:00',
    Alerts: 0,
    OperatorResponseTarget: 15,
    UptimePercentage: 100,
    Checks: 62,
    Uptime: 3590,
    Downtime: 0,
    TotalTime: 0.727,
  },
  Relationships: [
    { Id: '6f426452-5d2b-4fdf-84e2-c2b3d7ebf918', Type: 'Monitor', Links: { Self: '/Monitor/6f426452' } },
  ],
};

describe('statisticsSchema', () => {
  it('parses a bucket; SlaTarget absent stays absent', () => {
    const bucket = statisticsSchema.parse(BUCKET);
    expect(bucket.Id).toBe('10/13/2025 8:00:00 PM');
    expect(bucket.Attributes.Uptime).toBe(3590);
    expect(bucket.Attributes.SlaTarget).toBeUndefined();
  });

  it('requires the bucket bounds and accepts numbers sent as text', () => {
    const { StartDateTime: _s, ...noStart } = BUCKET.Attributes;
    expect(statisticsSchema.safeParse({ ...BUCKET, Attributes: noStart }).success).toBe(false);
    const text = statisticsSchema.parse({
      ...BUCKET,
      Attributes: { ...BUCKET.Attributes, Checks: '62', UptimePercentage: '99.5' },
    });
    expect(text.Attributes.Checks).toBe(62);
    expect(text.Attributes.UptimePercentage).toBe(99.5);
  });
});
