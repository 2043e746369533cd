/**
 * The dataset's ground truth at the simulator clock: what exists, computed from the same timeline
 * the routes serve, so tests and benchmarks can compare what the pipeline loaded with what is there.
 * Removed monitors are gone from the truth as from the API.
 *
 * Consistency rule (tested): for a monitor and an account-local day, the downtime implied by its
 * alerts (each incident from FirstError to its Ok alert's Timestamp, or to the clock while ongoing,
 * clipped to the day) equals `dailyStatistics(...).downtimeSeconds`, which equals the sum of the
 * Downtime of the `/Statistics` buckets of that day. Unconfirmed errors never count as downtime.
 * The only source of disagreement for a client is the autumn DST hour, whose local timestamps are
 * ambiguous on the wire.
 */
import type { LocalDate } from '../terms.ts';
import { alertKey } from './alert-index.ts';
import { computeMonitorStats } from './compute-monitor-stats.ts';
import { SIMULATED_CHECKPOINT_REGIONS, SIMULATED_CHECKPOINTS } from './data/checkpoints.ts';
import { SIMULATED_TIMEZONES } from './data/timezones.ts';
import { checkIdAt } from './dataset.ts';
import { formatAlert } from './format-alert.ts';
import { quotaOnDay } from './generate/generate-groups.ts';
import { deviceStatus, deviceUptime, type InfraStatus } from './infra-model.ts';
import type { SimulatorState } from './simulator-state.ts';
import { isLocalDate, localDay } from './sim-calendar.ts';

/** A filter over alerts; instants are UTC, the window half-open. */
export interface TruthAlertQuery {
  start?: Date;
  end?: Date;
  includeReminders?: boolean;
  monitorGuids?: string[];
}

/** An alert as served, plus its instant. */
export type TruthAlert = Record<string, unknown> & { timestampUtc: Date };

/** One incident visible at the clock (its Error alert has been raised). */
export interface TruthIncident {
  monitorGuid: string;
  incidentKey: string;
  startUtc: Date;
  /** The Ok alert's instant; null while the incident is ongoing at the clock. */
  endUtc: Date | null;
  /** Error and Ok alerts visible (what IncludeReminders=false returns). */
  alertCount: number;
  reminderCount: number;
  firstErrorDescription: string;
  firstErrorCheckId: number;
}

/** Counters of one monitor and one account-local day. */
export interface DailyStatistics {
  checks: number;
  confirmedErrors: number;
  unconfirmedErrors: number;
  uptimeSeconds: number;
  downtimeSeconds: number;
}

/** Number of configuration objects of each kind. */
export interface TruthCounts {
  monitors: number;
  monitorGroups: number;
  /** Sum of member counts over all groups, All Monitors included. */
  monitorGroupMemberships: number;
  slas: number;
  exclusionPeriods: number;
  maintenancePeriods: number;
  operators: number;
  operatorGroups: number;
  operatorGroupMemberships: number;
  statusPages: number;
  alertDefinitions: number;
  alertDefinitionMembers: number;
  escalationLevels: number;
  escalationLevelMembers: number;
  escalationLevelIntegrations: number;
  timezones: number;
  checkpoints: number;
  checkpointRegions: number;
  infraDevices: number;
  infraGroups: number;
}

/** The Used*Quota values `/MonitorGroup` serves on one account-local day. */
export interface QuotaSnapshot {
  UsedBasicMonitorQuota: number;
  UsedBrowserMonitorQuota: number;
  UsedTransactionMonitorQuota: number;
  UsedApiMonitorQuota: number;
  UsedClassicQuota: number;
}

/** The in-process ground truth (also served under /_sim/truth). */
export interface GroundTruth {
  now(): Date;
  alerts(q?: TruthAlertQuery): TruthAlert[];
  alertCount(q?: TruthAlertQuery): number;
  incidents(): TruthIncident[];
  dailyStatistics(monitorGuid: string, localDate: LocalDate): DailyStatistics;
  counts(): TruthCounts;
  quotaSnapshot(groupGuid: string, localDate: LocalDate): QuotaSnapshot;
  infraDailyUptime(deviceId: number, localDate: LocalDate): { uptimePercentage: number; status: InfraStatus };
  infraDevices(): { id: number; name: string; groupId: number; noData: boolean; feeds: number }[];
}

function dayBounds(localDate: LocalDate, zone: string): [number, number] {
  if (!isLocalDate(localDate)) throw new RangeError(`not a date: ${localDate}`);
  const day = localDay(localDate, zone);
  return [day.start.getTime() / 1000, day.end.getTime() / 1000];
}

