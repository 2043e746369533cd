/**
 * One account-local day of device uptime: which device groups to read so every device is listed
 * with as few requests as possible (normally the all-devices group alone). The infra_device_uptime
 * stream (pipeline/streams/infra.ts) declares the request and reads the day from these groups.
 */
import { ROOT_DEVICE_GROUP } from './device-group-data.ts';

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
