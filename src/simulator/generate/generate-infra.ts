/**
 * Generates the Infra side of the account: a tree of device groups (four levels under the root
 * "All devices" group, which lists every device directly) and devices with data feeds and a
 * downtime timeline, from which uptime per period and status at the clock are derived.
 * Nothing public documents the Infra API's data; every choice here is an assumption.
 */
import { seededRandom } from '../seeded-random.ts';

/** One data feed (sensor) of a device. */
export interface InfraFeed {
  id: string;
  name: string;
  type: string;
  unit: string;
  base: number;
  spread: number;
  warnAbove: number;
}

/** One device. */
export interface InfraDevice {
  id: number;
  name: string;
  /** The non-root group holding the device. */
  groupId: number;
  feeds: InfraFeed[];
  /** A device that never reported: status Unknown, no uptime. */
  noData: boolean;
  /** Outages, flattened [start0, end0, ...] in Unix seconds, sorted. */
  outages: Float64Array;
}

/** One device group. */
export interface InfraGroup {
  id: number;
  name: string;
  parentId: number | null;
  childGroupIds: number[];
  deviceIds: number[];
}

/** The Infra dataset. */
export interface InfraData {
  rootGroupId: number;
  groups: InfraGroup[];
  devices: InfraDevice[];
  accountName: string;
}

const TREE: readonly [number, string, number | null][] = [
  [1, 'All devices', null],
  [2, 'Datacenter Amsterdam', 1],
  [3, 'Datacenter Frankfurt', 1],
  [4, 'Rack A', 2],
  [5, 'Rack B', 2],
  [6, 'Hypervisors', 4],
  [7, 'Network', 3],
  [8, 'Core switches', 7],
  [9, 'Spine', 8],
  [10, 'Cloud', 1],
];
const LEAVES = [4, 5, 6, 8, 9, 10, 3];
const FEEDS: readonly Omit<InfraFeed, 'id'>[] = [
  { name: 'CPU load', type: 'Double', unit: '%', base: 35, spread: 50, warnAbove: 80 },
  { name: 'Memory used', type: 'Double', unit: '%', base: 55, spread: 40, warnAbove: 90 },
  { name: 'Disk free', type: 'Double', unit: 'GB', base: 120, spread: 100, warnAbove: 1e9 },
  { name: 'Ping round trip', type: 'Double', unit: 'ms', base: 2, spread: 8, warnAbove: 9 },
];

/** Builds the device tree and each device's outage timeline over [fromSec, toSec). */
export function generateInfra(seed: number, deviceCount: number, fromSec: number, toSec: number): InfraData {
  const groups: InfraGroup[] = TREE.map(([id, name, parentId]) => ({
    id,
    name,
    parentId,
    childGroupIds: [],
    deviceIds: [],
  }));
  const byId = new Map(groups.map((g) => [g.id, g]));
  for (const g of groups) if (g.parentId !== null) byId.get(g.parentId)!.childGroupIds.push(g.id);
  const devices: InfraDevice[] = [];
  for (let i = 0; i < deviceCount; i++) {
    const rng = seededRandom(seed, 'infra-device', i);
    const id = 10_001 + i;
    const groupId = LEAVES[i % LEAVES.length]!;
    const kind = rng.pick(['srv', 'hv', 'sw', 'fw', 'db', 'vm']);
    const outages: number[] = [];
    let t = fromSec;
    for (;;) {
      t += rng.exponential(86_400 * rng.pick([5, 10, 30]));
      if (t >= toSec) break;
      const end = t + rng.int(5, 240) * 60;
      outages.push(Math.round(t), Math.round(end));
      t = end + 600;
    }
    devices.push({
      id,
      name: `${kind}-${String(i + 1).padStart(3, '0')}.${byId
        .get(groupId)!
        .name.toLowerCase()
        .replace(/[^a-z]+/g, '-')}`,
      groupId,
      feeds: FEEDS.slice(0, rng.int(2, 4)).map((f, k) => ({ ...f, id: `${id}-${k + 1}` })),
      noData: i % 17 === 16,
      outages: i % 17 === 16 ? new Float64Array(0) : Float64Array.from(outages),
    });
    byId.get(groupId)!.deviceIds.push(id);
    byId.get(1)!.deviceIds.push(id);
  }
  return { rootGroupId: 1, groups, devices, accountName: 'Simulated Infra account' };
}
