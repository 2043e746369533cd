import { describe, expect, it } from 'vitest';
import { infraDeviceSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { infraDataFeedValueRows } from '../../../../src/transform/rows/infra-data-feed-value-rows.ts';

const ctx = { accountId: 'acc', zone: 'UTC', runId: 3 };
const AT = new Date('2025-11-20T10:00:00Z');

describe('infraDataFeedValueRows', () => {
  it('maps each feed with its text value, the number when numeric, and the feed as received', () => {
    const raw = {
      Id: 5,
      DataFeeds: [
        {
          Id: '5-1',
          Name: 'CPU load',
          Type: 'Double',
          Status: 'OK',
          Value: '12.50',
          FriendlyValue: '12.5 %',
        },
        { Id: 8, Name: 'State', Type: 'String', Status: 'Warning', Value: 'degraded' },
      ],
    };
    const { rows, withoutId } = infraDataFeedValueRows(infraDeviceSchema.parse(raw), raw, AT, ctx);
    expect(withoutId).toEqual([]);
    expect(rows).toEqual([
      {
        account_id: 'acc',
        device_id: '5',
        data_feed_id: '5-1',
        name: 'CPU load',
        data_type: 'Double',
        status: 'OK',
        value: '12.50',
        value_number: 12.5,
        friendly_value: '12.5 %',
        observed_at: AT,
        raw: raw.DataFeeds[0],
        run_id: 3,
      },
      {
        account_id: 'acc',
        device_id: '5',
        data_feed_id: '8',
        name: 'State',
        data_type: 'String',
        status: 'Warning',
        value: 'degraded',
        value_number: null,
        friendly_value: null,
        observed_at: AT,
        raw: raw.DataFeeds[1],
        run_id: 3,
      },
    ]);
  });

  it('hands back feeds without an id instead of rejecting the device', () => {
    const raw = {
      Id: 5,
      DataFeeds: [
        { Name: 'orphan', Value: '1' },
        { Id: '', Value: '2' },
        { Id: 'ok', Value: '3' },
      ],
    };
    const { rows, withoutId } = infraDataFeedValueRows(infraDeviceSchema.parse(raw), raw, AT, ctx);
    expect(rows.map((r) => r.data_feed_id)).toEqual(['ok']);
    expect(withoutId).toEqual([
      { Name: 'orphan', Value: '1' },
      { Id: '', Value: '2' },
    ]);
  });

  it('gives no rows for a device without feeds', () => {
    expect(infraDataFeedValueRows(infraDeviceSchema.parse({ Id: 1 }), { Id: 1 }, AT, ctx).rows).toEqual([]);
  });
});
