/**
 * Stream `alerts`: every alert (Error, Reminder, Ok) through GET /Alert/MonitorGroup/{All Monitors}
 * (one cursor stream for all monitors: one request per 100 alerts), or per chosen group or monitor.
 * Windows are half-open account-local [start, end), read to the end of their cursor, and run
 * concurrently; each completed window commits its alerts, the incidents it touched, its rejects
 * and the watermark in one transaction. See docs/extraction.md.
 */
import pLimit from 'p-limit';
import { sql } from 'kysely';
import { ConfigError, HttpError, StreamError } from '../../errors.ts';
import { alertSchema, KNOWN_ALERT_FIELDS } from '../schemas/alert.ts';
import { alertRow, type AlertRow } from '../../transform/rows/alert-row.ts';
import { disambiguateAlertTimes } from '../../transform/disambiguate-alert-times.ts';
import { mergeRows, type Row } from '../../load/merge-rows.ts';
import { refreshIncidents } from '../../load/refresh-incidents.ts';
import { saveRejects } from '../../load/save-rejects.ts';
import { loadWatermark, saveWatermark } from '../../load/stream-state.ts';
import { alertPageFetcher, readCursorWindow } from '../read-alert-window.ts';
import { contiguousEnd, planWindows, type PlannedWindow } from '../plan-windows.ts';
import type { StreamDefinition } from '../stream-definition.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { field } from './field.ts';

/** Stream name (also the etl_state stream). */
export const ALERTS = 'alerts';

/** A source of alerts: a monitor group, or one monitor. */
interface AlertSource {
  partition: string;
  groupGuid?: string;
  monitorGuid?: string;
}

async function sources(ctx: SyncContext): Promise<AlertSource[]> {
  const monitors = ctx.options.monitors ?? [];
  const groups = ctx.options.monitorGroups ?? [];
  if (monitors.length > 0 || groups.length > 0) {
    return [
      ...groups.map((g) => ({ partition: `group:${g.toLowerCase()}`, groupGuid: g.toLowerCase() })),
      ...monitors.map((m) => ({ partition: `monitor:${m.toLowerCase()}`, monitorGuid: m.toLowerCase() })),
    ];
  }
  const all = await sql<{ guid: string }>`
    select monitor_group_guid::text as guid from uptrends.monitor_group
    where account_id = ${ctx.accountId} and is_all and deleted_at is null`.execute(ctx.db);
  const guid = all.rows[0]?.guid;
  if (guid === undefined) {
    throw new ConfigError(
      'No "All Monitors" monitor group is loaded yet: run the monitor_groups stream first (a plain `sync` does).',
      {
        context: { stream: ALERTS },
      },
    );
  }
  return [{ partition: 'all', groupGuid: guid }];
}

async function readWindow(
  ctx: SyncContext,
  source: AlertSource,
  window: PlannedWindow,
): Promise<{ raws: unknown[]; pages: number }> {
  const context = {
    stream: ALERTS,
    partition: source.partition,
    window: `[${window.startLocal}, ${window.endLocal})`,
  };
  const fetchPage = alertPageFetcher(ctx.api, {
    groupGuid: source.groupGuid,
    monitorGuid: source.monitorGuid,
    start: window.startLocal,
    end: window.endLocal,
  });
  try {
    const { records, pages } = await readCursorWindow(fetchPage, {
      // Only a real id deduplicates: records without one (rejected later) must each stay, or all
      // but one would vanish without a reject row.
      key: (r: unknown) => {
        const id = field('Id')(r);
        return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
      },
      context,
      // A rejected cursor, or one the service handed back twice, restarts the window from its first
      // page (bounded by maxRestarts): both are server-side cursor trouble, not data trouble.
      isInvalidCursor: (error) =>
        (error instanceof HttpError && error.status === 400) ||
        (error instanceof StreamError && error.context.reason === 'cursor-loop'),
    });
    return { raws: records, pages };
  } catch (error) {
    throw new StreamError(
      `alerts window ${context.window} of ${source.partition} failed: ${(error as Error).message}`,
      {
        cause: error,
        retriable: false,
        context,
      },
    );
  }
}

async function runSource(ctx: SyncContext, source: AlertSource, totals: StreamResult): Promise<void> {
  const key = { accountId: ctx.accountId, stream: ALERTS, partition: source.partition };
  const watermark = await loadWatermark(ctx.db, key);
  const plan = planWindows({ ...ctx.options, zone: ctx.zone, now: ctx.clock(), watermark });
  // A backfill may move the watermark forward only when it is contiguous with it (or none exists).
  const movesWatermark =
    plan.mode === 'nightly' ||
    watermark === undefined ||
    (plan.windows[0] !== undefined && plan.windows[0].start <= watermark);
  const completed = new Set<number>();
  const limit = pLimit(Math.max(1, ctx.options.concurrency));
  ctx.progress.start(ALERTS, plan.windows.length, 'windows');
  let done = 0;
  await Promise.all(
    plan.windows.map((window, index) =>
      limit(async () => {
        if (ctx.signal.aborted) throw ctx.signal.reason as Error;
        const { raws } = await readWindow(ctx, source, window);
        const rowCtx = { accountId: ctx.accountId, zone: ctx.zone, runId: ctx.runId, stream: ALERTS };
        const mapped: AlertRow[] = [];
        for (const raw of raws) {
          const alert = ctx.validator.parse(ALERTS, alertSchema, raw, {
            idOf: field('Id'),
            known: KNOWN_ALERT_FIELDS,
            windowStart: window.start,
            windowEnd: window.end,
          });
          if (alert === undefined) continue;
          try {
            mapped.push(alertRow(alert, rowCtx, raw));
          } catch (error) {
            ctx.validator.rejectFromError(error, ALERTS, raw, window);
          }
        }
        // Pages come in ascending true-time order: that order resolves the repeated autumn hour.
        const rows = disambiguateAlertTimes(mapped, ctx.zone, window.start) as unknown as Row[];
        const pairs = mapped
          .filter((row) => row.incident_key !== null)
          .map((row) => ({ monitorGuid: row.monitor_guid, incidentKey: row.incident_key }));
        // Parsing above is synchronous, so the rejects collected now are this window's alone.
        const rejects = ctx.validator.drain(ALERTS);
        await ctx.db.transaction().execute(async (trx) => {
          const merged = await mergeRows(
            trx,
            { table: 'alert', key: ['alert_id'], insertOnly: ['loaded_at'] },
            rows.map((r) => ({ ...r, loaded_at: ctx.clock() })),
          );
          totals.written += merged.written;
          totals.written += await refreshIncidents(trx, pairs, ctx.runId);
          totals.rejected += await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
          completed.add(index);
          const end = contiguousEnd(plan.windows, completed);
          if (movesWatermark && end !== undefined)
            await saveWatermark(trx, key, end, ctx.runId, { onlyForward: true });
        });
        totals.records += raws.length;
        totals.windows++;
        ctx.progress.tick(ALERTS, ++done, { records: totals.records, requests: ctx.api.stats().requests });
      }),
    ),
  ).finally(() => ctx.progress.stop(ALERTS));
}

/** The alerts stream. */
export const alertsStream: StreamDefinition = Object.freeze({
  name: ALERTS,
  description: 'Alerts (Error, Reminder, Ok) in windows, and the incidents derived from them.',
  api: 'api' as const,
  async run(ctx: SyncContext): Promise<StreamResult> {
    const totals: StreamResult = { records: 0, written: 0, windows: 0, rejected: 0 };
    for (const source of await sources(ctx)) await runSource(ctx, source, totals);
    return totals;
  },
});
