/**
 * Rows of the monitor tables: the monitor (deprecated fields mapped, a configuration hash of the
 * redacted record), its configuration versions in monitor_history, and its error conditions.
 */
import type { Monitor } from '../../extract/schemas/monitor.ts';
import type { MappedRow } from '../../load/schema.ts';
import { redactSecrets } from '../../redaction.ts';
import { rawColumn } from '../raw-column.ts';
import { configHash } from '../config-hash.ts';
import { errorConditionsOf } from '../error-conditions-of.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';

/**
 * Top-level fields left out of `config_hash`: the service's own concurrency hash and the
 * modification stamp change on a save that changes nothing.
 */
export const MONITOR_HASH_IGNORED_KEYS: readonly string[] = ['Hash', 'LastModifiedDate'];

/** Columns of `uptrends.monitor` written by the mapper (the loader owns first/last seen, deleted). */
export type MonitorRow = MappedRow<'monitor'>;

/**
 * The check interval in seconds. The API's CheckInterval is MINUTES (the spec's "seconds" is
 * wrong, facts 3.5); the newer CheckIntervalSeconds, when present, is exact and wins.
 */
export function checkIntervalSeconds(monitor: Monitor): number | null {
  if (monitor.CheckIntervalSeconds !== null && monitor.CheckIntervalSeconds !== undefined) {
    return Math.round(monitor.CheckIntervalSeconds);
  }
  if (monitor.CheckInterval !== null && monitor.CheckInterval !== undefined) {
    return Math.round(monitor.CheckInterval * 60);
  }
  return null;
}

/** Maps a parsed monitor; `original` is the record as received, for `raw` (default: parsed). */
export function monitorRow(monitor: Monitor, ctx: RowContext, original?: unknown): MonitorRow {
  const guid = monitor.MonitorGuid.toLowerCase();
  const stream = ctx.stream ?? 'monitor';
  const created = parseLocalTimestamp(monitor.CreatedDate, ctx.zone, {
    stream,
    field: 'CreatedDate',
    recordId: guid,
  });
  const modified = parseLocalTimestamp(monitor.LastModifiedDate, ctx.zone, {
    stream,
    field: 'LastModifiedDate',
    recordId: guid,
  });
  return {
    account_id: ctx.accountId,
    monitor_guid: guid,
    name: monitor.Name ?? null,
    monitor_type: monitor.MonitorType ?? null,
    monitor_mode: monitor.MonitorMode ?? null,
    is_active: monitor.IsActive ?? null,
    generate_alert: monitor.GenerateAlert ?? null,
    is_locked: monitor.IsLocked ?? null,
    check_interval_seconds: checkIntervalSeconds(monitor),
    // A monitored URL may embed basic-auth credentials (user:password@): the typed column must be
    // redacted like raw, or the password lands in the warehouse after all.
    url: monitor.Url === null || monitor.Url === undefined ? null : (redactSecrets(monitor.Url) as string),
    network_address: monitor.NetworkAddress ?? null,
    port: monitor.Port ?? null,
    credits: monitor.Credits ?? null,
    use_concurrent_monitoring: monitor.UseConcurrentMonitoring ?? null,
    api_hash: monitor.Hash ?? null,
    created_at: created?.at ?? null,
    created_at_local: created?.local ?? null,
    last_modified_at: modified?.at ?? null,
    last_modified_at_local: modified?.local ?? null,
    config_hash: configHash(redactSecrets(monitor), MONITOR_HASH_IGNORED_KEYS),
    raw: rawColumn(original ?? monitor),
    run_id: ctx.runId,
  };
}

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

/** Columns of `uptrends.monitor_error_condition` written by the mapper. */
export type MonitorErrorConditionRow = MappedRow<'monitor_error_condition'>;

function numeric(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Maps the conditions of a parsed monitor; occurrence counts from 1 per type. */
export function monitorErrorConditionRows(monitor: Monitor, ctx: RowContext): MonitorErrorConditionRow[] {
  const seen = new Map<string, number>();
  return errorConditionsOf(monitor).map((condition) => {
    const occurrence = (seen.get(condition.errorConditionType) ?? 0) + 1;
    seen.set(condition.errorConditionType, occurrence);
    return {
      account_id: ctx.accountId,
      monitor_guid: monitor.MonitorGuid.toLowerCase(),
      error_condition_type: condition.errorConditionType,
      occurrence,
      value: condition.value,
      value_numeric: numeric(condition.value),
      percentage: condition.percentage,
      percentage_numeric: numeric(condition.percentage),
      effect: condition.effect,
      level: condition.level,
      match_type: condition.matchType,
      source: condition.source,
      run_id: ctx.runId,
    };
  });
}
