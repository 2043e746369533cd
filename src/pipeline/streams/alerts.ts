/**
 * Stream `alerts`: every alert (Error, Reminder, Ok) through GET /Alert/MonitorGroup/{All Monitors}
 * (one cursor stream for all monitors: one request per 100 alerts), or per chosen group or monitor.
 * Windows are half-open account-local [start, end), read to the end of their cursor; each batch
 * commits its alerts, the incidents they touch and its rejects together, and the window's last
 * batch the watermark. See docs/extraction.md.
 */
import { ConfigError } from '../../errors.ts';
import { ALERT_VALUES, alertSchema, conformingAlert } from '../../extract/schemas/alert.ts';
import { AlertCapacityGuard } from './alert-capacity.ts';
import { mergeRows } from '../../load/write/merge-rows.ts';
import { refreshIncidents } from '../../load/write/refresh-incidents.ts';
import { retireAlerts, type AlertScope } from '../../load/write/retire-window-rows.ts';
import { disambiguateAlertTimes } from '../../transform/disambiguate-alert-times.ts';
import { compactJsonValues } from '../../transform/raw-column.ts';
import { alertPlacementError, alertRow, type AlertRow } from '../../transform/rows/alert-row.ts';
import { rawField } from '../engine/record-keys.ts';
import { defineWindowedStream } from '../engine/window-engine.ts';
import type { Partition, WindowRequest } from '../engine/windowed-stream-spec.ts';

/** Stream name (also the etl_state stream). */
export const ALERTS = 'alerts';

/** A source of alerts: a monitor group, or one monitor. */
export interface AlertSource extends Partition {
  readonly groupGuid?: string;
  readonly monitorGuid?: string;
}

/** Where the repeated autumn hour is resolved from: no alert of the window is earlier. */
interface AlertWindowState {
  floor: Date;
}

const GROUP_ROUTE = '/Alert/MonitorGroup/{guid}';

/**
 * The request of one alert window: one cursor stream for the partition's group (or chosen
 * monitor), reminders included, oldest first, 100 alerts a page (the most the API gives), and the
 * window's explicit local Start and End.
 */
export const ALERT_REQUEST: WindowRequest<AlertSource> = {
  route: (source) => (source.monitorGuid === undefined ? GROUP_ROUTE : '/Alert/Monitor/{guid}'),
  params: (source) => [source.monitorGuid ?? source.groupGuid ?? ''],
  query: (_source, span) => ({
    IncludeReminders: true,
    Sorting: 'Ascending',
    Take: 100,
    Start: span.start,
    End: span.end,
  }),
  paging: { kind: 'cursor' },
};

function alertId(raw: unknown): string | undefined {
  // Only a real id names a record: records without one each stay a reject of their own.
  const id = rawField(raw, 'Id');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

export const alertsStream = defineWindowedStream<
  AlertSource,
  typeof alertSchema,
  undefined,
  AlertRow,
  AlertWindowState
>({
  name: ALERTS,
  description: 'Alerts (Error, Reminder, Ok) in windows, and the incidents derived from them.',
  route: GROUP_ROUTE,
  // Its partition is the All Monitors group.
  after: ['monitor_groups'],
  policy: { days: 'option', densityJoin: true },
  request: ALERT_REQUEST,
  describe: ({ partition, window }) =>
    `alerts window [${window.startLocal}, ${window.endLocal}) of ${partition.id}`,

  async partitions(ctx) {
    const monitors = ctx.options.monitors ?? [];
    const groups = ctx.options.monitorGroups ?? [];
    if (monitors.length > 0 || groups.length > 0) {
      return [
        ...groups.map((g) => ({ id: `group:${g.toLowerCase()}`, groupGuid: g.toLowerCase() })),
        ...monitors.map((m) => ({ id: `monitor:${m.toLowerCase()}`, monitorGuid: m.toLowerCase() })),
      ];
    }
    const all = await ctx.db
      .selectFrom('monitor_group')
      .select('monitor_group_guid')
      .where('account_id', '=', ctx.accountId)
      .where('is_all', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (all === undefined) {
      throw new ConfigError(
        'No "All Monitors" monitor group is loaded yet: run the monitor_groups stream first (a plain `sync` does).',
        { context: { stream: ALERTS } },
      );
    }
    return [{ id: 'all', groupGuid: all.monitor_group_guid }];
  },

  // The declared request, page by page, with a guard: a chain longer than the monitors can fill
  // fails the window (alert-capacity.ts).
  async *read(ctx, { partition, window }, fetch) {
    const capacity = new AlertCapacityGuard(ctx, window, partition.monitorGuid, {
      stream: ALERTS,
      partition: partition.id,
      window: `[${window.startLocal}, ${window.endLocal})`,
    });
    for await (const page of fetch({ start: window.startLocal, end: window.endLocal })) {
      await capacity.admit(page.pass, page.records);
      yield {
        records: page.records,
        texts: page.texts,
        pass: page.pass,
        complete: page.complete,
        meta: undefined,
      };
    }
  },

  schema: alertSchema,
  values: ALERT_VALUES,
  conforming: conformingAlert,
  recordId: alertId,
  initialState: ({ window }) => ({ floor: window.start }),

  mapPage({ items, ref: { window }, row, state, reject }) {
    const mapped: AlertRow[] = [];
    for (const { record, raw, text } of items) {
      try {
        const alert = alertRow(record, row, raw, text);
        // An alert that cannot belong to the window it was asked for is a named reject.
        const misplaced = alertPlacementError(alert, window, row);
        if (misplaced !== undefined) throw misplaced;
        mapped.push(alert);
      } catch (error) {
        reject(error, raw);
      }
    }
    // Pages come in ascending true-time order: that order resolves the repeated autumn hour, and
    // the floor carries it from one page to the next.
    const resolved = disambiguateAlertTimes(mapped, row.zone, state.floor);
    for (const alert of resolved) if (alert.raised_at > state.floor) state.floor = alert.raised_at;
    return resolved;
  },

  compact: compactJsonValues,

  // The incidents are recomputed from the alerts by uptrends.refresh_incidents().
  tables: ['alert', 'incident'],

  async load(trx, rows, ctx) {
    const merged = await mergeRows(
      trx,
      {
        table: 'alert',
        key: ['alert_id'],
        insertOnly: ['loaded_at'],
        constants: { loaded_at: ctx.clock() },
        previous: ['monitor_guid', 'incident_key'],
      },
      rows,
    );
    // The incidents the alerts are in now, and those an alert left (its key read differently
    // this time): the latter lose the alert, or the whole row when it was their last.
    const pairs = [...rows, ...merged.previous].map((r) => ({
      monitorGuid: String(r.monitor_guid),
      incidentKey: String(r.incident_key),
    }));
    return merged.written + (await refreshIncidents(trx, pairs, ctx.runId));
  },

  // A window read in full holds exactly the alerts the service served for it: the others of its
  // monitors and span go, and their incidents are recomputed (retire-window-rows.ts).
  retire: {
    keyOf: (row) => String(row.alert_id),
    retire: (trx, { partition, window }, served, rejected, ctx) =>
      retireAlerts(trx, ctx.accountId, scopeOf(partition), window, served, rejected, ctx.runId),
  },
});

function scopeOf(source: AlertSource): AlertScope {
  if (source.monitorGuid !== undefined) return { kind: 'monitor', monitorGuid: source.monitorGuid };
  if (source.id === 'all' || source.groupGuid === undefined) return { kind: 'account' };
  return { kind: 'group', groupGuid: source.groupGuid };
}
