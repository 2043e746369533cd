/**
 * Walks the Infra device tree: `DeviceGroupData` of the all-devices group with `GroupFilter=All`,
 * then of every item of `Type` Group, level by level (groups of one level are read concurrently).
 * A group is read once however often it is listed, which stops cycles and turns a group listed
 * by two parents into one row (the parent nearer the root wins). Devices collect the ids of every
 * group that lists them. `SortOrder=Alphabetical` keeps the order stable while paging: ByStatus
 * (the API default) reorders items whenever a status changes between two pages.
 */
import pLimit from 'p-limit';
import type { InfraDevice } from '../schemas/infra-device-group-data.ts';
import { fetchDeviceGroupItems, type InfraStreamOptions, ROOT_DEVICE_GROUP } from './device-group-data.ts';
import { type ApiGetter } from '../http/api-client.ts';

/** A group found in the tree. */
export interface TreeGroup {
  id: string;
  name: string | null;
  /** Null for the root. */
  parentId: string | null;
  depth: number;
  status: string | null;
  /** The group item as received; null for the root, which is not an item. */
  raw: unknown;
}

/** A device found in the tree, with every group that lists it. */
export interface TreeDevice {
  record: InfraDevice;
  raw: unknown;
  groupIds: string[];
}

/** The walked tree. */
export interface DeviceTree {
  groups: TreeGroup[];
  devices: TreeDevice[];
  /** False when a listing was incomplete or an item was rejected: absence then proves nothing. */
  complete: boolean;
  /** Items received over all listings (a device listed twice counts twice). */
  items: number;
  /** Bodies of the first page of every listing, for unknown-field reports. */
  bodies: unknown[];
}

/** What the walk needs besides the HTTP getter. */
export interface WalkOptions extends InfraStreamOptions {
  concurrency: number;
  /** Validates one raw item; undefined when it was rejected (the caller records why). */
  parseItem: (raw: unknown, groupId: string) => InfraDevice | undefined;
  stream: string;
}

function isGroup(item: InfraDevice): boolean {
  return typeof item.Type === 'string' && item.Type.toLowerCase() === 'group';
}

/** Walks the whole tree from the all-devices group. */
export async function walkDeviceTree(getter: ApiGetter, options: WalkOptions): Promise<DeviceTree> {
  const root: TreeGroup = {
    id: ROOT_DEVICE_GROUP.id,
    name: ROOT_DEVICE_GROUP.name,
    parentId: null,
    depth: 0,
    status: null,
    raw: null,
  };
  const groups = new Map<string, TreeGroup>([[root.id, root]]);
  const devices = new Map<string, TreeDevice>();
  const tree: DeviceTree = { groups: [], devices: [], complete: true, items: 0, bodies: [] };
  const limit = pLimit(Math.max(1, options.concurrency));
  let level = [root.id];
  for (let depth = 0; level.length > 0; depth++) {
    const listings = await Promise.all(
      level.map((groupId) =>
        limit(() =>
          fetchDeviceGroupItems(
            getter,
            {
              DeviceGroup: groupId === root.id ? undefined : groupId,
              GroupFilter: 'All',
              StatusFilter: 'All',
              SortOrder: 'Alphabetical',
              ShowDetailInfo: 'True',
              Period: 'Last24Hours',
            },
            {
              take: options.take,
              format: options.format,
              context: { stream: options.stream, deviceGroup: groupId },
            },
          ),
        ),
      ),
    );
    const next: string[] = [];
    level.forEach((groupId, index) => {
      const listing = listings[index]!;
      tree.bodies.push(listing.body);
      tree.items += listing.items.length;
      if (!listing.complete) tree.complete = false;
      if (groupId === root.id) root.status = listing.status ?? null;
      for (const raw of listing.items) {
        const item = options.parseItem(raw, groupId);
        if (item === undefined) {
          tree.complete = false;
          continue;
        }
        if (isGroup(item)) {
          if (groups.has(item.Id)) continue;
          groups.set(item.Id, {
            id: item.Id,
            name: item.Name ?? null,
            parentId: groupId,
            depth: depth + 1,
            status: item.Status ?? null,
            raw,
          });
          next.push(item.Id);
          continue;
        }
        const device = devices.get(item.Id);
        if (device === undefined) devices.set(item.Id, { record: item, raw, groupIds: [groupId] });
        else if (!device.groupIds.includes(groupId)) device.groupIds.push(groupId);
      }
    });
    level = next;
  }
  tree.groups = [...groups.values()];
  tree.devices = [...devices.values()].map((d) => ({ ...d, groupIds: [...d.groupIds].sort() }));
  return tree;
}
