/**
 * Configuration routes: plain arrays and objects, no envelope, no paging. Removed monitors vanish
 * from every list. Unknown GUIDs answer 404 with a MessageList, malformed ones 400.
 */
import { findZoneTransitions, localMidnight, utcToLocal } from '../sim-calendar.ts';
import { SIMULATED_TIMEZONES, type SimulatedTimezone } from '../data/timezones.ts';
import { quotaOnDay } from '../generate/generate-groups.ts';
import type { SimulatorState } from '../simulator-state.ts';
import type { QueryParams } from './parse-period-params.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';
import { isGuid } from '../../guid.ts';

function filtered(wire: Record<string, unknown>, q: QueryParams): Record<string, unknown> {
  const filter = q.get('filter');
  if (filter === undefined || filter.trim() === '') return wire;
  const wanted = new Set(filter.split(',').map((f) => f.trim().toLowerCase()));
  return Object.fromEntries(Object.entries(wire).filter(([k]) => wanted.has(k.toLowerCase())));
}

function liveMonitors(state: SimulatorState, members?: Uint32Array): Record<string, unknown>[] {
  const list = members === undefined ? state.ds.monitors : [...members].map((i) => state.ds.monitors[i]!);
  return list.filter((m) => !state.removed.has(m.index)).map((m) => m.wire);
}

/** Resolves a GUID path parameter to an index, or the 400/404 to answer. */
function lookup(guid: string, find: (g: string) => number | undefined, what: string): number | RouteResult {
  if (!isGuid(guid)) return messageList(400, `The value '${guid}' is not valid.`);
  const i = find(guid);
  return i === undefined ? messageList(404, `The specified ${what} does not exist.`) : i;
}

function groupWire(state: SimulatorState, index: number): Record<string, unknown> {
  const g = state.ds.groups[index]!;
  const today = utcToLocal(new Date(state.nowMs), state.ds.zone).slice(0, 10);
  const used = quotaOnDay(state.ds.options.seed, g, state.ds.monitors, today);
  return {
    MonitorGroupGuid: g.guid,
    Description: g.description,
    IsAll: g.isAll,
    IsQuotaUnlimited: g.isQuotaUnlimited,
    BasicMonitorQuota: g.quota.basic,
    BrowserMonitorQuota: g.quota.browser,
    TransactionMonitorQuota: g.quota.transaction,
    ApiMonitorQuota: g.quota.api,
    ClassicQuota: g.quota.classic,
    UsedBasicMonitorQuota: used.basic,
    UsedBrowserMonitorQuota: used.browser,
    UsedTransactionMonitorQuota: used.transaction,
    UsedApiMonitorQuota: used.api,
    UsedClassicQuota: used.classic,
  };
}

/** A Timezone record with the 2023-spec DST dates of the clock's year (local wall-clock texts). */
export function timezoneWire(tz: SimulatedTimezone, nowMs: number): Record<string, unknown> {
  const { iana, ...wire } = tz;
  if (!tz.HasDaylightSaving) return wire;
  const year = Number(utcToLocal(new Date(nowMs), iana).slice(0, 4));
  const from = localMidnight(`${year}-01-01`, iana).getTime();
  const to = localMidnight(`${year + 1}-01-01`, iana).getTime();
  const out: Record<string, unknown> = { ...wire };
  for (const t of findZoneTransitions(iana, from, to)) {
    // Written as the wall clock just before the change, the way DST rules are usually stated (02:00 -> 03:00).
    const local = new Date(t.atMs + t.offsetBeforeMs).toISOString().slice(0, 19);
    out[t.offsetAfterMs > t.offsetBeforeMs ? 'DaylightSavingStart' : 'DaylightSavingEnd'] = local;
  }
  return out;
}

const route = (template: string, handle: Route['handle']): Route => ({ area: 'api', template, handle });

/** Every configuration route. */
export const CONFIG_ROUTES: readonly Route[] = [
  route('/Account', (s) =>
    ok({
      AccountId: s.ds.accountId,
      ExpirationDate: utcToLocal(new Date(s.ds.horizonEndSec * 1000 + 365 * 86_400_000), s.ds.zone),
      MonitorQuota: {
        BasicMonitors: 1000,
        BasicMonitorsInUse: s.ds.monitors.length - s.removed.size,
        BrowserMonitors: 100,
        BrowserMonitorsInUse: 0,
        Monitors: 2000,
        MonitorsInUse: s.ds.monitors.length - s.removed.size,
      },
      OperatorQuota: { Operators: 25, OperatorsInUse: s.ds.directory.operators.length },
      RemainingMessageCredits: 480,
    }),
  ),
  route('/Account/Settings', (s) => ok({ TimezoneId: s.ds.timezoneId })),
  route('/Timezone', (s) => ok(SIMULATED_TIMEZONES.map((tz) => timezoneWire(tz, s.nowMs)))),
  route('/Timezone/{timezoneId}', (s, [id]) => {
    const tz = SIMULATED_TIMEZONES.find((z) => String(z.TimezoneId) === id);
    if (!/^\d+$/.test(id ?? '')) return messageList(400, `The value '${id}' is not valid.`);
    return tz === undefined
      ? messageList(404, 'The specified time zone does not exist.')
      : ok(timezoneWire(tz, s.nowMs));
  }),
  route('/Monitor', (s, _p, q) => ok(liveMonitors(s).map((w) => filtered(w, q)))),
  route('/Monitor/{monitorGuid}', (s, [g], q) => {
    const i = lookup(g!, (x) => s.monitor(x), 'monitor');
    return typeof i === 'number' ? ok(filtered(s.ds.monitors[i]!.wire, q)) : i;
  }),
  route('/Monitor/{monitorGuid}/MonitorGroup', (s, [g]) => {
    const i = lookup(g!, (x) => s.monitor(x), 'monitor');
    if (typeof i !== 'number') return i;
    return ok(s.ds.groups.filter((gr) => gr.members.includes(i)).map((gr) => gr.guid));
  }),
  route('/Monitor/MonitorGroup/{monitorGroupGuid}', (s, [g], q) => {
    const i = lookup(g!, (x) => s.groupByGuid.get(x.toLowerCase()), 'monitor group');
    return typeof i === 'number'
      ? ok(liveMonitors(s, s.ds.groups[i]!.members).map((w) => filtered(w, q)))
      : i;
  }),
  route('/Monitor/{monitorGuid}/MaintenancePeriod', (s, [g]) => {
    const i = lookup(g!, (x) => s.monitor(x), 'monitor');
    return typeof i === 'number' ? ok(s.ds.monitors[i]!.maintenance) : i;
  }),
  route('/MonitorGroup', (s) => ok(s.ds.groups.map((g) => groupWire(s, g.index)))),
  route('/MonitorGroup/{monitorGroupGuid}', (s, [g]) => {
    const i = lookup(g!, (x) => s.groupByGuid.get(x.toLowerCase()), 'monitor group');
    return typeof i === 'number' ? ok(groupWire(s, i)) : i;
  }),
  ...['Member', 'Members'].map((suffix) =>
    route(`/MonitorGroup/{monitorGroupGuid}/${suffix}`, (s, [g]) => {
      const i = lookup(g!, (x) => s.groupByGuid.get(x.toLowerCase()), 'monitor group');
      if (typeof i !== 'number') return i;
      return ok(
        [...s.ds.groups[i]!.members]
          .filter((m) => !s.removed.has(m))
          .map((m) => ({ MonitorGuid: s.ds.monitors[m]!.guid })),
      );
    }),
  ),
];
