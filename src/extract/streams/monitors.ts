/**
 * Stream `monitors`: GET /Monitor (one request, unpaged) into monitor, monitor_error_condition
 * (deprecated fields mapped to their ErrorConditionType) and monitor_history (a new version when the
 * configuration hash changes; a deleted monitor's version is closed).
 */
import { sql, type Kysely } from 'kysely';
import { KNOWN_MONITOR_FIELDS, monitorSchema } from '../schemas/monitor.ts';
import { monitorErrorConditionRows } from '../../transform/rows/monitor-error-condition-rows.ts';
import { monitorHistoryRow } from '../../transform/rows/monitor-history-row.ts';
import { monitorRow, type MonitorRow } from '../../transform/rows/monitor-row.ts';
import { mergeRows, type Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText } from './field.ts';

async function updateHistory(
  trx: Kysely<unknown>,
  accountId: string,
  monitors: MonitorRow[],
  now: Date,
): Promise<number> {
  const open = await sql<{ monitor_guid: string; config_hash: string }>`
    select monitor_guid::text as monitor_guid, config_hash from uptrends.monitor_history
    where account_id = ${accountId} and valid_to is null`.execute(trx);
  const current = new Map(open.rows.map((r) => [r.monitor_guid, r.config_hash]));
  const changed = monitors.filter((m) => current.get(m.monitor_guid) !== m.config_hash);
  let written = 0;
  for (const monitor of changed) {
    if (current.has(monitor.monitor_guid)) {
      await sql`update uptrends.monitor_history set valid_to = ${now}
        where monitor_guid = ${monitor.monitor_guid}::uuid and valid_to is null`.execute(trx);
      written++;
    }
  }
  const versions = changed.map((m) => {
    // The first version we see is dated from the monitor's creation when the service tells it.
    const first = !current.has(m.monitor_guid) && m.created_at !== null && m.created_at < now;
    return monitorHistoryRow(m, first ? m.created_at : now) as unknown as Row;
  });
  written += (
    await mergeRows(trx, { table: 'monitor_history', key: ['monitor_guid', 'valid_from'] }, versions)
  ).written;
  // Close the open version of monitors that disappeared (they were just marked deleted).
  const closed = await sql`
    update uptrends.monitor_history h set valid_to = m.deleted_at
    from uptrends.monitor m
    where h.monitor_guid = m.monitor_guid and h.valid_to is null and m.deleted_at is not null
      and m.account_id = ${accountId} and m.deleted_at > h.valid_from`.execute(trx);
  return written + Number(closed.numAffectedRows ?? 0);
}

export const monitorsStream = defineListStream({
  name: 'monitors',
  description: 'Monitors with their error conditions and configuration history (GET /Monitor).',
  route: '/Monitor',
  schema: monitorSchema,
  known: KNOWN_MONITOR_FIELDS,
  idOf: field('MonitorGuid'),
  path: () => '/Monitor',
  tables: [
    { table: 'monitor', key: ['monitor_guid'] },
    { table: 'monitor_error_condition', key: ['monitor_guid', 'error_condition_type', 'occurrence'] },
  ],
  toRows: ({ record, raw }, rowCtx) => ({
    monitor: [monitorRow(record, rowCtx, raw) as unknown as Row],
    monitor_error_condition: monitorErrorConditionRows(record, rowCtx) as unknown as Row[],
  }),
  keepKeys: (raw) => {
    const guid = guidText(raw, 'MonitorGuid');
    return guid === undefined ? {} : { monitor: guid };
  },
  afterLoad: (_items, rowsByTable, ctx, trx) =>
    updateHistory(
      trx as Kysely<unknown>,
      ctx.accountId,
      (rowsByTable.get('monitor') ?? []) as unknown as MonitorRow[],
      ctx.clock(),
    ),
});
