import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectLetThroughOnlyUnchanged, recordParts } from '../../../support/record-arbitraries.ts';
import { conformingStatistics, statisticsSchema } from '../../../../src/extract/schemas/statistics.ts';

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

describe('conformingStatistics (validation without copies)', () => {
  // Each field mostly in the form the service sends, sometimes in another (record-arbitraries.ts).
  const { mostly, absent, text, links, relationship } = recordParts(15);
  const number = mostly(
    fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), absent),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, '99.5', ' 7 ', 'x', true),
  );
  const integer = mostly(
    fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), absent),
    fc.constantFrom(2 ** 53, -3, 1.5, Number.NaN, '12', ' 7 ', 'x'),
  );
  const int32 = mostly(
    fc.oneof(fc.integer(), absent),
    fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, '12', 'x'),
  );
  const timestamp = mostly(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), absent));
  const bucket = fc.record(
    {
      Id: mostly(fc.oneof(fc.string({ maxLength: 5 }), absent), fc.oneof(fc.integer(), fc.constant([]))),
      Type: text,
      Attributes: mostly(
        fc.record(
          {
            StartDateTime: timestamp,
            EndDateTime: timestamp,
            Alerts: int32,
            SlaTarget: number,
            SlaTargetTotalTime: number,
            OperatorResponseTarget: number,
            OperatorResponseTime: number,
            DowntimePercentage: number,
            UptimePercentage: number,
            Checks: integer,
            ConfirmedErrors: int32,
            UnconfirmedErrors: int32,
            Uptime: integer,
            Downtime: integer,
            TotalTime: number,
            ResolveTime: number,
            ConnectionTime: number,
            DownloadTime: number,
            TotalBytes: integer,
            Extra: fc.integer(),
          },
          { requiredKeys: ['StartDateTime', 'EndDateTime'] },
        ),
        fc.constantFrom(null, 'x', []),
      ),
      Relationships: mostly(fc.oneof(absent, fc.array(relationship, { maxLength: 3 })), fc.constant('x')),
      Links: links,
      Extra: fc.integer(),
    },
    { requiredKeys: ['Attributes'] },
  );

  it('property: a bucket it lets through is one statisticsSchema accepts and gives back unchanged', () => {
    expectLetThroughOnlyUnchanged(bucket, conformingStatistics, statisticsSchema);
  });

  it('property: a bucket the schema accepts unchanged, it lets through (no bucket is sent to zod for nothing)', () => {
    fc.assert(
      fc.property(bucket, (raw) => {
        const parsed = statisticsSchema.safeParse(raw);
        if (!parsed.success || !isDeepStrictEqual(parsed.data, raw)) return;
        expect(conformingStatistics(raw)).toBe(raw);
      }),
      { numRuns: 3000 },
    );
  });

  it('lets the KB example through as the same object, and sends lenient forms to the schema', () => {
    expect(conformingStatistics(BUCKET)).toBe(BUCKET);
    for (const lenient of [
      { ...BUCKET, Id: 7 },
      { ...BUCKET, Attributes: { ...BUCKET.Attributes, Checks: '62' } },
      { ...BUCKET, Attributes: { ...BUCKET.Attributes, Alerts: 2 ** 31 } },
    ]) {
      expect(conformingStatistics(lenient)).toBeUndefined();
    }
    expect(statisticsSchema.parse({ ...BUCKET, Id: 7 }).Id).toBe('7');
  });
});
