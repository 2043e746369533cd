/**
 * The SLA report model: every figure the SLA workbook, its CSVs and the mail show, computed once
 * by `buildSlaModel` so renderers only lay out numbers and never compute them.
 */
import type { LocalDate } from '../../terms.ts';
import {
  type ReportGroup,
  type ReportMaintenance,
  type ReportMonitor,
  type ReportSlaDefinition,
} from '../queries/report-input.ts';
import type { SlaTarget } from '../model/sla-status.ts';
import type { AggregateFigures } from './aggregate-figures.ts';
import type { MonitorFigures, UptimeSource } from './monitor-figures.ts';
import { type ReportPeriod } from '../../time/periods.ts';

/** One monitor row of the Monitors sheet. */
export interface SlaMonitorRow {
  readonly monitor: ReportMonitor;
  /** Descriptions of its groups, "All monitors" only when it is in no other group. */
  readonly groupNames: string;
  readonly figures: MonitorFigures;
  /** Headline uptime in the previous period; null when it did not exist or was not monitored. */
  readonly previousUptime: number | null;
}

/** One group row (Summary "groups at a glance" and the Monitor groups sheet). */
export interface SlaGroupRow {
  readonly group: ReportGroup;
  readonly figures: AggregateFigures;
  readonly previous: AggregateFigures;
}

/** What a KPI tile measures, which fixes its unit and number format. */
export type KpiUnit = 'percent' | 'minutes' | 'count';

/** One KPI tile: a figure of the period beside the same figure of the previous period. */
export interface KpiTile {
  readonly key: string;
  readonly label: string;
  readonly unit: KpiUnit;
  readonly current: number | null;
  readonly previous: number | null;
  /** A short second line (target, budget, "n of N"). */
  readonly note: string;
  /** True when a higher value is better (uptime), false when lower is better (downtime). */
  readonly higherIsBetter: boolean;
}

/** One group (or everything in scope) in one trend month. */
export interface TrendRow {
  readonly groupName: string;
  readonly month: string;
  readonly monthLabel: string;
  readonly uptime: number | null;
  readonly uptimeSource: UptimeSource;
  readonly downtimeMs: number;
  readonly incidents: number;
  readonly mttrMs: number | null;
  /** Share of the month's monitored life whose data was read (null: not known); see data-coverage.ts. */
  readonly coverage: number | null;
  readonly complete: boolean;
  readonly noData: boolean;
}

/** One maintenance interval overlapping the period. */
export interface MaintenanceRow {
  readonly monitorName: string;
  readonly maintenance: ReportMaintenance;
  /** The part of the interval inside the period. */
  readonly inPeriodMs: number;
  /** The part excluded from monitored time (DisableMonitoring while the monitor existed). */
  readonly excludedMs: number;
  /** Incident time that fell inside this interval. */
  readonly overlappingIncidentMs: number;
}

/** One distinct target in use, with where it came from. */
export interface TargetRow {
  readonly target: SlaTarget;
  readonly monitorCount: number;
  readonly monitorNames: string;
}

/** An SLA definition of the account and the groups held to it. */
export interface SlaDefinitionRow {
  readonly definition: ReportSlaDefinition;
  readonly groupNames: string;
}

/** Daily device uptime of the Infra API, averaged per device. */
export interface InfraDeviceRow {
  readonly deviceGuid: string;
  readonly deviceName: string;
  readonly values: readonly (number | null)[];
  readonly average: number | null;
}

/** The whole SLA report. */
export interface SlaModel {
  readonly period: ReportPeriod;
  readonly previousPeriod: ReportPeriod;
  /** The end of the elapsed part of the period (period end, or now for a running period). */
  readonly elapsedEnd: Date;
  readonly generatedAt: Date;
  readonly dataAsOf: Date;
  readonly scope: string;
  readonly rulesVersion: string;
  readonly defaultTarget: SlaTarget;
  readonly monitors: readonly SlaMonitorRow[];
  readonly groups: readonly SlaGroupRow[];
  readonly overall: AggregateFigures;
  readonly overallPrevious: AggregateFigures;
  readonly kpis: readonly KpiTile[];
  /** Up to five monitors with the most downtime (any downtime or uptime below 100% only). */
  readonly worst: readonly SlaMonitorRow[];
  readonly daily: {
    readonly days: readonly LocalDate[];
    readonly rows: readonly { readonly row: SlaMonitorRow; readonly values: readonly (number | null)[] }[];
    readonly overall: readonly (number | null)[];
  };
  readonly trend: { readonly months: readonly ReportPeriod[]; readonly rows: readonly TrendRow[] };
  readonly maintenance: readonly MaintenanceRow[];
  readonly targets: readonly TargetRow[];
  readonly slaDefinitions: readonly SlaDefinitionRow[];
  readonly infra: { readonly days: readonly LocalDate[]; readonly rows: readonly InfraDeviceRow[] } | null;
}
