import { describe, expect, it } from 'vitest';
import { infraDeviceSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { infraDeviceGroupRow } from '../../../../src/transform/rows/infra-device-group-row.ts';
import { infraDeviceRow } from '../../../../src/transform/rows/infra-device-row.ts';

const ctx = { accountId: 'acc', zone: 'UTC', runId: 4 };

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
    expect(infraDeviceRow(infraDeviceSchema.parse(raw), ['all', '9', '10', '9'], ctx, raw)).toEqual({
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
    expect(infraDeviceRow(infraDeviceSchema.parse({ Id: 'a' }), ['all'], ctx, { Id: 'a' })).toMatchObject({
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
        ctx,
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
      infraDeviceGroupRow({ id: '3', name: 'Rack', parentId: 'all', depth: 1, status: null, raw }, ctx).raw,
    ).toEqual({ Id: 3, Name: 'Rack', Type: 'Group' });
  });
});
