/**
 * Stream `infra_device_uptime`: one row per device per completed account-local day. Days come
 * from the window planner (nightly: from the watermark minus the lookback, or `--initial-days` on
 * the first run; backfill: `--from/--to` or `--preset`), one window per day, and each day is read
 * with `Period=yyyymmdd-yyyymmdd` of that day from the all-devices group: one request per day per
 * page of devices (docs/warehouse.md, "Infra"). Days are fetched concurrently and committed in
 * order, each day's rows, rejects and watermark in one transaction; the first failure stops the
 * commits, so the watermark never passes a day that was not loaded. The data feed values that
 * come along are stored from the newest day read only: they are current values, the same on
 * every day's answer.
 */
import { sql } from 'kysely';
import pLimit from 'p-limit';
import { mergeRows, type Row } from '../../load/merge-rows.ts';
import { saveRejects } from '../../load/save-rejects.ts';
import { loadWatermark, saveWatermark } from '../../load/stream-state.ts';
import { infraDataFeedValueRows } from '../../transform/rows/infra-data-feed-value-rows.ts';
import { infraDeviceUptimeDailyRow } from '../../transform/rows/infra-device-uptime-daily-row.ts';
import type { RowContext } from '../../transform/row-context.ts';
import { DEFAULT_INFRA_STREAM_OPTIONS, type InfraStreamOptions } from '../infra/infra-stream-options.ts';
import { planUptimeGroups, type DeviceMembership } from '../infra/plan-uptime-groups.ts';
import { readUptimeDay, type UptimeDay } from '../infra/read-uptime-day.ts';
import { requireInfra } from '../infra/require-infra.ts';
import { planWindows, type PlannedWindow } from '../plan-windows.ts';
import {
  infraDeviceSchema,
  KNOWN_INFRA_DEVICE_FIELDS,
  KNOWN_INFRA_DEVICE_GROUP_DATA_FIELDS,
} from '../schemas/infra-device-group-data.ts';
import type { StreamDefinition } from '../stream-definition.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { field } from './field.ts';
import { addLocalDays, localMidnight } from '../../time/calendar.ts';

/** Stream name (also the etl_state stream, partition `-`). */
export const INFRA_DEVICE_UPTIME = 'infra_device_uptime';

const UPTIME_KEY = ['account_id', 'device_id', 'day'] as const;
const FEED_KEY = ['account_id', 'device_id', 'data_feed_id'] as const;

async function knownMemberships(ctx: SyncContext): Promise<DeviceMembership[]> {
  const result = await sql<{ device_id: string; device_group_ids: string[] }>`
    select device_id, device_group_ids from uptrends.infra_device
    where account_id = ${ctx.accountId} and deleted_at is null order by device_id`.execute(ctx.db);
  return result.rows.map((r) => ({ deviceId: r.device_id, groupIds: r.device_group_ids }));
}

function isWholeDay(window: PlannedWindow, zone: string): boolean {
  // The planner cuts at local midnights; a window ending elsewhere would be part of a day, whose
  // uptime is not that day's. Compared as instants: where midnight falls in a DST gap the day
  // starts at 01:00 on the wall clock.
  const day = window.startLocal.slice(0, 10);
  return (
    window.start.getTime() === localMidnight(day, zone).getTime() &&
    window.end.getTime() === localMidnight(addLocalDays(day, 1), zone).getTime()
  );
}

function rowsOfDay(
  ctx: SyncContext,
  data: UptimeDay,
  window: PlannedWindow,
  withFeeds: boolean,
): { uptime: Row[]; feeds: Row[] } {
  const rowCtx: RowContext = {
    accountId: ctx.accountId,
    zone: ctx.zone,
    runId: ctx.runId,
    stream: INFRA_DEVICE_UPTIME,
  };
  const uptime: Row[] = [];
  const feeds: Row[] = [];
  const span = { windowStart: window.start, windowEnd: window.end };
  for (const body of data.bodies)
    ctx.validator.reportUnknown(INFRA_DEVICE_UPTIME, body, KNOWN_INFRA_DEVICE_GROUP_DATA_FIELDS);
  for (const raw of data.items) {
    const item = ctx.validator.parse(INFRA_DEVICE_UPTIME, infraDeviceSchema, raw, {
      idOf: field('Id'),
      known: KNOWN_INFRA_DEVICE_FIELDS,
      ...span,
    });
    // ItemsOnly lists no groups; should one come anyway, it has no uptime row of its own.
    if (item === undefined || item.Type?.toLowerCase() === 'group') continue;
    try {
      uptime.push(infraDeviceUptimeDailyRow(item, data.day, data.period, rowCtx, raw) as unknown as Row);
    } catch (error) {
      ctx.validator.rejectFromError(error, INFRA_DEVICE_UPTIME, raw, window);
      continue;
    }
    if (withFeeds)
      feeds.push(...(infraDataFeedValueRows(item, raw, data.observedAt, rowCtx).rows as unknown as Row[]));
  }
  return { uptime, feeds };
}