/** Builds the ground truth over a simulator's state. */
export function createGroundTruth(s: SimulatorState): GroundTruth {
  const ds = s.ds;
  const monitorsFor = (q: TruthAlertQuery): number[] => {
    const list =
      q.monitorGuids === undefined
        ? ds.monitors.map((m) => m.index)
        : q.monitorGuids.map((g) => s.monitor(g)).filter((i): i is number => i !== undefined);
    return list.filter((i) => !s.removed.has(i));
  };
  const range = (q: TruthAlertQuery, m: number): [Uint32Array, number, number] => {
    const list = s.index.forMonitor(m, q.includeReminders ?? false);
    const startSec = q.start === undefined ? -Infinity : Math.ceil(q.start.getTime() / 1000);
    const endSec = Math.min(q.end === undefined ? Infinity : Math.ceil(q.end.getTime() / 1000), s.nowSec + 1);
    const lo = startSec === -Infinity ? 0 : s.index.lowerBound(list, alertKey(startSec, 0));
    const hi = endSec === Infinity ? list.length : s.index.lowerBound(list, alertKey(endSec, 0));
    return [list, lo, Math.max(lo, hi)];
  };

  return {
    now: () => new Date(s.nowMs),
    alerts(q = {}) {
      const out: { key: number; alert: TruthAlert }[] = [];
      for (const m of monitorsFor(q)) {
        const [list, lo, hi] = range(q, m);
        for (let i = lo; i < hi; i++) {
          const a = list[i]!;
          out.push({
            key: s.index.keyOf(a),
            alert: { ...formatAlert(ds, a), timestampUtc: new Date(ds.timeline.alertTime[a]! * 1000) },
          });
        }
      }
      return out.sort((x, y) => x.key - y.key).map((x) => x.alert);
    },
    alertCount(q = {}) {
      let n = 0;
      for (const m of monitorsFor(q)) {
        const [, lo, hi] = range(q, m);
        n += hi - lo;
      }
      return n;
    },
    incidents() {
      const t = ds.timeline;
      const out: TruthIncident[] = [];
      const now = s.nowSec;
      for (const m of ds.monitors) {
        if (s.removed.has(m.index)) continue;
        for (let i = t.monIncOffset[m.index]!; i < t.monIncOffset[m.index + 1]!; i++) {
          const start = t.incStart[i]!;
          const end = t.incEnd[i]!;
          const confirm = start + m.recheckSec;
          if (confirm > now) break;
          const firstCheckId = checkIdAt(m.index, start);
          out.push({
            monitorGuid: m.guid,
            incidentKey: `${m.guid}-0-${firstCheckId}`,
            startUtc: new Date(start * 1000),
            endUtc: end <= now ? new Date(end * 1000) : null,
            alertCount: end <= now ? 2 : 1,
            reminderCount: Math.max(
              0,
              Math.floor((Math.min(end - 1, now) - confirm) / ds.reminderIntervalSec),
            ),
            firstErrorDescription: ds.descriptions[t.incDesc[i]!]!,
            firstErrorCheckId: firstCheckId,
          });
        }
      }
      return out.sort(
        (a, b) => a.startUtc.getTime() - b.startUtc.getTime() || a.monitorGuid.localeCompare(b.monitorGuid),
      );
    },
    dailyStatistics(monitorGuid, localDate) {
      const i = s.monitor(monitorGuid);
      if (i === undefined) throw new RangeError(`unknown monitor ${monitorGuid}`);
      const [a, b] = dayBounds(localDate, ds.zone);
      const { checks, confirmedErrors, unconfirmedErrors, uptimeSeconds, downtimeSeconds } =
        computeMonitorStats(ds, ds.monitors[i]!, a, b, s.nowSec);
      return { checks, confirmedErrors, unconfirmedErrors, uptimeSeconds, downtimeSeconds };
    },
    counts() {
      const live = (i: number): boolean => !s.removed.has(i);
      return {
        monitors: ds.monitors.filter((m) => live(m.index)).length,
        monitorGroups: ds.groups.length,
        monitorGroupMemberships: ds.groups.reduce((acc, g) => acc + [...g.members].filter(live).length, 0),
        slas: ds.slas.length,
        exclusionPeriods: ds.slas.reduce((acc, x) => acc + x.exclusions.length, 0),
        maintenancePeriods: ds.monitors
          .filter((m) => live(m.index))
          .reduce((acc, m) => acc + m.maintenance.length, 0),
        operators: ds.directory.operators.length,
        operatorGroups: ds.directory.operatorGroups.length,
        operatorGroupMemberships: ds.directory.operatorGroups.reduce((acc, g) => acc + g.members.length, 0),
        statusPages: ds.directory.statusPages.length,
        alertDefinitions: ds.alertDefinitions.length,
        alertDefinitionMembers: ds.alertDefinitions.reduce((acc, d) => acc + d.members.length, 0),
        escalationLevels: ds.alertDefinitions.reduce((acc, d) => acc + d.levels.length, 0),
        escalationLevelMembers: ds.alertDefinitions.reduce(
          (acc, d) => acc + d.levels.reduce((n, l) => n + l.members.length, 0),
          0,
        ),
        escalationLevelIntegrations: ds.alertDefinitions.reduce(
          (acc, d) => acc + d.levels.reduce((n, l) => n + l.integrations.length, 0),
          0,
        ),
        timezones: SIMULATED_TIMEZONES.length,
        checkpoints: SIMULATED_CHECKPOINTS.length,
        checkpointRegions: SIMULATED_CHECKPOINT_REGIONS.length,
        infraDevices: ds.infra.devices.length,
        infraGroups: ds.infra.groups.length,
      };
    },
    quotaSnapshot(groupGuid, localDate) {
      const g = ds.groups[s.groupByGuid.get(groupGuid.toLowerCase()) ?? -1];
      if (g === undefined) throw new RangeError(`unknown group ${groupGuid}`);
      const q = quotaOnDay(ds.options.seed, g, ds.monitors, localDate);
      return {
        UsedBasicMonitorQuota: q.basic,
        UsedBrowserMonitorQuota: q.browser,
        UsedTransactionMonitorQuota: q.transaction,
        UsedApiMonitorQuota: q.api,
        UsedClassicQuota: q.classic,
      };
    },
    infraDailyUptime(deviceId, localDate) {
      const d = ds.infra.devices.find((x) => x.id === deviceId);
      if (d === undefined) throw new RangeError(`unknown device ${deviceId}`);
      const [a, b] = dayBounds(localDate, ds.zone);
      return {
        uptimePercentage: deviceUptime(d, a, b, s.nowSec),
        status: deviceStatus(ds.options.seed, d, s.nowSec),
      };
    },
    infraDevices: () =>
      ds.infra.devices.map((d) => ({
        id: d.id,
        name: d.name,
        groupId: d.groupId,
        noData: d.noData,
        feeds: d.feeds.length,
      })),
  };
}
