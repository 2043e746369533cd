/**
 * Reads one account-local day of device uptime: `DeviceGroupData` with `Period` set to that one
 * day, `GroupFilter=ItemsOnly` and `ShowDetailInfo=True` (the current data feed values come
 * along), for each planned group (normally just the all-devices group), every page. A planned
 * group other than the root that no longer exists (404) is skipped and the day marked incomplete.
 */
import { HttpError } from '../../errors.ts';
import type { LocalDate } from '../../terms.ts';
import { fetchDeviceGroupItems } from './fetch-device-group-items.ts';
import { infraDayPeriod } from './infra-day-period.ts';
import type { InfraStreamOptions } from './infra-stream-options.ts';
import { ROOT_DEVICE_GROUP } from './root-device-group.ts';
import { type ApiGetter } from '../http/api-client.ts';

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
