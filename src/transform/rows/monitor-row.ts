/**
 * `uptrends.monitor` row of one monitor: the columns analysts filter on, typed, plus the
 * redacted record in `raw` and a configuration hash that drives monitor_history.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { Monitor } from '../../extract/schemas/monitor.ts';
import { configHash } from '../config-hash.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

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
    raw: redactSecrets(original ?? monitor),
    run_id: ctx.runId,
  };
}
