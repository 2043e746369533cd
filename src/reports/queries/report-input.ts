/**
 * The plain input of both reports: what a report's `query.ts` reads from the warehouse (schema
 * `uptrends`) and hands to the pure models. Instants are UTC `Date`s, account-local calendar dates
 * are `yyyy-MM-dd` strings, percentages are on the API's 0-100 scale. Keeping the reports on these
 * types (not on Kysely rows) lets the models be tested without a database and the query layer be
 * written or replaced independently.
 */
import type { CoveredRanges } from '../model/data-coverage.ts';
import type { LocalDate } from '../../terms.ts';
import type { ReportPeriod } from '../../time/periods.ts';

/** One monitor (`uptrends.monitor`). */
export interface ReportMonitor {
  readonly monitor_guid: string;
  readonly name: string;
  readonly monitor_type: string;
  readonly check_interval_seconds: number | null;
  /** When the monitor started to exist; null when unknown (then it counts from the period start). */
  readonly created_at: Date | null;
  /** When the monitor was deleted; null while it exists. */
  readonly deleted_at: Date | null;
  /** Guids of the monitor groups it belongs to. */
  readonly groups: readonly string[];
}

/** One monitor group (`uptrends.monitor_group`) with its member monitor guids. */
export interface ReportGroup {
  readonly monitor_group_guid: string;
  readonly description: string;
  /** The built-in "All monitors" group. */
  readonly is_all: boolean;
  readonly members: readonly string[];
}

/** One incident: the alerts of one monitor sharing an IncidentKey (`uptrends.incident`). */
export interface ReportIncident {
  readonly monitor_guid: string;
  readonly incident_key: string;
  /** Earliest FirstError of the incident. */
  readonly started_at: Date;
  /** Timestamp of the Ok alert; null while the incident is ongoing. */
  readonly ended_at: Date | null;
  readonly alert_count: number;
  readonly reminder_count: number;
  readonly first_error_description: string | null;
  readonly first_error_check_id: number | null;
  readonly last_check_id: number | null;
}

/** What the SLA figures read of an incident: whose it is and when it ran. */
export type ReportIncidentSpan = Pick<ReportIncident, 'monitor_guid' | 'started_at' | 'ended_at'>;

/** Maintenance types of API v4; only `DisableMonitoring` excuses downtime (Uptrends' rule). */
export type MaintenanceType = 'DisableMonitoring' | 'DisableNotifications';

/** One maintenance interval, recurring schedules already expanded in the account zone. */
export interface ReportMaintenance {
  readonly monitor_guid: string;
  readonly maintenance_type: MaintenanceType;
  readonly start_at: Date;
  readonly end_at: Date;
}

/** One Statistics API bucket of one monitor (`uptrends.monitor_statistics`). */
export interface ReportStatisticsBucket {
  readonly monitor_guid: string;
  readonly bucket_start_at: Date;
  readonly bucket_end_at: Date;
  readonly uptime_seconds: number;
  readonly downtime_seconds: number;
  /** SlaTarget in percent when the service reported one for this bucket. */
  readonly sla_target: number | null;
  readonly checks: number;
  readonly confirmed_errors: number;
}

/** One SLA definition (`uptrends.sla`), thresholds in percent. */
export interface ReportSlaDefinition {
  readonly sla_guid: string;
  readonly description: string;
  /** Below this the SLA is missed. */
  readonly uptime_error_threshold: number;
  /** At or above this the SLA is met; between the two it is at risk. */
  readonly uptime_warning_threshold: number;
}

/** A target that applies when neither statistics nor a group SLA gives one. */
export interface DefaultSlaTarget {
  /** Desired uptime in percent (Met at or above). */
  readonly desired: number;
  /** Error threshold in percent (Missed below). (Default: equal to `desired`, so no "At risk" band.) */
  readonly error?: number;
  /** Applies to every monitor and group, over statistics and group SLAs (a subscription's sla_target). */
  readonly overrides?: boolean;
}

/** Daily uptime of one Infra device, when the Infra API is in use. */
export interface ReportInfraDeviceDay {
  readonly device_guid: string;
  readonly device_name: string;
  readonly date: LocalDate;
  readonly uptime_percent: number | null;
}

