/**
 * Derives Infra figures from the device timelines: uptime over a period (outage time excluded,
 * clipped to the clock), status at the clock (Error during an outage, Warning when one of the first
 * two sensors is above its threshold, Unknown for a device without data, OK otherwise) and sensor
 * values (plausible noise that changes every five minutes).
 */
import type { InfraData, InfraDevice, InfraFeed } from './generate/generate-infra.ts';
import { hashUnit } from './seeded-random.ts';

/** Infra status values, best last. */
export type InfraStatus = 'Error' | 'Warning' | 'Unknown' | 'OK';
const RANK: Record<InfraStatus, number> = { Error: 0, Warning: 1, Unknown: 2, OK: 3 };

/** The worse of two statuses (Error < Warning < Unknown < OK). */
export function worstStatus(a: InfraStatus, b: InfraStatus): InfraStatus {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Sort rank for SortOrder=ByStatus. */
export function statusRank(s: InfraStatus): number {
  return RANK[s];
}

/** Seconds of outage of `device` in [a, b). */
export function outageSeconds(device: InfraDevice, a: number, b: number): number {
  let total = 0;
  const o = device.outages;
  for (let i = 0; i < o.length; i += 2) {
    if (o[i]! >= b) break;
    total += Math.max(0, Math.min(o[i + 1]!, b) - Math.max(o[i]!, a));
  }
  return total;
}

/** Uptime percentage of `device` over [a, b) clipped to the clock; 0 for a device without data. */
export function deviceUptime(device: InfraDevice, a: number, b: number, nowSec: number): number {
  if (device.noData) return 0;
  const end = Math.min(b, nowSec);
  if (end <= a) return 100;
  return Math.round((100 - (100 * outageSeconds(device, a, end)) / (end - a)) * 1000) / 1000;
}

/** A sensor's value at the clock. */
export function feedValue(seed: number, device: InfraDevice, feed: InfraFeed, nowSec: number): number {
  const u = hashUnit(seed, 'feed', feed.id, Math.floor(nowSec / 300));
  return Math.round((feed.base + feed.spread * u) * 100) / 100;
}

/** A device's status at the clock. */
export function deviceStatus(seed: number, device: InfraDevice, nowSec: number): InfraStatus {
  if (device.noData) return 'Unknown';
  if (outageSeconds(device, nowSec, nowSec + 1) > 0) return 'Error';
  const warn = device.feeds.slice(0, 2).some((f) => feedValue(seed, device, f, nowSec) > f.warnAbove);
  return warn ? 'Warning' : 'OK';
}

/** Every device in the subtree of a group (the root lists all devices). */
export function subtreeDevices(infra: InfraData, groupId: number): InfraDevice[] {
  const ids = new Set<number>();
  const visit = (id: number): void => {
    const g = infra.groups.find((x) => x.id === id);
    if (g === undefined) return;
    for (const d of g.deviceIds) ids.add(d);
    for (const c of g.childGroupIds) visit(c);
  };
  visit(groupId);
  return infra.devices.filter((d) => ids.has(d.id));
}
