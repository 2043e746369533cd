/**
 * Reading `/v1/DeviceGroupData` (facts 3.14): the options the Infra streams read with, one page of
 * a device group's listing, every page of it (paging by items received, with a guard when the
 * listing changes underneath), the all-devices root group, the `Period` of one day, and the texts
 * the API formats per user (normalised so a later run compares equal).
 */
import { type ErrorContext, ResponseFormatError } from '../../errors.ts';
import type { ApiGetter } from '../http/api-client.ts';
import type { QueryValues } from '../http/request-url.ts';
import { lenientInteger } from '../schemas/lenient.ts';
import type { LocalDate } from '../../terms.ts';
import { z } from 'zod';

/** Body format asked for with the Accept header. */
export type InfraFormat = 'json' | 'xml';

/** How the Infra streams talk to `/v1/DeviceGroupData`. */
export interface InfraStreamOptions {
  /**
   * Items per page (`Take`). The spec documents no maximum, only the default of 10; a large page
   * makes one request per group and per day for most accounts. A server that caps the page lower
   * is handled: paging advances by the items received. (Default: 500)
   */
  readonly take: number;
  /**
   * Accept header. Both formats are legal and parse to the same rows; JSON is what the rest of the
   * pipeline speaks, and the real API's default is undocumented, so we always ask. (Default: json)
   */
  readonly format: InfraFormat;
}

/** The options the registry's Infra streams use. */
export const DEFAULT_INFRA_STREAM_OPTIONS: InfraStreamOptions = Object.freeze({ take: 500, format: 'json' });

/** Id and name of the root group in the warehouse. */
export const ROOT_DEVICE_GROUP = Object.freeze({ id: 'all', name: 'All devices' });

