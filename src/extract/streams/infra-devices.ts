/**
 * Stream `infra_devices`: the Infra device tree (groups, devices, memberships) and the current
 * values of the devices' data feeds, from one walk of `/v1/DeviceGroupData` (one request per group
 * and page). Everything loads in one transaction. Groups and devices missing from a complete walk
 * are soft-deleted; after an incomplete walk (a rejected item, a listing that changed while it was
 * paged) nothing is marked deleted, because absence then proves nothing.
 */
import { loadSnapshot } from '../../load/load-snapshot.ts';
import { mergeRows, type Row } from '../../load/merge-rows.ts';
import { saveRejects } from '../../load/save-rejects.ts';
import { infraDataFeedValueRows } from '../../transform/rows/infra-data-feed-value-rows.ts';
import { infraDeviceGroupRow } from '../../transform/rows/infra-device-group-row.ts';
import { infraDeviceRow } from '../../transform/rows/infra-device-row.ts';
import type { RowContext } from '../../transform/row-context.ts';
import { DEFAULT_INFRA_STREAM_OPTIONS, type InfraStreamOptions } from '../infra/infra-stream-options.ts';
import { mergeSeen } from '../infra/merge-seen.ts';
import { requireInfra } from '../infra/require-infra.ts';
import { walkDeviceTree } from '../infra/walk-device-tree.ts';
import {
  infraDeviceSchema,
  KNOWN_INFRA_DEVICE_FIELDS,
  KNOWN_INFRA_DEVICE_GROUP_DATA_FIELDS,
} from '../schemas/infra-device-group-data.ts';
import type { StreamDefinition } from '../stream-definition.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { field } from './field.ts';

/** Stream name. */
export const INFRA_DEVICES = 'infra_devices';

const GROUP_KEY = ['account_id', 'device_group_id'] as const;
const DEVICE_KEY = ['account_id', 'device_id'] as const;
const FEED_KEY = ['account_id', 'device_id', 'data_feed_id'] as const;

async function runInfraDevices(ctx: SyncContext, options: InfraStreamOptions): Promise<StreamResult> {
  const infra = requireInfra(ctx, INFRA_DEVICES);
  const tree = await walkDeviceTree(infra, {
    ...options,
    concurrency: ctx.options.concurrency,
    stream: INFRA_DEVICES,
    parseItem: (raw) =>
      ctx.validator.parse(INFRA_DEVICES, infraDeviceSchema, raw, {
        idOf: field('Id'),
        known: KNOWN_INFRA_DEVICE_FIELDS,
      }),
  });
  for (const body of tree.bodies)
    ctx.validator.reportUnknown(INFRA_DEVICES, body, KNOWN_INFRA_DEVICE_GROUP_DATA_FIELDS);
  const seenAt = ctx.clock();
  const rowCtx: RowContext = {
    accountId: ctx.accountId,
    zone: ctx.zone,
    runId: ctx.runId,
    stream: INFRA_DEVICES,
  };
  const groupRows = tree.groups.map((g) => infraDeviceGroupRow(g, rowCtx) as unknown as Row);
  const deviceRows = tree.devices.map(
    (d) => infraDeviceRow(d.record, d.groupIds, rowCtx, d.raw) as unknown as Row,
  );
  const feedRows: Row[] = [];
  for (const device of tree.devices) {
    const feeds = infraDataFeedValueRows(device.record, device.raw, seenAt, rowCtx);
    feedRows.push(...(feeds.rows as unknown as Row[]));
    for (const raw of feeds.withoutId) {
      ctx.validator.reject({
        stream: INFRA_DEVICES,
        recordId: `${device.record.Id}/?`,
        error: `a data feed of device ${device.record.Id} has no Id`,
        raw,
      });
    }
  }
  const rejects = ctx.validator.drain(INFRA_DEVICES);
  let written = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const [table, key, rows] of [
      ['infra_device_group', GROUP_KEY, groupRows],
      ['infra_device', DEVICE_KEY, deviceRows],
    ] as const) {
      const result = tree.complete
        ? await loadSnapshot(trx, { table, key, rows, scope: { account_id: ctx.accountId } }, seenAt)
        : { ...(await mergeSeen(trx, table, key, rows, seenAt)), deleted: 0 };
      written += result.written + result.deleted;
    }
    written += (await mergeRows(trx, { table: 'infra_data_feed_value', key: FEED_KEY }, feedRows)).written;
    await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
  });
  const notice = tree.complete
    ? undefined
    : 'the device tree was read incompletely; nothing was marked deleted this run';
  if (notice !== undefined) ctx.logger.warn({ stream: INFRA_DEVICES }, `stream ${INFRA_DEVICES}: ${notice}`);
  return {
    records: tree.items,
    written,
    windows: 1,
    rejected: rejects.length,
    ...(notice === undefined ? {} : { notice }),
  };
}

/** An `infra_devices` stream with the given paging and format (tests use small pages and XML). */
export function createInfraDevicesStream(
  options: InfraStreamOptions = DEFAULT_INFRA_STREAM_OPTIONS,
): StreamDefinition {
  return Object.freeze({
    name: INFRA_DEVICES,
    description:
      'Infra device groups, devices with their group memberships, and current data feed values (one tree walk).',
    api: 'infra' as const,
    run: (ctx: SyncContext) => runInfraDevices(ctx, options),
  });
}

/** The registry's `infra_devices` stream. */
export const infraDevicesStream: StreamDefinition = createInfraDevicesStream();
