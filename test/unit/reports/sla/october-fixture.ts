/**
 * A small hand-made account for October 2025 in Europe/Amsterdam (745 hours = 44,700 minutes,
 * from 2025-09-30T22:00Z to 2025-10-31T23:00Z). Every expected figure in the tests is worked out
 * by hand from the rows below; the arithmetic is in the test comments.
 */
import { monthPeriod } from '../../../../src/time/periods.ts';
import type {
  ReportIncident,
  ReportMaintenance,
  ReportMonitor,
  ReportStatisticsBucket,
  SlaReportInput,
  IncidentReportInput,
} from '../../../../src/reports/queries/report-input.ts';

export const ZONE = 'Europe/Amsterdam';
export const october = monthPeriod('2025-10', ZONE);
export const september = monthPeriod('2025-09', ZONE);

const at = (iso: string): Date => new Date(iso);

export function monitor(
  guid: string,
  name: string,
  groups: string[],
  created: string | null = null,
): ReportMonitor {
  return {
    monitor_guid: guid,
    name,
    monitor_type: 'Https',
    check_interval_seconds: 300,
    created_at: created === null ? null : at(created),
    deleted_at: null,
    groups,
  };
}

export function incident(
  guid: string,
  key: string,
  start: string,
  end: string | null,
  text = 'Timeout',
): ReportIncident {
  return {
    monitor_guid: guid,
    incident_key: key,
    started_at: at(start),
    ended_at: end === null ? null : at(end),
    alert_count: 2,
    reminder_count: 0,
    first_error_description: text,
    first_error_check_id: 1000,
    last_check_id: 1010,
  };
}

export function maintenance(
  guid: string,
  type: ReportMaintenance['maintenance_type'],
  start: string,
  end: string,
): ReportMaintenance {
  return { monitor_guid: guid, maintenance_type: type, start_at: at(start), end_at: at(end) };
}

export function bucket(
  guid: string,
  start: string,
  end: string,
  up: number,
  down: number,
  target: number | null,
): ReportStatisticsBucket {
  return {
    monitor_guid: guid,
    bucket_start_at: at(start),
    bucket_end_at: at(end),
    uptime_seconds: up,
    downtime_seconds: down,
    sla_target: target,
    checks: 288,
    confirmed_errors: down > 0 ? 1 : 0,
  };
}

export const A = 'aaaaaaaa-0000-0000-0000-000000000001';
export const B = 'bbbbbbbb-0000-0000-0000-000000000002';
export const C = 'cccccccc-0000-0000-0000-000000000003';
export const G1 = '11111111-0000-0000-0000-000000000001';
export const G2 = '22222222-0000-0000-0000-000000000002';
export const ALL = '99999999-0000-0000-0000-000000000009';

/** The fixture; `now` is after the period unless a test says otherwise. */
export function octoberInput(): SlaReportInput {
  return {
    period: october,
    previousPeriod: september,
    scope: 'All monitors',
    generatedAt: at('2025-11-05T06:00:00Z'),
    dataAsOf: at('2025-11-05T05:00:00Z'),
    monitors: [
      monitor(A, 'Web A', [G1, ALL]),
      // Created at local midnight of 17 October (CEST, UTC+2).
      monitor(B, 'API B', [G1, ALL], '2025-10-16T22:00:00Z'),
      monitor(C, 'DNS C', [G2, ALL]),
    ],
    groups: [
      { monitor_group_guid: G1, description: 'Shop', is_all: false, members: [A, B] },
      { monitor_group_guid: G2, description: 'Infra', is_all: false, members: [C] },
      { monitor_group_guid: ALL, description: 'All monitors', is_all: true, members: [A, B, C] },
    ],
    incidents: [
      // Crosses the period start: 20 min in September, 20 min in October.
      incident(A, 'a1', '2025-09-30T21:40:00Z', '2025-09-30T22:20:00Z'),
      // Two overlapping incidents (two alert definitions): union 08:00-09:30 = 90 min.
      incident(A, 'a2', '2025-10-10T08:00:00Z', '2025-10-10T09:00:00Z'),
      incident(A, 'a3', '2025-10-10T08:30:00Z', '2025-10-10T09:30:00Z', '=cmd|"/c calc"!A1'),
      // Inside DisableNotifications maintenance: still downtime.
      incident(A, 'a4', '2025-10-12T10:15:00Z', '2025-10-12T10:45:00Z'),
      // September only.
      incident(A, 'a0', '2025-09-15T10:00:00Z', '2025-09-15T10:30:00Z'),
      // Ongoing: no Ok alert yet.
      incident(B, 'b1', '2025-10-31T20:00:00Z', null),
      // On the 25-hour day (26 October local).
      incident(C, 'c1', '2025-10-26T12:00:00Z', '2025-10-26T12:15:00Z'),
    ],
    maintenance: [
      maintenance(A, 'DisableMonitoring', '2025-10-10T09:15:00Z', '2025-10-10T09:45:00Z'),
      maintenance(A, 'DisableNotifications', '2025-10-12T10:00:00Z', '2025-10-12T11:00:00Z'),
    ],
    statistics: [
      bucket(C, '2025-09-01T22:00:00Z', '2025-09-02T22:00:00Z', 0, 86_400, null),
      bucket(C, '2025-10-01T22:00:00Z', '2025-10-02T22:00:00Z', 86_000, 400, 99.9),
      bucket(C, '2025-10-02T22:00:00Z', '2025-10-03T22:00:00Z', 86_400, 0, 99.95),
    ],
    slaDefinitions: [
      {
        sla_guid: 'sla-shop',
        description: 'Shop SLA',
        uptime_error_threshold: 99.5,
        uptime_warning_threshold: 99.9,
      },
      {
        sla_guid: 'sla-gold',
        description: 'Gold',
        uptime_error_threshold: 99.8,
        uptime_warning_threshold: 99.95,
      },
    ],
    groupSla: new Map([[G1, 'sla-shop']]),
    defaultTarget: { desired: 99 },
    trendMonths: [september, october],
  };
}

/** Clock after the period: everything in October has happened. */
export const afterPeriod = (): Date => new Date('2025-11-05T06:00:00Z');

/** The same account as the incident report's input, with no raw alerts. */
export function octoberIncidentInput(): IncidentReportInput {
  const sla = octoberInput();
  return {
    period: sla.period,
    previousPeriod: sla.previousPeriod,
    monitors: sla.monitors,
    groups: sla.groups,
    incidents: sla.incidents,
    maintenance: sla.maintenance,
    generatedAt: sla.generatedAt,
    dataAsOf: sla.dataAsOf,
    scope: sla.scope,
    rawAlerts: async function* () {},
  };
}
