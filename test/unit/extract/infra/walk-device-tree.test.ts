import { describe, expect, it } from 'vitest';
import {
  infraDeviceSchema,
  type InfraDevice,
} from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { walkDeviceTree } from '../../../../src/extract/infra/walk-device-tree.ts';
import { device, fakeInfraGetter, group } from './fake-infra-getter.ts';

function parser(rejected: unknown[] = []) {
  return (raw: unknown): InfraDevice | undefined => {
    const parsed = infraDeviceSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    rejected.push(raw);
    return undefined;
  };
}

const walk = (groups: Map<string, unknown[]>, take = 500, rejected: unknown[] = []) =>
  walkDeviceTree(fakeInfraGetter(groups), {
    take,
    format: 'json',
    concurrency: 3,
    stream: 'test',
    parseItem: parser(rejected),
  });

// root lists groups 2 and 3 and every device; 2 holds 4; 4 holds device 103; 3 holds 101 and 102.
function tree(): Map<string, unknown[]> {
  return new Map<string, unknown[]>([
    ['', [group(2, 'A'), group(3, 'B'), device(101), device(102), device(103)]],
    ['2', [group(4, 'A1')]],
    ['3', [device(101), device(102)]],
    ['4', [device(103)]],
  ]);
}

describe('walkDeviceTree', () => {
  it('finds every group with its parent and depth, and every device with the groups listing it', async () => {
    const result = await walk(tree());
    expect(result.groups.map((g) => [g.id, g.name, g.parentId, g.depth])).toEqual([
      ['all', 'All devices', null, 0],
      ['2', 'A', 'all', 1],
      ['3', 'B', 'all', 1],
      ['4', 'A1', '2', 2],
    ]);
    expect(Object.fromEntries(result.devices.map((d) => [d.record.Id, d.groupIds]))).toEqual({
      '101': ['3', 'all'],
      '102': ['3', 'all'],
      '103': ['4', 'all'],
    });
    expect(result.complete).toBe(true);
    expect(result.items).toBe(5 + 1 + 2 + 1);
  });

  it('asks for every item kind, all statuses and a stable order, the root without DeviceGroup', async () => {
    const getter = fakeInfraGetter(tree());
    await walkDeviceTree(getter, {
      take: 500,
      format: 'json',
      concurrency: 1,
      stream: 'test',
      parseItem: parser(),
    });
    expect(getter.queries.map((q) => q.DeviceGroup)).toEqual([undefined, '2', '3', '4']);
    expect(
      getter.queries.every(
        (q) =>
          q.GroupFilter === 'All' &&
          q.SortOrder === 'Alphabetical' &&
          q.StatusFilter === 'All' &&
          q.ShowDetailInfo === 'True',
      ),
    ).toBe(true);
  });

  it('gives the same tree at Take 1 as at Take 500', async () => {
    const small = await walk(tree(), 1);
    const large = await walk(tree(), 500);
    expect(small.groups).toEqual(large.groups);
    expect(small.devices).toEqual(large.devices);
  });

  it('reads a group once: a cycle ends, and a group under two parents keeps the first', async () => {
    const groups = tree();
    groups.set('4', [device(103), group(2, 'A')]); // 4 lists its own ancestor
    groups.set('3', [device(101), device(102), group(4, 'A1')]); // 4 also under 3
    const getter = fakeInfraGetter(groups);
    const result = await walkDeviceTree(getter, {
      take: 500,
      format: 'json',
      concurrency: 2,
      stream: 'test',
      parseItem: parser(),
    });
    expect(getter.queries.filter((q) => q.DeviceGroup === '4')).toHaveLength(1);
    expect(getter.queries.filter((q) => q.DeviceGroup === '2')).toHaveLength(1);
    expect(result.groups.find((g) => g.id === '4')?.parentId).toBe('2');
    expect(result.groups).toHaveLength(4);
  });

  it('is incomplete when an item is rejected, and skips it', async () => {
    const groups = tree();
    groups.set('3', [device(101), { Name: 'no id', Type: 'Device' }]);
    const rejected: unknown[] = [];
    const result = await walk(groups, 500, rejected);
    expect(rejected).toEqual([{ Name: 'no id', Type: 'Device' }]);
    expect(result.complete).toBe(false);
    expect(result.devices.map((d) => d.record.Id).sort()).toEqual(['101', '102', '103']);
  });

  it('treats an item of unknown Type as a device (kept, not rejected)', async () => {
    const groups = new Map<string, unknown[]>([['', [device(7, { Type: 'Sensor' })]]]);
    const result = await walk(groups);
    expect(result.devices.map((d) => [d.record.Id, d.record.Type])).toEqual([['7', 'Sensor']]);
  });
});
