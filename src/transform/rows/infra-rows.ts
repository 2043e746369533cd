/**
 * Rows of the Infra tables: the device tree's groups and devices, a device's uptime on one
 * account-local day, and the current values of its data feeds. Texts are normalised and raw items
 * kept without their data feeds (stored in their own table).
 */
import { RecordValidationError } from '../../errors.ts';
import type { TreeGroup } from '../../extract/infra/walk-device-tree.ts';
import type { InfraDevice } from '../../extract/schemas/infra-device-group-data.ts';
import type { MappedRow } from '../../load/schema.ts';
import { rawColumn } from '../raw-column.ts';
import type { LocalDate } from '../../terms.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.infra_device_group` written by the mapper (the loader adds the seen stamps). */
export type InfraDeviceGroupRow = MappedRow<'infra_device_group'>;

/** Maps a group found by the tree walk; the root has no raw item. */
export function infraDeviceGroupRow(group: TreeGroup, ctx: RowContext): InfraDeviceGroupRow {
  return {
    account_id: ctx.accountId,
    device_group_id: group.id,
    name: group.name,
    parent_device_group_id: group.parentId,
    depth: group.depth,
    status: group.status,
    raw: group.raw === null ? null : infraRawItem(group.raw),
    run_id: ctx.runId,
  };
}

/** Columns of `uptrends.infra_device` written by the mapper (the loader adds the seen stamps). */
export type InfraDeviceRow = MappedRow<'infra_device'>;

/** Maps a parsed device item; `groupIds` are the groups listing it, `original` the item as received. */
export function infraDeviceRow(
  device: InfraDevice,
  groupIds: readonly string[],
  ctx: RowContext,
  original: unknown,
): InfraDeviceRow {
  return {
    account_id: ctx.accountId,
    device_id: device.Id,
    name: device.Name ?? null,
    item_type: device.Type ?? null,
    status: device.Status ?? null,
    // Sorted so the same memberships always compare equal and never rewrite the row.
    device_group_ids: [...new Set(groupIds)].sort(),
    raw: infraRawItem(original),
    run_id: ctx.runId,
  };
}

/**
 * The `raw` value stored for an Infra item: the record as received, secrets removed, without its
 * `DataFeeds`. Sensor values change every few minutes and live in `infra_data_feed_value`; keeping
 * them in the device and uptime rows as well would rewrite those rows on every re-read although
 * nothing about the device or its day changed.
 */

/** A redacted copy of an item without DataFeeds; anything but an object is returned redacted. */
export function infraRawItem(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return rawColumn(raw);
  const { DataFeeds: _feeds, ...rest } = raw as Record<string, unknown>;
  return rawColumn(rest);
}

/** Columns of `uptrends.infra_data_feed_value`. */
export type InfraDataFeedValueRow = MappedRow<'infra_data_feed_value'>;

const NUMERIC_TEXT = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

function numberOf(value: string | null): number | null {
  if (value === null || !NUMERIC_TEXT.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function rawFeeds(original: unknown): unknown[] {
  const feeds =
    original !== null && typeof original === 'object'
      ? (original as Record<string, unknown>).DataFeeds
      : undefined;
  return Array.isArray(feeds) ? feeds : [];
}

/**
 * Maps the DataFeeds of a parsed device read at `observedAt`; `original` is the device item as
 * received (its feeds become `raw`). Feeds without an id come back apart, as received.
 */
export function infraDataFeedValueRows(
  device: InfraDevice,
  original: unknown,
  observedAt: Date,
  ctx: RowContext,
): { rows: InfraDataFeedValueRow[]; withoutId: unknown[] } {
  const rows: InfraDataFeedValueRow[] = [];
  const withoutId: unknown[] = [];
  const originals = rawFeeds(original);
  for (const [index, feed] of (device.DataFeeds ?? []).entries()) {
    const received = originals[index] ?? feed;
    if (feed.Id === undefined || feed.Id === null || feed.Id === '') {
      withoutId.push(received);
      continue;
    }
    const value = feed.Value ?? null;
    rows.push({
      account_id: ctx.accountId,
      device_id: device.Id,
      data_feed_id: feed.Id,
      name: feed.Name ?? null,
      data_type: feed.Type ?? null,
      status: feed.Status ?? null,
      value,
      value_number: numberOf(value),
      friendly_value: feed.FriendlyValue ?? null,
      observed_at: observedAt,
      raw: rawColumn(received),
      run_id: ctx.runId,
    });
  }
  return { rows, withoutId };
}

/** Columns of `uptrends.infra_device_uptime_daily`. */
export type InfraDeviceUptimeDailyRow = MappedRow<'infra_device_uptime_daily'>;

/** Maps one device item of a day's response; throws RecordValidationError for an impossible uptime. */
export function infraDeviceUptimeDailyRow(
  device: InfraDevice,
  day: LocalDate,
  period: string,
  ctx: RowContext,
  original: unknown,
): InfraDeviceUptimeDailyRow {
  const uptime = device.Uptime ?? null;
  if (uptime !== null && (uptime < 0 || uptime > 100)) {
    throw new RecordValidationError(`Uptime ${uptime} of device ${device.Id} on ${day} is outside 0-100`, {
      context: { stream: ctx.stream ?? 'infra_device_uptime_daily', recordId: device.Id, day },
    });
  }
  const status = device.Status ?? null;
  const noData = uptime === null || (uptime === 0 && status?.toLowerCase() === 'unknown');
  return {
    account_id: ctx.accountId,
    device_id: device.Id,
    day,
    uptime_percentage: uptime,
    has_data: !noData,
    status,
    friendly_uptime: device.FriendlyUptime ?? null,
    period,
    raw: infraRawItem(original),
    run_id: ctx.runId,
  };
}
