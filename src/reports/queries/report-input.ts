/**
 * The plain rows the reports read besides their figures (which come from queries/figures.ts): the
 * scope (monitors and groups), SLA definitions, Infra device days and raw alerts. Instants are UTC
 * `Date`s, account-local calendar dates `yyyy-MM-dd` strings, percentages on the 0-100 scale.
 */
import type { LocalDate } from '../../terms.ts';

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

/** One SLA definition (`uptrends.sla`), thresholds in percent. */
export interface ReportSlaDefinition {
  readonly sla_guid: string;
  readonly description: string;
  /** Below this the SLA is missed. */
  readonly uptime_error_threshold: number;
  /** At or above this the SLA is met; between the two it is at risk. */
  readonly uptime_warning_threshold: number;
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
