/**
 * Infra API v1: `/v1/account` and `/v1/DeviceGroupData` with every parameter of the spec. Nothing
 * public shows real Infra responses, so shapes follow the spec's field lists; XML is offered when
 * the Accept header asks for it (element names are our assumption, see docs/simulator.md).
 */
import { isLocalDate, localDay, localMidnight, resolvePresetPeriod } from '../sim-calendar.ts';
import { PRESET_PERIODS } from '../../terms.ts';
import {
  deviceStatus,
  deviceUptime,
  feedValue,
  statusRank,
  subtreeDevices,
  worstStatus,
  type InfraStatus,
} from '../infra-model.ts';
import type { SimulatorState } from '../simulator-state.ts';
import type { QueryParams } from './parse-period-params.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';

/** Period literals the Infra API accepts (no quarters, no 2/6/12-hour periods). */
export const INFRA_PERIODS = PRESET_PERIODS.filter((p) => !/Quarter|^Last(2|6|12)Hours$/.test(p));

function pick<T extends string>(
  q: QueryParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T | undefined {
  const v = q.get(name);
  if (v === undefined || v === '') return fallback;
  return allowed.find((a) => a.toLowerCase() === v.toLowerCase());
}

/** The Infra period as [start, end) seconds; a custom `yyyymmdd-yyyymmdd` range includes its last day. */
export function infraPeriod(
  text: string | undefined,
  nowMs: number,
  zone: string,
): [number, number] | undefined {
  const literal = text === undefined || text === '' ? 'Last24Hours' : text;
  const custom = /^(\d{4})(\d{2})(\d{2})-(\d{4})(\d{2})(\d{2})$/.exec(literal);
  if (custom !== null) {
    const first = `${custom[1]}-${custom[2]}-${custom[3]}`;
    const last = `${custom[4]}-${custom[5]}-${custom[6]}`;
    if (!isLocalDate(first) || !isLocalDate(last) || last < first) return undefined;
    return [localMidnight(first, zone).getTime() / 1000, localDay(last, zone).end.getTime() / 1000];
  }
  const known = INFRA_PERIODS.find((p) => p.toLowerCase() === literal.toLowerCase());
  if (known === undefined) return undefined;
  const r = resolvePresetPeriod(known, new Date(nowMs), zone);
  return [Math.floor(r.start.getTime() / 1000), Math.ceil(r.end.getTime() / 1000)];
}

function deviceGroupData(s: SimulatorState, q: QueryParams): RouteResult {
  const infra = s.ds.infra;
  const groupText = q.get('devicegroup');
  const groupId =
    groupText === undefined || groupText === ''
      ? infra.rootGroupId
      : /^\d+$/.test(groupText)
        ? Number(groupText)
        : Number.NaN;
  if (Number.isNaN(groupId))
    return messageList(400, `The value '${groupText}' is not valid for DeviceGroup.`);
  const group = infra.groups.find((g) => g.id === groupId);
  if (group === undefined) return messageList(404, 'The specified device group does not exist.');
  const detail = pick(q, 'showdetailinfo', ['True', 'False'], 'True');
  const sort = pick(q, 'sortorder', ['ByStatus', 'Alphabetical'], 'ByStatus');
  const statusFilter = pick(q, 'statusfilter', ['All', 'Errors', 'ErrorsAndWarnings', 'NoData'], 'All');
  const groupFilter = pick(q, 'groupfilter', ['All', 'GroupsOnly', 'ItemsOnly'], 'ItemsOnly');
  const skip = Number(q.get('skip') ?? '0');
  const take = Number(q.get('take') ?? '10');
  const period = infraPeriod(q.get('period'), s.nowMs, s.ds.zone);
  if (detail === undefined || sort === undefined || statusFilter === undefined || groupFilter === undefined)
    return messageList(
      400,
      'One of ShowDetailInfo, SortOrder, StatusFilter or GroupFilter has an invalid value.',
    );
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(take) || take < 0)
    return messageList(400, 'Skip and Take must be non-negative integers.');
  if (period === undefined)
    return messageList(400, `The value '${q.get('period')}' is not valid for Period.`);
  const [a, b] = period;
  const seed = s.ds.options.seed;
  const now = s.nowSec;

  type Item = {
    Id: number;
    Name: string;
    Type: 'Device' | 'Group';
    Status: InfraStatus;
    Uptime: number;
    FriendlyUptime: string;
    DataFeeds: unknown[];
  };
  const friendly = (u: number, noData: boolean): string => (noData ? 'No data' : `${u.toFixed(2)}%`);
  const devices: Item[] = group.deviceIds.map((id) => {
    const d = infra.devices.find((x) => x.id === id)!;
    const uptime = deviceUptime(d, a, b, now);
    const status = deviceStatus(seed, d, now);
    const feeds =
      detail === 'True' && !d.noData
        ? d.feeds.slice(0, 2).map((f) => {
            const v = feedValue(seed, d, f, now);
            const fs: InfraStatus = status === 'Error' ? 'Error' : v > f.warnAbove ? 'Warning' : 'OK';
            return {
              Id: f.id,
              Name: f.name,
              Type: f.type,
              Status: fs,
              Value: v.toFixed(2),
              FriendlyValue: `${v.toFixed(1)} ${f.unit}`,
            };
          })
        : [];
    return {
      Id: d.id,
      Name: d.name,
      Type: 'Device',
      Status: status,
      Uptime: uptime,
      FriendlyUptime: friendly(uptime, d.noData),
      DataFeeds: feeds,
    };
  });
  const groups: Item[] = group.childGroupIds.map((id) => {
    const g = infra.groups.find((x) => x.id === id)!;
    const members = subtreeDevices(infra, id);
    const withData = members.filter((d) => !d.noData);
    const uptime =
      withData.length === 0
        ? 100
        : Math.round(
            (withData.reduce((acc, d) => acc + deviceUptime(d, a, b, now), 0) / withData.length) * 1000,
          ) / 1000;
    const status = members.reduce<InfraStatus>(
      (acc, d) => worstStatus(acc, deviceStatus(seed, d, now)),
      'OK',
    );
    return {
      Id: g.id,
      Name: g.name,
      Type: 'Group',
      Status: status,
      Uptime: uptime,
      FriendlyUptime: friendly(uptime, false),
      DataFeeds: [],
    };
  });
  const all =
    groupFilter === 'ItemsOnly' ? devices : groupFilter === 'GroupsOnly' ? groups : [...groups, ...devices];
  const overall = [...devices, ...groups].reduce<InfraStatus>((acc, i) => worstStatus(acc, i.Status), 'OK');
  const wanted = all.filter((i) =>
    statusFilter === 'All'
      ? true
      : statusFilter === 'Errors'
        ? i.Status === 'Error'
        : statusFilter === 'NoData'
          ? i.Status === 'Unknown'
          : i.Status === 'Error' || i.Status === 'Warning',
  );
  wanted.sort(
    (x, y) =>
      (sort === 'ByStatus' ? statusRank(x.Status) - statusRank(y.Status) : 0) ||
      x.Name.localeCompare(y.Name) ||
      x.Id - y.Id,
  );
  return ok(
    { Status: overall, Count: wanted.length, Devices: wanted.slice(skip, skip + take) },
    'DeviceGroupData',
  );
}

/** The Infra routes (under the infra base URL). */
export const INFRA_ROUTES: readonly Route[] = [
  {
    area: 'infra',
    template: '/v1/account',
    handle: (s) =>
      ok({ AccountName: s.ds.infra.accountName, UserName: s.credentials.infraUsername }, 'Account'),
  },
  { area: 'infra', template: '/v1/DeviceGroupData', handle: (s, _p, q) => deviceGroupData(s, q) },
];
