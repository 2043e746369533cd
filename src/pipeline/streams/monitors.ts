/**
 * Stream `monitors`: GET /Monitor (one request, unpaged) into monitor, monitor_error_condition
 * (deprecated fields mapped to their ErrorConditionType) and monitor_history (a new version when the
 * configuration hash changes; a deleted monitor's version is closed). A monitor read by an operator
 * without administrator rights carries six fields (spec, authentication rule 10): it writes those
 * columns only, keeps its error conditions, and opens a version only when one of the six changed.
 */
import type { Transaction } from 'kysely';
import {
  isViewerMonitorRecord,
  KNOWN_MONITOR_FIELDS,
  MONITOR_VALUES,
  monitorSchema,
} from '../../extract/schemas/monitor.ts';
import {
  closeDeletedMonitorsHistory,
  closeHistoryVersions,
  openHistoryHashes,
  openVersions,
} from '../../load/write/monitor-history.ts';
import { mergeRows } from '../../load/write/merge-rows.ts';
import type { Database } from '../../load/schema.ts';
import {
  monitorErrorConditionRows,
  monitorHistoryRow,
  monitorRow,
  type MonitorHistoryRow,
  type MonitorRow,
} from '../../transform/rows/monitor-rows.ts';
import { defineListStream, listTable } from '../engine/list-engine.ts';
import { guidField } from '../engine/record-keys.ts';

/** The columns a monitor read with a viewer's six fields writes (the key apart). */
const VIEWER_COLUMNS = ['name', 'monitor_type', 'monitor_mode', 'is_active', 'generate_alert'] as const;

/**
 * The versions a viewer's monitors open: one where a monitor is new, or where one of its six fields
 * differs from its open version, which the new version otherwise carries on (what the viewer could
 * not see did not change as far as the warehouse knows).
 */
async function viewerVersions(
  trx: Transaction<Database>,
  monitors: readonly MonitorRow[],
  now: Date,
): Promise<{ closed: string[]; versions: MonitorHistoryRow[] }> {
  const open = await openVersions(
    trx,
    monitors.map((m) => m.monitor_guid),
  );
  const closed: string[] = [];
  const versions: MonitorHistoryRow[] = [];
  for (const m of monitors) {
    const current = open.get(m.monitor_guid);
    const seen = monitorHistoryRow(m, now);
    if (current === undefined) {
      versions.push(seen);
    } else if (VIEWER_COLUMNS.some((c) => current[c] !== seen[c])) {
      closed.push(m.monitor_guid);
      versions.push({ ...current, ...pick(seen, VIEWER_COLUMNS), valid_from: now, run_id: m.run_id });
    }
  }
  return { closed, versions };
}

function pick<R extends object, K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<R, K>;
}

/**
 * Opens a history version for every monitor whose configuration hash changed (or that is new),
 * and for every monitor a viewer read whose six fields changed.
 */
async function updateHistory(
  trx: Transaction<Database>,
  accountId: string,
  monitors: readonly MonitorRow[],
  viewed: readonly MonitorRow[],
  now: Date,
): Promise<number> {
  const open = await openHistoryHashes(trx, accountId);
  const changed = monitors.filter((m) => open.get(m.monitor_guid) !== m.config_hash);
  const viewer = await viewerVersions(trx, viewed, now);
  let written = await closeHistoryVersions(
    trx,
    [...changed.filter((m) => open.has(m.monitor_guid)).map((m) => m.monitor_guid), ...viewer.closed],
    now,
  );
  const versions = changed.map((m) => {
    // The first version we see is dated from the monitor's creation when the service tells it.
    const createdBefore = m.created_at !== null && m.created_at < now ? m.created_at : null;
    return monitorHistoryRow(m, !open.has(m.monitor_guid) && createdBefore !== null ? createdBefore : now);
  });
  versions.push(...viewer.versions);
  written += (
    await mergeRows(trx, { table: 'monitor_history', key: ['monitor_guid', 'valid_from'] }, versions)
  ).written;
  // Close the open version of monitors that disappeared (they were just marked deleted).
  return written + (await closeDeletedMonitorsHistory(trx, accountId));
}

export const monitorsStream = defineListStream({
  name: 'monitors',
  description: 'Monitors with their error conditions and configuration history (GET /Monitor).',
  route: '/Monitor',
  schema: monitorSchema,
  known: KNOWN_MONITOR_FIELDS,
  values: MONITOR_VALUES,
  table: 'monitor',
  key: { monitor_guid: guidField('MonitorGuid') },
  also: [
    listTable({
      table: 'monitor_error_condition',
      key: ['monitor_guid', 'error_condition_type', 'occurrence'],
    }),
  ],
  map: ({ record, raw }, row) => ({
    monitor: [monitorRow(record, row, raw)],
    monitor_error_condition: monitorErrorConditionRows(record, row),
  }),
  partial: { is: (item) => isViewerMonitorRecord(item.raw), columns: VIEWER_COLUMNS },
  afterLoad: {
    tables: ['monitor_history'],
    run: (trx, monitors, ctx, viewed) => updateHistory(trx, ctx.accountId, monitors, viewed, ctx.clock()),
  },
});
