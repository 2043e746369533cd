import { describe, expect, it } from 'vitest';
import { infraDeviceGroupDataSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';

describe('infra schemas', () => {
  it('parses device group data with devices and data feeds; ids and values as text', () => {
    const data = infraDeviceGroupDataSchema.parse({
      Status: 'Warning',
      Count: 2,
      Devices: [
        {
          Id: 17,
          Name: 'db-01',
          Type: 'Device',
          Status: 'OK',
          Uptime: '99.95',
          FriendlyUptime: '99.95 %',
          DataFeeds: [
            { Id: 'cpu', Name: 'CPU', Type: 'Double', Status: 'OK', Value: 12.5, FriendlyValue: '12.5 %' },
          ],
        },
        { Id: 'g-1', Type: 'Group', Status: 'Unknown' },
      ],
    });
    expect(data.Devices?.[0]?.Id).toBe('17');
    expect(data.Devices?.[0]?.Uptime).toBe(99.95);
    expect(data.Devices?.[0]?.DataFeeds?.[0]?.Value).toBe('12.5');
    expect(data.Devices?.[1]?.DataFeeds).toBeUndefined();
  });

  it('requires a device id, keeps an unknown status', () => {
    expect(infraDeviceGroupDataSchema.safeParse({ Devices: [{ Name: 'x' }] }).success).toBe(false);
    expect(infraDeviceGroupDataSchema.parse({ Status: 'Maintenance' }).Status).toBe('Maintenance');
  });
});
