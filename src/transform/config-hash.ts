/**
 * A stable fingerprint of a record's configuration, so monitor_history gets a new version only
 * when something really changed: the same configuration must hash the same whatever the key
 * order of the JSON or whether the service sent an empty field as null or left it out.
 */
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      // null and absent mean the same on this API (facts 1.1); only one of them may count.
      if (item === null || item === undefined) continue;
      sorted[key] = canonical(item);
    }
    return sorted;
  }
  return value;
}

/**
 * SHA-256 (hex) of the canonical JSON of `record`: keys sorted at every depth, null and absent
 * object fields dropped, array order kept (it is meaningful in step lists). `ignoredKeys` are
 * top-level keys left out, for fields that change without a configuration change. Hash the
 * redacted record: an unsalted hash of a password would be guessable.
 */
export function configHash(record: unknown, ignoredKeys: Iterable<string> = []): string {
  const ignored = new Set(ignoredKeys);
  let input = record;
  if (record !== null && typeof record === 'object' && !Array.isArray(record) && ignored.size > 0) {
    input = Object.fromEntries(Object.entries(record).filter(([key]) => !ignored.has(key)));
  }
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)) ?? 'null')
    .digest('hex');
}
