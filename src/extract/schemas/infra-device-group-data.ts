/**
 * Infra API `GET /v1/DeviceGroupData`: status of a device group and one page (Skip/Take) of its
 * devices with their first data feeds. No public example exists (facts 3.14): the shape follows
 * the spec, everything but the device id is optional.
 */
import { z } from 'zod';
import { enumText, type KnownValues, lenientInteger, lenientNumber, lenientText } from './lenient.ts';

/** Status values of groups, devices and data feeds. */
export const KNOWN_INFRA_STATUSES = ['Error', 'Warning', 'OK', 'Unknown'] as const;

/** Item Type values: a device or a nested group. */
export const KNOWN_INFRA_ITEM_TYPES = ['Device', 'Group'] as const;

/** One data feed (sensor) of a device; Value is text (the last value as sent). */
export const infraDataFeedSchema = z.looseObject({
  Id: lenientText.nullish(),
  Name: z.string().nullish(),
  Type: z.string().nullish(),
  Status: enumText.nullish(),
  Value: lenientText.nullish(),
  FriendlyValue: z.string().nullish(),
});

/** One device or group of the page; the id is required because it is the key. */
export const infraDeviceSchema = z.looseObject({
  Id: lenientText,
  Name: z.string().nullish(),
  Type: enumText.nullish(),
  Status: enumText.nullish(),
  /** Percent over the requested Period. */
  Uptime: lenientNumber.nullish(),
  FriendlyUptime: z.string().nullish(),
  DataFeeds: z.array(infraDataFeedSchema).nullish(),
});

/** One DeviceGroupData response. */
export const infraDeviceGroupDataSchema = z.looseObject({
  Status: enumText.nullish(),
  Count: lenientInteger.nullish(),
  Devices: z.array(infraDeviceSchema).nullish(),
});

/** A parsed device item. */
export type InfraDevice = z.infer<typeof infraDeviceSchema>;

/** The enum-like fields of a device item, with the values known. */
export const INFRA_DEVICE_VALUES: KnownValues = {
  Type: KNOWN_INFRA_ITEM_TYPES,
  Status: KNOWN_INFRA_STATUSES,
  'DataFeeds.*.Status': KNOWN_INFRA_STATUSES,
};

/** The enum-like fields of a DeviceGroupData body (the group's own status), with the values known. */
export const INFRA_BODY_VALUES: KnownValues = { Status: KNOWN_INFRA_STATUSES };
