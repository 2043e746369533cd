import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../../src/errors.ts';
import { statisticsSchema } from '../../../../src/extract/schemas/statistics.ts';
import { localToUtc, utcToLocal } from '../../../../src/time/zone-clock.ts';
import { monitorStatisticsRow } from '../../../../src/transform/rows/monitor-statistics-row.ts';
import { statisticsBuckets, usCultureText } from '../../../../src/simulator/statistics-buckets.ts';
import { CTX, MONITOR_GUID } from './fixtures.ts';

// The first bucket of the live KB example (facts 3.2).
const KB_BUCKET = {
  Id: '10/13/2025 8:00:00 PM',
  Type: 'Statistics',
  Attributes: {
    StartDateTime: '2025-10-13T20:00:00',
    EndDateTime: '2025-10-13T21:00:00',
    Alerts: 0,
    OperatorResponseTarget: 15,
    OperatorResponseTime: 0,
    DowntimePercentage: 0,
    UptimePercentage: 100,
    Checks: 62,
    ConfirmedErrors: 0,
    UnconfirmedErrors: 0,
    Uptime: 3590,
    Downtime: 0,
    TotalTime: 0.727,
    ResolveTime: 0.106,
    ConnectionTime: 0.092,
    DownloadTime: 0.527,
    TotalBytes: 5699,
  },
  Relationships: [{ Id: MONITOR_GUID, Type: 'Monitor', Links: { Self: `/Monitor/${MONITOR_GUID}` } }],
};

function bucket(
  start: string,
  end: string,
  attributes: Record<string, unknown> = {},
): Record<string, unknown> {
  return { Id: start, Attributes: { StartDateTime: start, EndDateTime: end, ...attributes } };
}

const map = (input: Record<string, unknown>, ctx = CTX) =>
  monitorStatisticsRow(MONITOR_GUID, statisticsSchema.parse(input), ctx, input);

function validationError(run: () => unknown): RecordValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordValidationError) return error;
    throw error;
  }
  throw new Error('expected a RecordValidationError');
}

