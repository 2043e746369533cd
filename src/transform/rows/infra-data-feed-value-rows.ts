/**
 * `uptrends.infra_data_feed_value` rows: the current value of each data feed of a device, as of
 * the moment it was read. The key is (device, feed), so the newest reading replaces the last; a
 * feed without an id cannot be keyed and is handed back for the caller to reject, without
 * rejecting the device.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { InfraDevice } from '../../extract/schemas/infra-device-group-data.ts';
import type { RowContext } from '../row-context.ts';
import { redactSecrets } from '../../redaction.ts';

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
      raw: redactSecrets(received),
      run_id: ctx.runId,
    });
  }
  return { rows, withoutId };
}
