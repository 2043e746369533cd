import { type ApiGetter } from '../../../../src/extract/http/api-client.ts';
/**
 * An in-memory Infra API for unit tests: each group id (`''` for the all-devices group) lists raw
 * items; `DeviceGroupData` honours DeviceGroup, GroupFilter, Skip and Take and reports Count.
 * Options bend it the ways a real server might: cap the page size, ignore Skip, change the
 * listing between pages. Every request's query is recorded.
 */

export type Query = Record<string, string | number | boolean | undefined>;

export interface FakeOptions {
  /** Items per page at most, whatever Take asks. */
  maxTake?: number;
  /** Always serve the first page. */
  ignoreSkip?: boolean;
  /** Called before each request; may change `groups` (items added or removed meanwhile). */
  beforeRequest?: (query: Query, groups: Map<string, unknown[]>) => void;
  /** Leave Count out of the answers. */
  omitCount?: boolean;
}

/** A fake getter plus the recorded queries. */
export function fakeInfraGetter(
  groups: Map<string, unknown[]>,
  options: FakeOptions = {},
): ApiGetter & { queries: Query[] } {
  const queries: Query[] = [];
  return {
    queries,
    get<T>(path: string, query: Query = {}) {
      queries.push({ ...query });
      options.beforeRequest?.(query, groups);
      if (path !== '/v1/DeviceGroupData') return Promise.reject(new Error(`unexpected path ${path}`));
      const items = groups.get(String(query.DeviceGroup ?? '')) ?? [];
      const filter = String(query.GroupFilter ?? 'ItemsOnly');
      const type = (i: unknown): unknown => (i as { Type?: unknown }).Type;
      const wanted = items.filter((i) =>
        filter === 'All' ? true : filter === 'GroupsOnly' ? type(i) === 'Group' : type(i) !== 'Group',
      );
      const skip = options.ignoreSkip === true ? 0 : Number(query.Skip ?? 0);
      const take = Math.min(Number(query.Take ?? 10), options.maxTake ?? Number.POSITIVE_INFINITY);
      const body = {
        Status: 'OK',
        ...(options.omitCount === true ? {} : { Count: wanted.length }),
        Devices: wanted.slice(skip, skip + take),
      };
      return Promise.resolve({ status: 200, body: body as T, bytes: 0, url: path });
    },
    stats: () => ({ requests: queries.length, retries: 0, bytesReceived: 0, bytesSent: 0 }),
    close: () => Promise.resolve(),
  };
}

/** A device item as the simulator sends it. */
export function device(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Id: id,
    Name: `dev-${id}`,
    Type: 'Device',
    Status: 'OK',
    Uptime: 100,
    FriendlyUptime: '100.00%',
    DataFeeds: [],
    ...extra,
  };
}

/** A group item. */
export function group(id: number, name = `group-${id}`): Record<string, unknown> {
  return {
    Id: id,
    Name: name,
    Type: 'Group',
    Status: 'OK',
    Uptime: 100,
    FriendlyUptime: '100.00%',
    DataFeeds: [],
  };
}
