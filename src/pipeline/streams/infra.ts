/**
 * The Infra streams, read from `/v1/DeviceGroupData`:
 * - `infra_devices`: the device tree (groups, devices, memberships) and the current values of the
 *   devices' data feeds, from one walk (one request per group and page). Groups and devices missing
 *   from a complete walk are soft-deleted; after an incomplete walk (a rejected item, a listing
 *   that changed while it was paged) nothing is marked deleted, because absence proves nothing.
 * - `infra_device_uptime`: one row per device per completed account-local day (see its module).
 * Both take their paging and format from InfraStreamOptions; tests build them with small pages and
 * XML bodies.
 */
import {
  INFRA_BODY_VALUES,
  INFRA_DEVICE_VALUES,
  infraDeviceGroupDataSchema,
  infraDeviceSchema,
} from '../../extract/schemas/infra-device-group-data.ts';
import {
  DEFAULT_INFRA_STREAM_OPTIONS,
  infraDayPeriod,
  type InfraStreamOptions,
  ROOT_DEVICE_GROUP,
} from '../../extract/infra/device-group-data.ts';
import { HttpError } from '../../errors.ts';
import { walkDeviceTree, type TreeDevice } from '../../extract/infra/walk-device-tree.ts';
import { planUptimeGroups } from '../../extract/infra/uptime-day.ts';
import { mergeRows } from '../../load/write/merge-rows.ts';
import type { LocalDate } from '../../terms.ts';
import {
  type InfraDataFeedValueRow,
  infraDataFeedValueRows,
  infraDeviceGroupRow,
  infraDeviceRow,
  infraDeviceUptimeDailyRow,
  type InfraDeviceUptimeDailyRow,
} from '../../transform/rows/infra-rows.ts';
import { compactJsonValues } from '../../transform/raw-column.ts';
import { defineWindowedStream } from '../engine/window-engine.ts';
import type { Partition } from '../engine/windowed-stream-spec.ts';
import { defineCustomListStream, listTable } from '../engine/list-engine.ts';
import { ACCOUNT, idField, recordIdOf } from '../engine/record-keys.ts';
import { clientOf, rowContextOf, type StreamDefinition } from '../engine/stream-definition.ts';

/** Stream name. */
export const INFRA_DEVICES = 'infra_devices';

const DEVICE_KEY = { account_id: ACCOUNT, device_id: idField('Id') };
const KNOWN_DEVICE_FIELDS = new Set(Object.keys(infraDeviceSchema.shape));
const KNOWN_BODY_FIELDS = new Set(Object.keys(infraDeviceGroupDataSchema.shape));

/** An `infra_devices` stream with the given paging and format. */
export function createInfraDevicesStream(
  options: InfraStreamOptions = DEFAULT_INFRA_STREAM_OPTIONS,
): StreamDefinition {
  return defineCustomListStream<'infra_device', TreeDevice>({
    name: INFRA_DEVICES,
    description:
      'Infra device groups, devices with their group memberships, and current data feed values (one tree walk).',
    api: 'infra',
    route: '/v1/DeviceGroupData',
    table: 'infra_device',
    key: DEVICE_KEY,
    also: [
      listTable({ table: 'infra_device_group', key: ['account_id', 'device_group_id'] }),
      listTable({
        table: 'infra_data_feed_value',
        key: ['account_id', 'device_id', 'data_feed_id'],
        softDelete: false,
      }),
    ],
    async read(ctx) {
      const tree = await walkDeviceTree(clientOf(ctx, 'infra', INFRA_DEVICES), {
        ...options,
        concurrency: ctx.options.concurrency,
        stream: INFRA_DEVICES,
        parseItem: (raw) =>
          ctx.validator.parse(INFRA_DEVICES, infraDeviceSchema, raw, {
            idOf: (r) => recordIdOf(DEVICE_KEY, r),
            known: KNOWN_DEVICE_FIELDS,
            values: INFRA_DEVICE_VALUES,
          }),
      });
      for (const body of tree.bodies) {
        ctx.validator.reportUnknown(INFRA_DEVICES, body, KNOWN_BODY_FIELDS);
        ctx.validator.reportUnknownValues(INFRA_DEVICES, body, INFRA_BODY_VALUES);
      }
      const row = rowContextOf(ctx, INFRA_DEVICES);
      return {
        items: tree.devices.map((device) => ({ record: device, raw: device.raw, parent: undefined })),
        records: tree.items,
        complete: tree.complete,
        rows: { infra_device_group: tree.groups.map((g) => infraDeviceGroupRow(g, row)) },
        ...(tree.complete
          ? {}
          : { notice: 'the device tree was read incompletely; nothing was marked deleted this run' }),
      };
    },
    map({ record: device }, row, ctx) {
      const feeds = infraDataFeedValueRows(device.record, device.raw, ctx.clock(), row);
      for (const raw of feeds.withoutId) {
        ctx.validator.reject({
          stream: INFRA_DEVICES,
          recordId: `${device.record.Id}/?`,
          error: `a data feed of device ${device.record.Id} has no Id`,
          raw,
        });
      }
      return {
        infra_device: [infraDeviceRow(device.record, device.groupIds, row, device.raw)],
        infra_data_feed_value: feeds.rows,
      };
    },
  });
}

/** The registry's `infra_devices` stream. */
export const infraDevicesStream: StreamDefinition = createInfraDevicesStream();

/** Stream name (also the etl_state stream, partition `-`). */
export const INFRA_DEVICE_UPTIME = 'infra_device_uptime';

/** The account's one partition, with the groups whose listings give every device's uptime. */
interface UptimePartition extends Partition {
  readonly groups: readonly string[];
}

