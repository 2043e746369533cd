import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../../src/errors.ts';
import { infraDeviceSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { infraDeviceUptimeDailyRow } from '../../../../src/transform/rows/infra-device-uptime-daily-row.ts';

const ctx = { accountId: 'acc', zone: 'Europe/Amsterdam', runId: 9, stream: 'infra_device_uptime' };
const map = (raw: Record<string, unknown>) =>
  infraDeviceUptimeDailyRow(infraDeviceSchema.parse(raw), '2025-10-26', '20251026-20251026', ctx, raw);

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
