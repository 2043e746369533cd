/**
 * The in-memory shape of a simulated account: configuration objects (small, plain JSON) and the
 * check timeline (large, columnar typed arrays). Everything served is derived from this at request
 * time, so alerts, statistics and ground truth cannot disagree.
 *
 * Times are Unix seconds (integers) in Float64Arrays: exact, compact, and fast to binary-search.
 */
import type { IanaZone } from '../terms.ts';
import type { MaintenancePeriodDefinition } from '../transform/expand-maintenance-periods.ts';
import type { InfraData } from './generate/generate-infra.ts';
import type { SimulatorProfile, SimulatorScenario } from './simulator-limits.ts';

/** Resolved generation options (every default applied). */
export interface DatasetOptions {
  seed: number;
  monitors: number;
  days: number;
  now: Date;
  /** Days of timeline generated after `now`, so moving the clock forward reveals new data. (Default: 14) */
  futureDays: number;
  /** Uptrends time zone id of the account (src/simulator/data/timezones.ts). (Default: 80, Amsterdam) */
  timezoneId?: number;
  /** A scripted story added to the account (generate/scenario-early-warning.ts). (Default: none) */
  scenario?: SimulatorScenario | undefined;
  /** How often and how long monitors fail (simulator-limits.ts). (Default: failure-heavy) */
  profile?: SimulatorProfile | undefined;
}

/** One monitor: its wire configuration plus what the timeline generator needs. */
export interface SimMonitor {
  index: number;
  guid: string;
  name: string;
  type: string;
  mode: 'Production' | 'Staging' | 'Development';
  isActive: boolean;
  intervalSec: number;
  /** Offset of the check grid: checks run at phaseSec + k * intervalSec. */
  phaseSec: number;
  /** Delay of the immediate re-check after an error (always under a minute, never on the grid). */
  recheckSec: number;
  /** Checks exist in [lifeStartSec, lifeEndSec): from creation (or history start) until deactivation. */
  lifeStartSec: number;
  lifeEndSec: number;
  /** Index into Dataset.slas, or -1 when no SLA applies to this monitor's statistics. */
  slaIndex: number;
  maintenance: MaintenancePeriodDefinition[];
  /** DisableMonitoring occurrences, merged, flattened [start0, end0, start1, end1, ...]. */
  pause: Float64Array;
  /** DisableNotifications occurrences, merged and flattened like `pause`. */
  quiet: Float64Array;
  /** The monitor as `/Monitor` serves it. */
  wire: Record<string, unknown>;
}

/** Credit counts of one monitor group (quota and the counters served as Used*Quota). */
export interface QuotaCounters {
  basic: number;
  browser: number;
  transaction: number;
  api: number;
  classic: number;
}

/** One monitor group. */
export interface SimGroup {
  index: number;
  guid: string;
  description: string;
  isAll: boolean;
  /** Monitor indices, ascending. */
  members: Uint32Array;
  slaIndex: number;
  isQuotaUnlimited: boolean;
  quota: QuotaCounters;
}

/** One SLA definition with its exclusion periods (wire objects). */
export interface SimSla {
  guid: string;
  wire: Record<string, unknown>;
  exclusions: Record<string, unknown>[];
}

/** Operators, operator groups (with members) and public status pages, as served. */
export interface SimDirectory {
  operators: Record<string, unknown>[];
  operatorGroups: { wire: Record<string, unknown>; members: string[] }[];
  statusPages: Record<string, unknown>[];
}

/** One alert definition with its members and escalation levels (wire objects, as served). */
export interface SimAlertDefinition {
  guid: string;
  wire: Record<string, unknown>;
  members: { MonitorGuid?: string; MonitorGroupGuid?: string }[];
  levels: {
    wire: Record<string, unknown>;
    members: { OperatorGuid?: string; OperatorGroupGuid?: string }[];
    integrations: Record<string, unknown>[];
  }[];
}

/**
 * The check timeline of every monitor. Incidents, blips (unconfirmed errors that never confirm) and
 * alerts are grouped by monitor (offset arrays of length monitors + 1) and sorted by time within one.
 */
export interface Timeline {
  /** First error check of each incident (an unconfirmed error on the check grid). */
  incStart: Float64Array;
  /** The first OK check after the incident (on the grid): downtime is [start, end). */
  incEnd: Float64Array;
  incMonitor: Uint32Array;
  /** Index into Dataset.descriptions. */
  incDesc: Uint16Array;
  /** Index into Dataset.errorMessages, or -1 for none. */
  incMsg: Int16Array;
  monIncOffset: Uint32Array;
  /** Grid check times of unconfirmed errors whose re-check was OK. */
  blipTime: Float64Array;
  monBlipOffset: Uint32Array;
  /** Alerts: time, incident, kind (0 Error, 1 Reminder, 2 Ok). */
  alertTime: Float64Array;
  alertInc: Uint32Array;
  alertKind: Uint8Array;
  monAlertOffset: Uint32Array;
}

/** A complete simulated account. */
export interface Dataset {
  options: DatasetOptions;
  accountId: string;
  zone: IanaZone;
  timezoneId: number;
  historyStartSec: number;
  horizonEndSec: number;
  reminderIntervalSec: number;
  monitors: SimMonitor[];
  groups: SimGroup[];
  slas: SimSla[];
  directory: SimDirectory;
  alertDefinitions: SimAlertDefinition[];
  descriptions: string[];
  errorMessages: string[];
  timeline: Timeline;
  infra: InfraData;
}

/** Alert kinds as stored in Timeline.alertKind. */
export const ALERT_KINDS = ['Error', 'Reminder', 'Ok'] as const;

/** A monitor check id for a check of `monitorIndex` at `timeSec`: int64-like, increasing with time. */
export function checkIdAt(monitorIndex: number, timeSec: number): number {
  return (timeSec - 1_400_000_000) * 100_000 + monitorIndex;
}
