/**
 * Stream `monitors`: GET /Monitor (one request, unpaged) into monitor, monitor_error_condition
 * (deprecated fields mapped to their ErrorConditionType) and monitor_history (a new version when the
 * configuration hash changes; a deleted monitor's version is closed).
 */
import type { Transaction } from 'kysely';
import { KNOWN_MONITOR_FIELDS, MONITOR_VALUES, monitorSchema } from '../../extract/schemas/monitor.ts';
import {
  closeDeletedMonitorsHistory,
  closeHistoryVersions,
  openHistoryHashes,
} from '../../load/write/monitor-history.ts';
import { mergeRows } from '../../load/write/merge-rows.ts';
import type { Database } from '../../load/schema.ts';
import {
  monitorErrorConditionRows,
  monitorHistoryRow,
  monitorRow,
  type MonitorRow,
} from '../../transform/rows/monitor-rows.ts';
import { defineListStream, listTable } from '../engine/list-engine.ts';
import { guidField } from '../engine/record-keys.ts';

/** Opens a history version for every monitor whose configuration hash changed (or that is new). */
async function updateHistory(
  trx: Transaction<Database>,
  accountId: string,
  monitors: readonly MonitorRow[],
  now: Date,
): Promise<number> {
  const open = await openHistoryHashes(trx, accountId);
  const changed = monitors.filter((m) => open.get(m.monitor_guid) !== m.config_hash);
  let written = await closeHistoryVersions(
    trx,
    changed.filter((m) => open.has(m.monitor_guid)).map((m) => m.monitor_guid),
    now,
  );
  const versions = changed.map((m) => {
    // The first version we see is dated from the monitor's creation when the service tells it.
    const createdBefore = m.created_at !== null && m.created_at < now ? m.created_at : null;
    return monitorHistoryRow(m, !open.has(m.monitor_guid) && createdBefore !== null ? createdBefore : now);
  });
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
  afterLoad: {
    tables: ['monitor_history'],
    run: (trx, monitors, ctx) => updateHistory(trx, ctx.accountId, monitors, ctx.clock()),
  },
});
