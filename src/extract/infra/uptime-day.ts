/**
 * One account-local day of device uptime: which device groups to read so every device is listed
 * with as few requests as possible (normally the all-devices group alone), and the reading of the
 * day from them.
 */
import { HttpError } from '../../errors.ts';
import type { ApiGetter } from '../http/api-client.ts';
import {
  fetchDeviceGroupItems,
  infraDayPeriod,
  type InfraStreamOptions,
  ROOT_DEVICE_GROUP,
} from './device-group-data.ts';
import type { LocalDate } from '../../terms.ts';

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

/** What one day's requests returned. */
export interface UptimeDay {
  day: LocalDate;
  period: string;
  /** Raw items of every listing, in order (a device listed by two groups appears twice). */
  items: unknown[];
  bodies: unknown[];
  /** False when a listing may have missed devices. */
  complete: boolean;
  requests: number;
  /** When the last response arrived: the data feed values are current as of then. */
  observedAt: Date;
}

/** Reads `day` from `groups`; `clock` stamps the data feed readings. */
export async function readUptimeDay(
  getter: ApiGetter,
  day: LocalDate,
  groups: readonly string[],
  options: InfraStreamOptions & { stream: string; clock: () => Date },
): Promise<UptimeDay> {
  const period = infraDayPeriod(day);
  const result: UptimeDay = {
    day,
    period,
    items: [],
    bodies: [],
    complete: true,
    requests: 0,
    observedAt: options.clock(),
  };
  for (const groupId of groups) {
    const isRoot = groupId === ROOT_DEVICE_GROUP.id;
    try {
      const listing = await fetchDeviceGroupItems(
        getter,
        {
          DeviceGroup: isRoot ? undefined : groupId,
          GroupFilter: 'ItemsOnly',
          StatusFilter: 'All',
          SortOrder: 'Alphabetical',
          ShowDetailInfo: 'True',
          Period: period,
        },
        {
          take: options.take,
          format: options.format,
          context: { stream: options.stream, day, deviceGroup: groupId },
        },
      );
      result.items.push(...listing.items);
      result.bodies.push(listing.body);
      result.requests += listing.pages;
      if (!listing.complete) result.complete = false;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404) || isRoot) throw error;
      // Gone since the last tree walk; its devices may have moved, so the day is not proven complete.
      result.complete = false;
    }
  }
  result.observedAt = options.clock();
  return result;
}