describe('monitorStatisticsRow', () => {
  it('maps the KB bucket: CEST (UTC+2) bounds, seconds, average timings in seconds, absent SLA fields null', () => {
    expect(map(KB_BUCKET)).toMatchObject({
      account_id: '123456',
      monitor_guid: '1d2f5fac-730c-45b0-a077-4ab82aaee14e',
      bucket_start_at: new Date('2025-10-13T18:00:00Z'),
      bucket_end_at: new Date('2025-10-13T19:00:00Z'),
      bucket_start_local: '2025-10-13T20:00:00',
      bucket_end_local: '2025-10-13T21:00:00',
      bucket_id_text: '10/13/2025 8:00:00 PM',
      checks: 62,
      confirmed_errors: 0,
      unconfirmed_errors: 0,
      uptime_seconds: 3590,
      downtime_seconds: 0,
      uptime_percentage: 100,
      downtime_percentage: 0,
      sla_target: null,
      sla_target_total_time: null,
      operator_response_target: 15,
      operator_response_time: 0,
      alerts: 0,
      total_time: 0.727,
      resolve_time: 0.106,
      connection_time: 0.092,
      download_time: 0.527,
      total_bytes: 5699,
      run_id: 42,
    });
  });

  it('accepts numeric strings and a bucket with only its bounds (Filter=...)', () => {
    const row = map(
      bucket('2025-06-01T00:00:00', '2025-06-02T00:00:00', { Uptime: '86000', SlaTarget: '99.5' }),
    );
    expect(row.uptime_seconds).toBe(86000);
    expect(row.sla_target).toBe(99.5);
    expect(row.downtime_seconds).toBeNull();
    expect(row.checks).toBeNull();
    expect(
      map({ Attributes: { StartDateTime: '2025-06-01T00:00:00', EndDateTime: '2025-06-01T01:00:00' } }),
    ).toMatchObject({ bucket_id_text: null, alerts: null, total_bytes: null });
  });

  it('daily buckets of DST days last 23 and 25 hours', () => {
    const spring = map(bucket('2025-03-30T00:00:00', '2025-03-31T00:00:00'));
    expect(spring.bucket_start_at).toEqual(new Date('2025-03-29T23:00:00Z'));
    expect(spring.bucket_end_at.getTime() - spring.bucket_start_at.getTime()).toBe(23 * 3_600_000);
    const autumn = map(bucket('2025-10-26T00:00:00', '2025-10-27T00:00:00'));
    expect(autumn.bucket_start_at).toEqual(new Date('2025-10-25T22:00:00Z'));
    expect(autumn.bucket_end_at.getTime() - autumn.bucket_start_at.getTime()).toBe(25 * 3_600_000);
    expect([spring.grain, autumn.grain]).toEqual(['day', 'day']);
  });

  it('stores the grain of every bucket: hour, day, month or longer', () => {
    expect(map(KB_BUCKET).grain).toBe('hour');
    expect(map(bucket('2025-06-01T12:00:00', '2025-06-02T00:00:00')).grain).toBe('day');
    expect(map(bucket('2025-06-01T00:00:00', '2025-07-01T00:00:00')).grain).toBe('month');
    expect(map(bucket('2025-06-15T00:00:00', '2025-07-01T00:00:00')).grain).toBe('month');
    expect(map(bucket('2025-06-01T00:00:00', '2025-08-01T00:00:00')).grain).toBe('longer');
  });

  it('the spring hour bucket 01:00-03:00 is one real hour', () => {
    const row = map(bucket('2025-03-30T01:00:00', '2025-03-30T03:00:00'));
    expect(row.bucket_start_at).toEqual(new Date('2025-03-30T00:00:00Z'));
    expect(row.bucket_end_at).toEqual(new Date('2025-03-30T01:00:00Z'));
    expect(row.grain).toBe('hour');
  });

  it('the two buckets of the repeated autumn hour get the two real hours (same StartDateTime and Id)', () => {
    // 02:00 CEST = 00:00Z, 02:00 CET = 01:00Z, 03:00 CET = 02:00Z.
    const first = map(bucket('2025-10-26T02:00:00', '2025-10-26T02:00:00'));
    const second = map(bucket('2025-10-26T02:00:00', '2025-10-26T03:00:00'));
    expect([first.bucket_start_at, first.bucket_end_at]).toEqual([
      new Date('2025-10-26T00:00:00Z'),
      new Date('2025-10-26T01:00:00Z'),
    ]);
    expect([second.bucket_start_at, second.bucket_end_at]).toEqual([
      new Date('2025-10-26T01:00:00Z'),
      new Date('2025-10-26T02:00:00Z'),
    ]);
    expect([first.grain, second.grain]).toEqual(['hour', 'hour']);
    // Partial buckets in the second pass (a request starting at 02:30 CET) are corrected the same way.
    const partial = map(bucket('2025-10-26T02:30:00', '2025-10-26T03:00:00'));
    expect(partial.bucket_start_at).toEqual(new Date('2025-10-26T01:30:00Z'));
    // A bucket sent with explicit offsets is taken as written.
    const absolute = map(bucket('2025-10-26T02:00:00+02:00', '2025-10-26T02:00:00+01:00'));
    expect(absolute.bucket_end_at.getTime() - absolute.bucket_start_at.getTime()).toBe(3_600_000);
  });

  describe('hourly buckets as the simulator cuts them map back to its instants, so they tile each day', () => {
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'America/Santiago'];
    const dayOf = (index: number): string =>
      new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10);

    function checkDay(dayIndex: number, zone: string): number {
      const dayStart = localToUtc(dayOf(dayIndex), zone)!.getTime() / 1000;
      const dayEnd = localToUtc(dayOf(dayIndex + 1), zone)!.getTime() / 1000;
      const { buckets } = statisticsBuckets(dayStart, dayEnd, dayEnd + 1, zone);
      buckets.forEach(([a, b]) => {
        const row = map(
          {
            Id: usCultureText(a, zone),
            Attributes: {
              StartDateTime: utcToLocal(new Date(a * 1000), zone),
              EndDateTime: utcToLocal(new Date(b * 1000), zone),
            },
          },
          { ...CTX, zone },
        );
        expect([row.bucket_start_at.getTime(), row.bucket_end_at.getTime()]).toEqual([a * 1000, b * 1000]);
      });
      return dayEnd - dayStart;
    }

    it('on every DST day of 2024-2026 (23 and 25 hours)', () => {
      const lengths = new Set<number>();
      for (const zone of zones) {
        for (let i = 0; i < 3 * 366; i++) {
          const length =
            (localToUtc(dayOf(i + 1), zone)!.getTime() - localToUtc(dayOf(i), zone)!.getTime()) / 1000;
          if (length !== 86_400) lengths.add(checkDay(i, zone));
        }
      }
      expect([...lengths].sort()).toEqual([82_800, 90_000]);
    });

    it('on any day', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 3 * 366 }), fc.constantFrom(...zones), (dayIndex, zone) => {
          checkDay(dayIndex, zone);
        }),
        { numRuns: 200 },
      );
    });
  });

  it('rejects a missing or unparseable bound, or an end before the start, naming stream, field and bucket', () => {
    const missing = validationError(() =>
      map({ Id: 'b1', Attributes: { StartDateTime: '2025-06-01T00:00:00', EndDateTime: '' } }),
    );
    expect(missing.context).toEqual({
      stream: 'statistics',
      field: 'EndDateTime',
      recordId: '1d2f5fac-730c-45b0-a077-4ab82aaee14e/b1',
    });
    expect(
      validationError(() => map(bucket('6/1/2025 1:00:00 AM', '2025-06-01T02:00:00'))).context.field,
    ).toBe('StartDateTime');
    const reversed = validationError(() => map(bucket('2025-06-01T02:00:00', '2025-06-01T01:00:00')));
    expect(reversed.message).toMatch(/not after/);
    expect(
      validationError(() => map(bucket('x', 'y'), { ...CTX, stream: 'statistics_backfill' })).context.stream,
    ).toBe('statistics_backfill');
  });
});
