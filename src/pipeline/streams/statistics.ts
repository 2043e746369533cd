/**
 * Stream `statistics`: GET /Statistics/Monitor/{g} once per monitor per run, covering every
 * completed account-local day since that monitor's watermark (minus the lookback), or the backfill
 * range. The service chooses the bucket size from the period length; we store whatever buckets
 * come and the views aggregate them. A monitor deleted between the monitor list and its request
 * (404) is skipped with a notice and keeps its watermark.
 */
import { readStatisticsWindow } from '../../extract/window-readers.ts';
import { statisticsSchema } from '../../extract/schemas/statistics.ts';
import { mergeRows } from '../../load/merge-rows.ts';
import {
  monitorStatisticsRow,
  type MonitorStatisticsRow,
} from '../../transform/rows/monitor-statistics-row.ts';
import { rawField } from '../engine/record-keys.ts';
import { defineWindowedStream, type Partition } from '../engine/window-engine.ts';

/** Stream name (also the etl_state stream; partitions are monitor GUIDs). */
export const STATISTICS = 'statistics';

export const statisticsStream = defineWindowedStream<
  Partition,
  typeof statisticsSchema,
  undefined,
  MonitorStatisticsRow
>({
  name: STATISTICS,
  description: 'Uptime statistics buckets per monitor (one request per monitor per run).',
  route: '/Statistics/Monitor/{guid}',
  policy: { days: 1, completedDaysOnly: true, wholeRange: true },
  describe: ({ partition, window }) =>
    `statistics of monitor ${partition.id} for [${window.startLocal}, ${window.endLocal})`,

  async partitions(ctx) {
    if (ctx.options.monitors !== undefined && ctx.options.monitors.length > 0)
      return ctx.options.monitors.map((m) => ({ id: m.toLowerCase() }));
    const rows = await ctx.db
      .selectFrom('monitor')
      .select('monitor_guid')
      .where('account_id', '=', ctx.accountId)
      .where('deleted_at', 'is', null)
      .orderBy('monitor_guid')
      .execute();
    return rows.map((r) => ({ id: r.monitor_guid }));
  },

  async *read(ctx, client, { partition, window }) {
    const context = {
      stream: STATISTICS,
      monitor: partition.id,
      window: `[${window.startLocal}, ${window.endLocal})`,
    };
    const buckets = await readStatisticsWindow(
      client,
      partition.id,
      window.startLocal,
      window.endLocal,
      context,
    );
    if (buckets === undefined) {
      // Its watermark stays, so nothing is skipped if the 404 was transient.
      ctx.logger.info(
        { stream: STATISTICS, monitor: partition.id },
        `statistics: monitor ${partition.id} no longer exists (404); skipped`,
      );
      yield { records: [], complete: false, meta: undefined };
      return;
    }
    yield { records: buckets, meta: undefined };
  },

  schema: statisticsSchema,
  recordId: (raw) => {
    const id = rawField(raw, 'Id');
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  },

  mapPage(items, _page, { partition }, row, _state, reject) {
    const rows: MonitorStatisticsRow[] = [];
    for (const { record, raw } of items) {
      try {
        rows.push(monitorStatisticsRow(partition.id, record, row, raw));
      } catch (error) {
        reject(error, raw);
      }
    }
    return rows;
  },

  async load(trx, rows) {
    const merged = await mergeRows(
      trx,
      { table: 'monitor_statistics', key: ['monitor_guid', 'bucket_start_at', 'bucket_end_at'] },
      rows,
    );
    return merged.written;
  },
});
