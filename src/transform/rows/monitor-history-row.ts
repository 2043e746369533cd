/**
 * `uptrends.monitor_history` row: one version of a monitor's configuration. The loader opens a
 * version when a monitor's config_hash differs from its open version (closing that one with
 * valid_to = the new valid_from); the mapper only shapes the row.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { MonitorRow } from './monitor-row.ts';

/** Columns of `uptrends.monitor_history`. */
export type MonitorHistoryRow = MappedRow<'monitor_history'>;

/**
 * The open version for a monitor row, valid from `validFrom`: the start of the run that first
 * saw this configuration (observation time; LastModifiedDate is kept beside it because older
 * monitors lack it and it moves on saves that change nothing).
 */
export function monitorHistoryRow(row: MonitorRow, validFrom: Date): MonitorHistoryRow {
  return {
    account_id: row.account_id,
    monitor_guid: row.monitor_guid,
    valid_from: validFrom,
    valid_to: null,
    config_hash: row.config_hash,
    name: row.name,
    monitor_type: row.monitor_type,
    monitor_mode: row.monitor_mode,
    is_active: row.is_active,
    generate_alert: row.generate_alert,
    check_interval_seconds: row.check_interval_seconds,
    last_modified_at: row.last_modified_at,
    raw: row.raw,
    run_id: row.run_id,
  };
}