async function runInfraDeviceUptime(ctx: SyncContext, options: InfraStreamOptions): Promise<StreamResult> {
  const infra = requireInfra(ctx, INFRA_DEVICE_UPTIME);
  const totals: StreamResult = { records: 0, written: 0, windows: 0, rejected: 0 };
  const stateKey = { accountId: ctx.accountId, stream: INFRA_DEVICE_UPTIME };
  const watermark = await loadWatermark(ctx.db, stateKey);
  const plan = planWindows({
    ...ctx.options,
    windowDays: 1,
    zone: ctx.zone,
    now: ctx.clock(),
    watermark,
    completedDaysOnly: true,
  });
  const days = plan.windows.filter((w) => isWholeDay(w, ctx.zone));
  if (days.length === 0) return { ...totals, notice: 'no completed day to read' };
  // A backfill that starts after the watermark leaves a gap before it: it must not move the
  // watermark over that gap (the statistics stream follows the same rule).
  let advance = plan.mode === 'nightly' || watermark === undefined || days[0]!.start <= watermark;
  const groups = planUptimeGroups(await knownMemberships(ctx));
  const limit = pLimit(Math.max(1, ctx.options.concurrency));
  let stop = false;
  const reads = days.map((window) =>
    limit(async () => {
      if (stop || ctx.signal.aborted) throw new Error('not read: an earlier day failed');
      return readUptimeDay(infra, window.startLocal.slice(0, 10), groups, {
        ...options,
        stream: INFRA_DEVICE_UPTIME,
        clock: ctx.clock,
      });
    }),
  );
  // Consumed in order below; until then a failed read must not count as an unhandled rejection.
  for (const read of reads) read.catch(() => undefined);
  ctx.progress.start(INFRA_DEVICE_UPTIME, days.length, 'days');
  try {
    for (const [index, window] of days.entries()) {
      let data: UptimeDay;
      try {
        data = await reads[index]!;
      } catch (error) {
        stop = true;
        await Promise.allSettled(reads);
        throw error;
      }
      const { uptime, feeds } = rowsOfDay(ctx, data, window, index === days.length - 1);
      if (!data.complete) {
        // Devices may be missing from this day: keep what came, but leave the watermark before it
        // so the next run reads it again.
        advance = false;
        ctx.logger.warn(
          { stream: INFRA_DEVICE_UPTIME, day: data.day },
          `stream ${INFRA_DEVICE_UPTIME}: the listing of ${data.day} changed while it was paged; the day will be read again`,
        );
      }
      const rejects = ctx.validator.drain(INFRA_DEVICE_UPTIME);
      await ctx.db.transaction().execute(async (trx) => {
        totals.written += (
          await mergeRows(trx, { table: 'infra_device_uptime_daily', key: UPTIME_KEY }, uptime)
        ).written;
        totals.written += (
          await mergeRows(trx, { table: 'infra_data_feed_value', key: FEED_KEY }, feeds)
        ).written;
        totals.rejected += await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
        if (advance) await saveWatermark(trx, stateKey, window.end, ctx.runId, { onlyForward: true });
      });
      totals.records += data.items.length;
      totals.windows++;
      ctx.progress.tick(INFRA_DEVICE_UPTIME, index + 1, { records: totals.records });
    }
  } finally {
    ctx.progress.stop(INFRA_DEVICE_UPTIME);
  }
  return totals;
}

/** An `infra_device_uptime` stream with the given paging and format (tests use small pages and XML). */
export function createInfraDeviceUptimeStream(
  options: InfraStreamOptions = DEFAULT_INFRA_STREAM_OPTIONS,
): StreamDefinition {
  return Object.freeze({
    name: INFRA_DEVICE_UPTIME,
    description:
      'Daily uptime per Infra device for each completed account-local day (one request per day per page).',
    api: 'infra' as const,
    run: (ctx: SyncContext) => runInfraDeviceUptime(ctx, options),
  });
}

/** The registry's `infra_device_uptime` stream. */
export const infraDeviceUptimeStream: StreamDefinition = createInfraDeviceUptimeStream();