/** What one day's page says besides its items. */
interface UptimePage {
  readonly day: LocalDate;
  readonly period: string;
  readonly observedAt: Date;
}

/** The rows of one device on one day: its uptime, and on the newest day its data feed values. */
interface UptimeRows {
  readonly uptime: InfraDeviceUptimeDailyRow;
  readonly feeds: readonly InfraDataFeedValueRow[];
}

/**
 * An `infra_device_uptime` stream: one row per device per completed account-local day, each day
 * read with `Period=yyyymmdd-yyyymmdd` from the all-devices group (one request per day per page of
 * devices; docs/warehouse.md, "Infra"). A day whose listing changed while it was paged keeps its
 * rows but not the watermark, so the next run reads it again. The data feed values that come along
 * are stored from the newest day only: they are current values, the same on every day's answer.
 */
export function createInfraDeviceUptimeStream(
  options: InfraStreamOptions = DEFAULT_INFRA_STREAM_OPTIONS,
): StreamDefinition {
  return defineWindowedStream<UptimePartition, typeof infraDeviceSchema, UptimePage, UptimeRows>({
    name: INFRA_DEVICE_UPTIME,
    description:
      'Daily uptime per Infra device for each completed account-local day (one request per day per page).',
    api: 'infra',
    route: '/v1/DeviceGroupData',
    // Its partition is the device tree.
    after: [INFRA_DEVICES],
    policy: { days: 1, completedDaysOnly: true, ordered: true },
    // One listing per device group (normally the all-devices group alone: planUptimeGroups) with
    // each device's uptime over the day; every page of it, `options.take` devices a page.
    request: {
      query: (_partition, span, group) => ({
        DeviceGroup: group,
        GroupFilter: 'ItemsOnly',
        StatusFilter: 'All',
        SortOrder: 'Alphabetical',
        ShowDetailInfo: 'True',
        Period: infraDayPeriod(span.start.slice(0, 10)),
      }),
      paging: { kind: 'device-group', take: options.take, format: options.format },
    },
    describe: ({ window }) => `${INFRA_DEVICE_UPTIME} day ${window.startLocal.slice(0, 10)}`,

    async partitions(ctx) {
      const devices = await ctx.db
        .selectFrom('infra_device')
        .select(['device_id', 'device_group_ids'])
        .where('account_id', '=', ctx.accountId)
        .where('deleted_at', 'is', null)
        .orderBy('device_id')
        .execute();
      return [
        {
          id: '-',
          groups: planUptimeGroups(
            devices.map((d) => ({ deviceId: d.device_id, groupIds: d.device_group_ids })),
          ),
        },
      ];
    },

    async *read(ctx, { partition, window }, fetch) {
      const day = window.startLocal.slice(0, 10);
      const span = { start: window.startLocal, end: window.endLocal };
      const items: unknown[] = [];
      let complete = true;
      for (const group of partition.groups) {
        const isRoot = group === ROOT_DEVICE_GROUP.id;
        try {
          for await (const listing of fetch(span, isRoot ? undefined : group)) {
            items.push(...listing.records);
            ctx.validator.reportUnknown(INFRA_DEVICE_UPTIME, listing.body, KNOWN_BODY_FIELDS);
            ctx.validator.reportUnknownValues(INFRA_DEVICE_UPTIME, listing.body, INFRA_BODY_VALUES);
            if (listing.complete === false) complete = false;
          }
        } catch (error) {
          if (!(error instanceof HttpError && error.status === 404) || isRoot) throw error;
          // Gone since the last tree walk; its devices may have moved, so the day is not proven complete.
          complete = false;
        }
      }
      // The data feed values are current as of the last answer.
      const observedAt = ctx.clock();
      if (!complete) {
        ctx.logger.warn(
          { stream: INFRA_DEVICE_UPTIME, day },
          `stream ${INFRA_DEVICE_UPTIME}: the listing of ${day} changed while it was paged; the day will be read again`,
        );
      }
      yield { records: items, complete, meta: { day, period: infraDayPeriod(day), observedAt } };
    },

    schema: infraDeviceSchema,
    values: INFRA_DEVICE_VALUES,
    recordId: (raw) => recordIdOf(DEVICE_KEY, raw),

    mapPage({ items, page, ref, row, reject }) {
      const rows: UptimeRows[] = [];
      for (const { record, raw } of items) {
        // ItemsOnly lists no groups; should one come anyway, it has no uptime row of its own.
        if (record.Type?.toLowerCase() === 'group') continue;
        try {
          const uptime = infraDeviceUptimeDailyRow(record, page.meta.day, page.meta.period, row, raw);
          const feeds = ref.last ? infraDataFeedValueRows(record, raw, page.meta.observedAt, row).rows : [];
          rows.push({ uptime, feeds });
        } catch (error) {
          reject(error, raw);
        }
      }
      return rows;
    },

    compact(row) {
      compactJsonValues(row.uptime);
      for (const feed of row.feeds) compactJsonValues(feed);
    },

    tables: ['infra_device_uptime_daily', 'infra_data_feed_value'],

    async load(trx, rows) {
      const uptime = await mergeRows(
        trx,
        { table: 'infra_device_uptime_daily', key: ['account_id', 'device_id', 'day'] },
        rows.map((r) => r.uptime),
      );
      const feeds = await mergeRows(
        trx,
        { table: 'infra_data_feed_value', key: ['account_id', 'device_id', 'data_feed_id'] },
        rows.flatMap((r) => r.feeds),
      );
      return uptime.written + feeds.written;
    },
  });
}

/** The registry's `infra_device_uptime` stream. */
export const infraDeviceUptimeStream: StreamDefinition = createInfraDeviceUptimeStream();
