/**
 * Reads every item of one device group, paging with `Skip`/`Take` until `Count` is reached.
 * Paging advances by the items actually received, so a server that caps `Take` below what we ask
 * still gets read completely. Guards: a page identical to the previous one (a server ignoring
 * `Skip`) fails loudly instead of looping or loading duplicates; without a `Count` the number of
 * pages is capped;
 * an empty page before `Count` is reached, or a `Count` that changes between pages (devices added
 * or removed meanwhile), ends the group and marks the listing incomplete, so the caller does not
 * treat what is missing as deleted.
 */
import { ResponseFormatError, type ErrorContext } from '../../errors.ts';
import { getDeviceGroupPage, type DeviceGroupQuery } from './get-device-group-page.ts';
import type { InfraFormat } from './infra-stream-options.ts';
import { type ApiGetter } from '../http/api-client.ts';

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