/** One raw alert (`uptrends.alert`), streamed into the incident workbook or a CSV. */
export interface ReportRawAlert {
  readonly monitor_guid: string;
  readonly alert_type: 'Error' | 'Ok' | 'Reminder';
  readonly timestamp: Date;
  readonly first_error: Date;
  readonly incident_key: string | null;
  readonly error_description: string | null;
  readonly error_message: string | null;
  readonly monitor_check_id: number | null;
  readonly first_error_monitor_check_id: number | null;
}

/** What both reports share besides the incidents: scope, period and provenance. */
export interface CommonReportFrame {
  readonly period: ReportPeriod;
  readonly previousPeriod: ReportPeriod;
  /** Monitors in scope (already filtered by the requested monitor groups). */
  readonly monitors: readonly ReportMonitor[];
  readonly groups: readonly ReportGroup[];
  readonly maintenance: readonly ReportMaintenance[];
  /** When the report was generated (shown in the title block). */
  readonly generatedAt: Date;
  /** The end of the last completed sync window: data after it may be missing. */
  readonly dataAsOf: Date;
  /** Human description of the scope, e.g. `All monitors` or the requested group names. */
  readonly scope: string;
  /**
   * Per monitor, the time whose alerts and statistics were read (src/load/coverage.ts), over the
   * whole range the report looks at. Absent only in hand-built input, where coverage is not judged.
   */
  readonly coverage?: ReadonlyMap<string, CoveredRanges>;
}

/** What both reports share: scope, period, provenance and incidents. */
export interface CommonReportInput extends CommonReportFrame {
  /** Incidents that may touch the period, the previous period or (SLA) the trend months. */
  readonly incidents: readonly ReportIncident[];
}

/** The SLA report's input apart from the per-monitor facts (incidents and statistics). */
export interface SlaReportFrame extends CommonReportFrame {
  readonly slaDefinitions: readonly ReportSlaDefinition[];
  /** monitor_group_guid -> sla_guid, where the account has said which SLA a group is held to. */
  readonly groupSla: ReadonlyMap<string, string>;
  readonly defaultTarget: DefaultSlaTarget;
  /** The calendar months of the Trend sheet, oldest first (usually 12, the last is the period's). */
  readonly trendMonths: readonly ReportPeriod[];
  /** Daily device uptime of the Infra API; absent or empty when Infra is not in use. */
  readonly infraDeviceDays?: readonly ReportInfraDeviceDay[];
}

/** Input of the SLA report. Data arrays cover the trend months, the previous and the current period. */
export interface SlaReportInput extends SlaReportFrame, CommonReportInput {
  readonly statistics: readonly ReportStatisticsBucket[];
}

/**
 * One monitor's incidents and statistics buckets as columns of numbers, each in the order of its
 * rows: incident start and end (epoch ms; NaN end while ongoing), bucket start and end (epoch ms),
 * counters, and the bucket's SlaTarget (NaN when it has none). The same facts as the rows of
 * `SlaReportInput`, in the form the figures are computed from.
 */
export interface MonitorFactColumns {
  readonly incidentStart: Float64Array;
  readonly incidentEnd: Float64Array;
  readonly bucketStart: Float64Array;
  readonly bucketEnd: Float64Array;
  readonly uptimeSeconds: Float64Array;
  readonly downtimeSeconds: Float64Array;
  readonly slaTarget: Float64Array;
  readonly checks: Float64Array;
  readonly confirmedErrors: Float64Array;
}

/**
 * The incidents and statistics of some monitors of the SLA report, over the same range as
 * `SlaReportInput`'s. Every monitor listed has all its facts in this batch and in no other; one
 * without incidents and buckets may be left out of `facts`.
 */
export interface SlaFactsBatch {
  readonly monitorGuids: readonly string[];
  readonly facts: ReadonlyMap<string, MonitorFactColumns>;
}

/**
 * The SLA input with its facts read a batch of monitors at a time, as columns. A year of 1,000
 * monitors is about 400,000 incidents and 350,000 statistics buckets: as rows, 1.5 million Dates
 * of about 110 bytes each, most of the report's memory and time. `facts` returns a fresh iterable.
 */
export interface StreamedSlaReportInput extends SlaReportFrame {
  readonly facts: () => AsyncIterable<SlaFactsBatch>;
}

/** Input of the incident report. */
export interface IncidentReportInput extends CommonReportInput {
  /**
   * The raw alerts of the period, oldest first. A function, not an iterable, because the workbook
   * and the CSV each read it once and a year of alerts must be streamed, never held in memory.
   */
  readonly rawAlerts: () => AsyncIterable<ReportRawAlert>;
}
