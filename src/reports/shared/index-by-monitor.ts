/**
 * Groups rows by monitor once, so per-monitor figures for the period, the previous period and
 * twelve trend months do not each rescan every incident, maintenance interval and bucket.
 */

/** Rows of each monitor guid, in input order. */
export function indexByMonitor<T extends { readonly monitor_guid: string }>(
  rows: readonly T[],
): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const row of rows) {
    const list = index.get(row.monitor_guid);
    if (list === undefined) index.set(row.monitor_guid, [row]);
    else list.push(row);
  }
  return index;
}