/** `2025-11-19` -> `20251119-20251119`; throws a RangeError for anything but yyyy-MM-dd. */
export function infraDayPeriod(day: LocalDate): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a local date: ${day}`);
  const compact = day.replaceAll('-', '');
  return `${compact}-${compact}`;
}

const ITEM_TEXT_FIELDS = ['Name', 'Type', 'Status', 'FriendlyUptime'] as const;
// The spec types a feed's Id and Value as text; an item's Id has no documented type and is left as sent.
const FEED_TEXT_FIELDS = ['Id', 'Name', 'Type', 'Status', 'Value', 'FriendlyValue'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function withTexts(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const name of fields) {
    const value = copy[name];
    if (typeof value === 'number' || typeof value === 'boolean') copy[name] = String(value);
  }
  return copy;
}

function normalizeItem(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const copy = withTexts(item, ITEM_TEXT_FIELDS);
  const feeds: unknown = copy.DataFeeds;
  if (Array.isArray(feeds)) {
    copy.DataFeeds = feeds.map((feed: unknown) =>
      isRecord(feed) ? withTexts(feed, FEED_TEXT_FIELDS) : feed,
    );
  }
  return copy;
}

/** A copy of a DeviceGroupData body whose text fields are strings again. */
export function normalizeInfraTexts(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const copy = withTexts(body, ['Status']);
  const items: unknown = copy.Devices;
  if (Array.isArray(items)) copy.Devices = items.map((item: unknown) => normalizeItem(item));
  return copy;
}

/** Route template of the endpoint, for statistics and errors. */
export const DEVICE_GROUP_DATA_ROUTE = '/v1/DeviceGroupData';

// XML list wrappers of the body (docs/simulator.md: <Devices><Device>, <DataFeeds><DataFeed>).
const XML_ARRAYS = ['Devices', 'DataFeeds'];

const envelopeSchema = z.looseObject({
  Status: z.string().nullish(),
  Count: lenientInteger.nullish(),
  Devices: z.array(z.unknown()).nullish(),
});

/** Query parameters of DeviceGroupData (names as the spec writes them). */
export type DeviceGroupQuery = Readonly<QueryValues>;

/** One page: the group's status, its item count (before paging) and the page's raw items. */
export interface DeviceGroupPage {
  status: string | undefined;
  /** Items in the group after filters; undefined when the API did not say. */
  count: number | undefined;
  items: unknown[];
  /** The whole body, for unknown-field reports. */
  body: unknown;
}

/** GETs one page; throws ResponseFormatError when the body is not a DeviceGroupData object. */
export async function getDeviceGroupPage(
  getter: ApiGetter,
  query: DeviceGroupQuery,
  format: InfraFormat,
  context: ErrorContext,
): Promise<DeviceGroupPage> {
  const response = await getter.get<unknown>(DEVICE_GROUP_DATA_ROUTE, query, {
    accept: format,
    xmlArrays: XML_ARRAYS,
    route: DEVICE_GROUP_DATA_ROUTE,
    context,
  });
  const body = normalizeInfraTexts(response.body);
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    // A 200 with the wrong shape is not transient: retrying gives the same body.
    throw new ResponseFormatError(
      `infra GET ${DEVICE_GROUP_DATA_ROUTE}: the answer is not a device group (${envelope.error.issues[0]?.message ?? 'wrong shape'})`,
      { retriable: false, context: { ...context, route: DEVICE_GROUP_DATA_ROUTE } },
    );
  }
  return {
    status: envelope.data.Status ?? undefined,
    count: envelope.data.Count ?? undefined,
    items: envelope.data.Devices ?? [],
    body,
  };
}

/** Everything one group listed. */
export interface DeviceGroupListing {
  /** Status of the group from its first page. */
  status: string | undefined;
  count: number | undefined;
  /** Raw items in the order received (may hold a duplicate when items shifted between pages). */
  items: unknown[];
  pages: number;
  /** False when the listing may have missed items (see above). */
  complete: boolean;
  /** First page's body, for unknown-field reports. */
  body: unknown;
}

/** Paging settings. */
export interface PagingOptions {
  take: number;
  format: InfraFormat;
  /** Added to every request's error context. */
  context: ErrorContext;
  /**
   * Pages allowed when the API sends no Count (with a Count, Skip reaches it after at most Count
   * pages). (Default: 10000)
   */
  maxPages?: number;
}

/** Reads all pages of one group; `query` holds every parameter but Skip and Take. */
export async function fetchDeviceGroupItems(
  getter: ApiGetter,
  query: DeviceGroupQuery,
  options: PagingOptions,
): Promise<DeviceGroupListing> {
  const { take, format } = options;
  if (!Number.isInteger(take) || take < 1)
    throw new RangeError(`Take must be a positive integer, got ${take}`);
  const listing: DeviceGroupListing = {
    status: undefined,
    count: undefined,
    items: [],
    pages: 0,
    complete: true,
    body: undefined,
  };
  let skip = 0;
  let previous: string | undefined;
  for (;;) {
    const page = await getDeviceGroupPage(getter, { ...query, Skip: skip, Take: take }, format, {
      ...options.context,
      skip,
    });
    listing.pages++;
    if (listing.pages === 1) {
      listing.status = page.status;
      listing.count = page.count;
      listing.body = page.body;
    } else if (page.count !== listing.count) {
      listing.complete = false;
    }
    if (page.items.length === 0) {
      if (listing.count !== undefined && skip < listing.count) listing.complete = false;
      return listing;
    }
    const signature = JSON.stringify(page.items);
    if (signature === previous) {
      throw new ResponseFormatError(
        `infra DeviceGroupData: the page at Skip=${skip} repeats the previous page (Skip ignored?)`,
        {
          retriable: false,
          context: { ...options.context, skip },
        },
      );
    }
    previous = signature;
    listing.items.push(...page.items);
    skip += page.items.length;
    const done = listing.count !== undefined ? skip >= listing.count : page.items.length < take;
    if (done) return listing;
    const cap = options.maxPages ?? 10_000;
    if (listing.pages >= cap) {
      throw new ResponseFormatError(`infra DeviceGroupData: no end after ${cap} full pages and no Count`, {
        retriable: false,
        context: { ...options.context, skip },
      });
    }
  }
}
