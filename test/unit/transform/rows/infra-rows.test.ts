/** Infra rows: device groups and devices of the tree, daily uptime, current data feed values. */
import { RecordValidationError } from '../../../../src/errors.ts';
import { infraDeviceSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import {
  infraDataFeedValueRows,
  infraDeviceGroupRow,
  infraDeviceRow,
  infraDeviceUptimeDailyRow,
} from '../../../../src/transform/rows/infra-rows.ts';
import { describe, expect, it } from 'vitest';

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

const deviceCtx = { accountId: 'acc', zone: 'UTC', runId: 4 };

describe('infraDeviceRow', () => {
  it('maps a device with its groups sorted and deduplicated, raw without feeds or secrets', () => {
    const raw = {
      Id: 12,
      Name: 'fw-1',
      Type: 'Device',
      Status: 'Error',
      Uptime: 90,
      DataFeeds: [{ Id: 'x' }],
      Password: 'hunter2',
    };
    expect(infraDeviceRow(infraDeviceSchema.parse(raw), ['all', '9', '10', '9'], deviceCtx, raw)).toEqual({
      account_id: 'acc',
      device_id: '12',
      name: 'fw-1',
      item_type: 'Device',
      status: 'Error',
      device_group_ids: ['10', '9', 'all'],
      raw: { Id: 12, Name: 'fw-1', Type: 'Device', Status: 'Error', Uptime: 90 },
      run_id: 4,
    });
  });

  it('leaves absent fields null', () => {
    expect(
      infraDeviceRow(infraDeviceSchema.parse({ Id: 'a' }), ['all'], deviceCtx, { Id: 'a' }),
    ).toMatchObject({
      name: null,
      item_type: null,
      status: null,
    });
  });
});

describe('infraDeviceGroupRow', () => {
  it('maps a group of the walk; the root has no raw', () => {
    expect(
      infraDeviceGroupRow(
        { id: 'all', name: 'All devices', parentId: null, depth: 0, status: 'Warning', raw: null },
        deviceCtx,
      ),
    ).toEqual({
      account_id: 'acc',
      device_group_id: 'all',
      name: 'All devices',
      parent_device_group_id: null,
      depth: 0,
      status: 'Warning',
      raw: null,
      run_id: 4,
    });
    const raw = { Id: 3, Name: 'Rack', Type: 'Group', DataFeeds: [] };
    expect(
      infraDeviceGroupRow({ id: '3', name: 'Rack', parentId: 'all', depth: 1, status: null, raw }, deviceCtx)
        .raw,
    ).toEqual({ Id: 3, Name: 'Rack', Type: 'Group' });
  });
});

const uptimeCtx = { accountId: 'acc', zone: 'Europe/Amsterdam', runId: 9, stream: 'infra_device_uptime' };
const map = (raw: Record<string, unknown>) =>
  infraDeviceUptimeDailyRow(infraDeviceSchema.parse(raw), '2025-10-26', '20251026-20251026', uptimeCtx, raw);

describe('infraDeviceUptimeDailyRow', () => {
  it('keeps the uptime as sent, keyed by account, device and local day; raw without DataFeeds', () => {
    const raw = {
      Id: 10001,
      Name: 'srv-1',
      Type: 'Device',
      Status: 'Warning',
      Uptime: '99.861',
      FriendlyUptime: '99.86%',
      DataFeeds: [{ Id: 'f', Value: '1' }],
      Extra: 'kept',
    };
    expect(map(raw)).toEqual({
      account_id: 'acc',
      device_id: '10001',
      day: '2025-10-26',
      uptime_percentage: 99.861,
      has_data: true,
      status: 'Warning',
      friendly_uptime: '99.86%',
      period: '20251026-20251026',
      raw: {
        Id: 10001,
        Name: 'srv-1',
        Type: 'Device',
        Status: 'Warning',
        Uptime: '99.861',
        FriendlyUptime: '99.86%',
        Extra: 'kept',
      },
      run_id: 9,
    });
  });

  it('marks a device without data (Uptime 0 and Unknown, or no Uptime) but keeps a real 0 % day', () => {
    expect(map({ Id: 1, Status: 'Unknown', Uptime: 0 })).toMatchObject({
      has_data: false,
      uptime_percentage: 0,
    });
    expect(map({ Id: 1, Status: 'OK' })).toMatchObject({ has_data: false, uptime_percentage: null });
    expect(map({ Id: 1, Status: 'Error', Uptime: 0 })).toMatchObject({
      has_data: true,
      uptime_percentage: 0,
    });
    expect(map({ Id: 1, Status: 'Unknown', Uptime: 42 })).toMatchObject({ has_data: true });
  });

  it('rejects an uptime outside 0-100 with a named error', () => {
    for (const uptime of [-0.1, 100.5]) {
      let error: unknown;
      try {
        map({ Id: 77, Uptime: uptime });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RecordValidationError);
      expect((error as RecordValidationError).message).toBe(
        `Uptime ${uptime} of device 77 on 2025-10-26 is outside 0-100`,
      );
      expect((error as RecordValidationError).context).toMatchObject({
        recordId: '77',
        stream: 'infra_device_uptime',
      });
    }
    expect(map({ Id: 77, Uptime: 100 }).uptime_percentage).toBe(100);
  });
});
