/**
 * Stream `statistics`: GET /Statistics/Monitor/{g} once per monitor per run, covering every
 * completed account-local day since that monitor's watermark (minus the lookback), or the backfill
 * range. The service chooses the bucket size from the period length (daily buckets for more than
 * 48 hours in the simulator); we store whatever buckets come and the views aggregate them. Each
 * monitor's buckets and watermark commit in one transaction.
 */
import pLimit from 'p-limit';
import { sql } from 'kysely';
import { HttpError, ResponseFormatError, StreamError } from '../../errors.ts';
import { KNOWN_STATISTICS_FIELDS, statisticsSchema } from '../schemas/statistics.ts';
import { statisticsListSchema } from '../schemas/statistics-list.ts';
import { monitorStatisticsRow } from '../../transform/rows/monitor-statistics-row.ts';
import { mergeRows, type Row } from '../../load/merge-rows.ts';
import { saveRejects } from '../../load/save-rejects.ts';
import { loadWatermarks, saveWatermark } from '../../load/stream-state.ts';
import { planWindows } from '../plan-windows.ts';
import type { StreamDefinition } from '../stream-definition.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { field } from './field.ts';

/** Stream name (also the etl_state stream; partitions are monitor GUIDs). */
export const STATISTICS = 'statistics';

async function monitorsToRead(ctx: SyncContext): Promise<string[]> {
  if (ctx.options.monitors !== undefined && ctx.options.monitors.length > 0)
    return ctx.options.monitors.map((m) => m.toLowerCase());
  const rows = await sql<{ guid: string }>`
    select monitor_guid::text as guid from uptrends.monitor
    where account_id = ${ctx.accountId} and deleted_at is null order by 1`.execute(ctx.db);
  return rows.rows.map((r) => r.guid);
}

async function readMonitor(
  ctx: SyncContext,
  monitorGuid: string,
  watermark: Date | undefined,
  totals: StreamResult,
): Promise<void> {
  const plan = planWindows({
    ...ctx.options,
    zone: ctx.zone,
    now: ctx.clock(),
    watermark,
    completedDaysOnly: true,
  });
  const first = plan.windows[0];
  const last = plan.windows.at(-1);
  if (first === undefined || last === undefined) return;
  const context = {
    stream: STATISTICS,
    monitor: monitorGuid,
    window: `[${first.startLocal}, ${last.endLocal})`,
  };
  let body: unknown;
  try {
    body = (
      await ctx.api.get(
        `/Statistics/Monitor/${monitorGuid}`,
        { Start: first.startLocal, End: last.endLocal },
        {
          route: '/Statistics/Monitor/{guid}',
          context,
        },
      )
    ).body;
  } catch (error) {
    // A monitor deleted after the monitor list was read: nothing to read, and not a failure. Its
    // watermark stays, so nothing is skipped if it was a transient 404.
    if (error instanceof HttpError && error.status === 404) {
      ctx.logger.info(
        { stream: STATISTICS, monitor: monitorGuid },
        `statistics: monitor ${monitorGuid} no longer exists (404); skipped`,
      );
      return;
    }
    throw new StreamError(
      `statistics of monitor ${monitorGuid} for ${context.window} failed: ${(error as Error).message}`,
      {
        cause: error,
        context,
      },
    );
  }
  const envelope = statisticsListSchema.safeParse(body);
  if (!envelope.success || !Array.isArray(envelope.data.Data)) {
    // Named like every other bad body (docs/extraction.md, "Bad input"): the route and the window.
    throw new ResponseFormatError(
      `statistics of monitor ${monitorGuid} for ${context.window}: GET /Statistics/Monitor/{guid} answered no Data array`,
      { retriable: false, context: { ...context, route: '/Statistics/Monitor/{guid}' } },
    );
  }
  const rowCtx = { accountId: ctx.accountId, zone: ctx.zone, runId: ctx.runId, stream: STATISTICS };
  const rows: Row[] = [];
  for (const raw of envelope.data.Data) {
    const item = ctx.validator.parse(STATISTICS, statisticsSchema, raw, {
      idOf: field('Id'),
      known: KNOWN_STATISTICS_FIELDS,
      windowStart: first.start,
      windowEnd: last.end,
    });
    if (item === undefined) continue;
    try {
      rows.push(monitorStatisticsRow(monitorGuid, item, rowCtx, raw) as unknown as Row);
    } catch (error) {
      ctx.validator.rejectFromError(error, STATISTICS, raw, { start: first.start, end: last.end });
    }
  }
  const rejects = ctx.validator.drain(STATISTICS);
  await ctx.db.transaction().execute(async (trx) => {
    const merged = await mergeRows(
      trx,
      { table: 'monitor_statistics', key: ['monitor_guid', 'bucket_start_at', 'bucket_end_at'] },
      rows,
    );
    totals.written += merged.written;
    totals.rejected += await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
    if (plan.mode === 'nightly' || watermark === undefined || first.start <= watermark) {
      await saveWatermark(
        trx,
        { accountId: ctx.accountId, stream: STATISTICS, partition: monitorGuid },
        last.end,
        ctx.runId,
        { onlyForward: true },
      );
    }
  });
  totals.records += rows.length;
  totals.windows++;
}

/** The statistics stream. */
export const statisticsStream: StreamDefinition = Object.freeze({
  name: STATISTICS,
  description: 'Uptime statistics buckets per monitor (one request per monitor per run).',
  api: 'api' as const,
  async run(ctx: SyncContext): Promise<StreamResult> {
    const totals: StreamResult = { records: 0, written: 0, windows: 0, rejected: 0 };
    const monitors = await monitorsToRead(ctx);
    const watermarks = await loadWatermarks(ctx.db, ctx.accountId, STATISTICS);
    const limit = pLimit(Math.max(1, ctx.options.concurrency));
    ctx.progress.start(STATISTICS, monitors.length, 'monitors');
    let done = 0;
    await Promise.all(
      monitors.map((guid) =>
        limit(async () => {
          if (ctx.signal.aborted) throw ctx.signal.reason as Error;
          await readMonitor(ctx, guid, watermarks.get(guid), totals);
          ctx.progress.tick(STATISTICS, ++done, { records: totals.records });
        }),
      ),
    ).finally(() => ctx.progress.stop(STATISTICS));
    return totals;
  },
});
