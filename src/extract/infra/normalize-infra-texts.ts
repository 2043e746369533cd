/**
 * Gives text fields of a DeviceGroupData body back their text type. An XML body carries no types:
 * the HTTP client turns leaf text that is exactly a canonical number or boolean into one, so a
 * device named `1234` or a FriendlyValue of `true` would arrive as a number or boolean and fail the
 * schema, although the JSON body sends the same value as a string. The conversion is reversible
 * (only canonical spellings are converted), so `String(value)` restores the text exactly and JSON
 * and XML bodies give the same records. Anything that is not the expected shape is left alone for
 * the schemas to judge.
 */

const ITEM_TEXT_FIELDS = ['Name', 'Type', 'Status', 'FriendlyUptime'] as const;
// The spec types a feed's Id and Value as text; an item's Id has no documented type and is left as sent.
const FEED_TEXT_FIELDS = ['Id', 'Name', 'Type', 'Status', 'Value', 'FriendlyValue'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function withTexts(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const name of fields) {
    const value = copy[name];
    if (typeof value === 'number' || typeof value === 'boolean') copy[name] = String(value);
  }
  return copy;
}

function normalizeItem(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const copy = withTexts(item, ITEM_TEXT_FIELDS);
  const feeds: unknown = copy.DataFeeds;
  if (Array.isArray(feeds)) {
    copy.DataFeeds = feeds.map((feed: unknown) =>
      isRecord(feed) ? withTexts(feed, FEED_TEXT_FIELDS) : feed,
    );
  }
  return copy;
}

/** A copy of a DeviceGroupData body whose text fields are strings again. */
export function normalizeInfraTexts(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const copy = withTexts(body, ['Status']);
  const items: unknown = copy.Devices;
  if (Array.isArray(items)) copy.Devices = items.map((item: unknown) => normalizeItem(item));
  return copy;
}
