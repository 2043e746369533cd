/**
 * Chooses the device groups whose listing gives every device's uptime for a day, with as few
 * requests as possible. The all-devices group normally lists every device directly (the spec's
 * default `DeviceGroup`; the simulator does so), and then it alone is read: one request per day
 * per page. Should it not list some devices, the groups that do are added greedily, the one
 * covering most of the missing devices first, using the memberships the last tree walk stored.
 */
import { ROOT_DEVICE_GROUP } from './root-device-group.ts';

/** A known device and the groups listing it directly. */
export interface DeviceMembership {
  deviceId: string;
  groupIds: readonly string[];
}

/** Group ids to read for a day's uptime; always starts with the root. */
export function planUptimeGroups(devices: readonly DeviceMembership[]): string[] {
  const plan: string[] = [ROOT_DEVICE_GROUP.id];
  let uncovered = devices.filter((d) => !d.groupIds.includes(ROOT_DEVICE_GROUP.id) && d.groupIds.length > 0);
  while (uncovered.length > 0) {
    const coverage = new Map<string, number>();
    for (const device of uncovered)
      for (const g of device.groupIds) coverage.set(g, (coverage.get(g) ?? 0) + 1);
    // Most devices first; ties by id so the plan (and the request log) is the same every run.
    const [best] = [...coverage.entries()].sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    )[0]!;
    plan.push(best);
    uncovered = uncovered.filter((d) => !d.groupIds.includes(best));
  }
  return plan;
}
