/**
 * Stream `statistics`: GET /Statistics/Monitor/{g} per monitor, covering every completed
 * account-local day since that monitor's watermark (minus the lookback), or the backfill range, in
 * as few requests as the service allows at a daily grain. The service chooses the bucket size from
 * the period length: an answer with buckets coarser than a day (month buckets for a long range)
 * is not stored; its window is split in two and asked again, and the stream remembers per account
 * how long a window may be (statistics-windows.ts). Every bucket is stored with its grain; the
 * views take each day from day-or-finer buckets. A monitor deleted between the monitor list and
 * its request (404) is skipped with a notice and keeps its watermark.
 */
import { HttpError, ResponseFormatError } from '../../errors.ts';
import { conformingStatistics, statisticsSchema } from '../../extract/schemas/statistics.ts';
import { mergeRows } from '../../load/write/merge-rows.ts';
import { bucketKey, retireStatistics } from '../../load/write/retire-window-rows.ts';
import {
  monitorStatisticsRow,
  type MonitorStatisticsRow,
} from '../../transform/rows/monitor-statistics-row.ts';
import { responseIsCoarserThanDay } from '../../transform/bucket-grain.ts';
import { compactJsonValues } from '../../transform/raw-column.ts';
import { daysBetween, localDateOf, localMidnight } from '../../time/calendar.ts';
import { utcToLocal } from '../../time/zone-clock.ts';
import type { LocalDate } from '../../terms.ts';
import { rawField } from '../engine/record-keys.ts';
import { defineWindowedStream } from '../engine/window-engine.ts';
import type { FetchedPage, Partition } from '../engine/windowed-stream-spec.ts';
import type { SyncContext } from '../sync-context.ts';
import { halves, WindowLearner, windowDaysToAsk } from './statistics-windows.ts';

/** Stream name (also the etl_state stream; partitions are monitor GUIDs, and `-` holds the learned window size). */
export const STATISTICS = 'statistics';

/** The route it requests, as errors name it. */
const STATISTICS_ROUTE = '/Statistics/Monitor/{guid}';

// One learner per run (the context lives as long as the run), shared by every monitor's windows.
const learners = new WeakMap<SyncContext, Promise<WindowLearner>>();

function learnerOf(ctx: SyncContext): Promise<WindowLearner> {
  let learner = learners.get(ctx);
  if (learner === undefined) {
    learner = WindowLearner.load(ctx.db, ctx.accountId, STATISTICS, ctx.runId);
    learners.set(ctx, learner);
  }
  return learner;
}

/**
 * The one answer of a statistics request, or undefined when the monitor no longer exists (404): a
 * monitor deleted after the monitor list was read has nothing to read.
 */
async function answerOf(pages: AsyncIterable<FetchedPage>): Promise<FetchedPage | undefined> {
  try {
    for await (const page of pages) return page;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
  return undefined;
}

export const statisticsStream = defineWindowedStream<
  Partition,
  typeof statisticsSchema,
  undefined,
  MonitorStatisticsRow
>({
  name: STATISTICS,
  description:
    'Uptime statistics buckets per monitor (one request per monitor per run, or per window the service answers with daily buckets).',
  route: STATISTICS_ROUTE,
  // Its partitions are the monitors.
  after: ['monitors'],
  policy: { days: 1, completedDaysOnly: true, wholeRange: true },
  // One monitor's buckets for an explicit local span, one unpaged answer (facts 3.2).
  request: {
    params: (monitor) => [monitor.id],
    query: (_monitor, span) => ({ Start: span.start, End: span.end }),
    paging: { kind: 'single' },
  },
  async maxWindowDays(ctx) {
    return windowDaysToAsk((await learnerOf(ctx)).known);
  },
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

  async *read(ctx, { partition, window }, fetch) {
    const learner = await learnerOf(ctx);
    const local = (date: LocalDate): string => utcToLocal(localMidnight(date, ctx.zone), ctx.zone);
    // Local days still to ask for, in order; a coarse answer puts its two halves in front.
    const pending: [LocalDate, LocalDate][] = [
      [localDateOf(window.start, ctx.zone), localDateOf(window.end, ctx.zone)],
    ];
    for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
      const [from, to] = next;
      const first = from === localDateOf(window.start, ctx.zone);
      const last = to === localDateOf(window.end, ctx.zone);
      const start = first ? window.startLocal : local(from);
      const end = last ? window.endLocal : local(to);
      const answer = await answerOf(fetch({ start, end }));
      if (answer === undefined) {
        // Its watermark stays, so nothing is skipped if the 404 was transient.
        ctx.logger.info(
          { stream: STATISTICS, monitor: partition.id },
          `statistics: monitor ${partition.id} no longer exists (404); skipped`,
        );
        yield { records: [], complete: false, meta: undefined };
        return;
      }
      const days = daysBetween(from, to);
      const coarse = responseIsCoarserThanDay(answer.records);
      await learner.answered(days, coarse);
      if (!coarse) {
        yield { records: answer.records, texts: answer.texts, meta: undefined };
        continue;
      }
      const split = halves(from, to);
      if (split === undefined) {
        throw new ResponseFormatError(
          `GET ${STATISTICS_ROUTE} answered one day with buckets longer than a day; no daily figure can be stored`,
          {
            retriable: false,
            context: {
              stream: STATISTICS,
              monitor: partition.id,
              window: `[${start}, ${end})`,
              route: STATISTICS_ROUTE,
            },
          },
        );
      }
      ctx.logger.debug(
        { stream: STATISTICS, monitor: partition.id, days },
        `statistics: ${days} days came back coarser than a day; asking in two halves`,
      );
      pending.unshift(...split);
    }
  },

  schema: statisticsSchema,
  conforming: conformingStatistics,
  recordId: (raw) => {
    const id = rawField(raw, 'Id');
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  },

  mapPage({ items, ref: { partition }, row, reject }) {
    const rows: MonitorStatisticsRow[] = [];
    for (const { record, raw, text } of items) {
      try {
        rows.push(monitorStatisticsRow(partition.id, record, row, raw, text));
      } catch (error) {
        reject(error, raw);
      }
    }
    return rows;
  },

  compact: compactJsonValues,

  tables: ['monitor_statistics'],

  async load(trx, rows) {
    const merged = await mergeRows(
      trx,
      { table: 'monitor_statistics', key: ['monitor_guid', 'bucket_start_at', 'bucket_end_at'] },
      rows,
    );
    return merged.written;
  },

  // A window answered in full holds exactly the buckets the service answered for it.
  retire: {
    keyOf: (row) => bucketKey(new Date(row.bucket_start_at), new Date(row.bucket_end_at)),
    retire: (trx, { partition, window }, served) => retireStatistics(trx, partition.id, window, served),
  },
});
