import { redactSecrets } from '../../redaction.ts';
/**
 * The `raw` value stored for an Infra item: the record as received, secrets removed, without its
 * `DataFeeds`. Sensor values change every few minutes and live in `infra_data_feed_value`; keeping
 * them in the device and uptime rows as well would rewrite those rows on every re-read although
 * nothing about the device or its day changed.
 */

/** A redacted copy of an item without DataFeeds; anything but an object is returned redacted. */
export function infraRawItem(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return redactSecrets(raw);
  const { DataFeeds: _feeds, ...rest } = raw as Record<string, unknown>;
  return redactSecrets(rest);
}
