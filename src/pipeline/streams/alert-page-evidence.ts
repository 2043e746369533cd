/**
 * What a window's alert pages themselves show about how many alerts it can hold, for the runaway
 * guard (alert-capacity.ts) when the warehouse knows no monitor yet (`sync --streams
 * monitor_groups,alerts` on a fresh warehouse): the monitors the alerts name, and the same alert
 * content served again under fresh ids (issue 40, item 9).
 *
 * - **Monitors named.** Every alert names its monitor; the window can hold at most what those
 *   monitors can raise, each assumed to check as often as any Uptrends monitor can.
 * - **Content served again.** An alert is its monitor, type, times, checks, incident key and
 *   texts; the service may send one check's alert more than once (one per alert definition or
 *   escalation level that fired), but not without end. Content seen under more than
 *   MAX_COPIES_PER_ALERT distinct ids in one pass is a cursor serving the same alerts under fresh
 *   ids. (The same alert under its same id again is the loop guard's and the page cap's.)
 *
 * Memory is bounded: at most MAX_TRACKED monitors and contents are remembered per window (a
 * window holding more is bounded by the monitors the warehouse knows, or by the page cap).
 */

/** Copies of one alert's content the service may send in one window (one per alert definition that fired). */
export const MAX_COPIES_PER_ALERT = 10;

/** Monitors and contents remembered per window at most. */
const MAX_TRACKED = 200_000;

const ATTRIBUTES = [
  'AlertType',
  'MonitorGuid',
  'Timestamp',
  'FirstError',
  'MonitorCheckId',
  'FirstErrorMonitorCheckId',
  'IncidentKey',
  'ErrorDescription',
  'ErrorMessage',
] as const;

function attributesOf(record: unknown): Record<string, unknown> | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  const attributes = (record as { Attributes?: unknown }).Attributes;
  return attributes !== null && typeof attributes === 'object'
    ? (attributes as Record<string, unknown>)
    : undefined;
}

/** Whether two alerts' attributes hold the same content: the same JSON in every field of ATTRIBUTES. */
function sameContent(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const field of ATTRIBUTES) {
    const x = a[field] ?? null;
    const y = b[field] ?? null;
    if (x === y) continue;
    // Parsed JSON: equal texts, numbers and nulls are ===; objects are compared as their JSON.
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/** One content seen: the attributes it first came in, and the distinct ids it came under. */
interface Copies {
  readonly attributes: Record<string, unknown>;
  readonly ids: unknown[];
}

/** What the pages of one pass of one window showed so far. */
export class PageEvidence {
  readonly #monitors = new Set<string>();
  // Contents by a short key (monitor, times and check), each list holding the contents that share
  // it, compared field by field: no text of the whole content is built per alert (a backfill reads
  // half a million). Each keeps the distinct ids it came under (at most MAX_COPIES_PER_ALERT + 1):
  // the same alert served again under the same id is the loop guard's and the page cap's, not this.
  readonly #copies = new Map<string, Copies[]>();
  #contents = 0;
  #mostCopies = 0;

  /** Starts over: a restarted pass reads the window again from its first page. */
  reset(): void {
    this.#monitors.clear();
    this.#copies.clear();
    this.#contents = 0;
    this.#mostCopies = 0;
  }

  /** Takes in the records of one page. */
  add(records: readonly unknown[]): void {
    for (const record of records) {
      const attributes = attributesOf(record);
      if (attributes === undefined) continue;
      const monitor = attributes.MonitorGuid;
      if (typeof monitor === 'string' && this.#monitors.size < MAX_TRACKED)
        this.#monitors.add(monitor.toLowerCase());
      const id = (record as { Id?: unknown }).Id;
      const key = `${String(monitor)}|${String(attributes.Timestamp)}|${String(attributes.MonitorCheckId)}`;
      const seen = this.#copies.get(key);
      const copies = seen?.find((c) => sameContent(c.attributes, attributes));
      if (copies === undefined) {
        if (this.#contents < MAX_TRACKED) {
          this.#contents++;
          const fresh: Copies = { attributes, ids: [id] };
          if (seen === undefined) this.#copies.set(key, [fresh]);
          else seen.push(fresh);
        }
        this.#mostCopies = Math.max(this.#mostCopies, 1);
      } else if (copies.ids.length <= MAX_COPIES_PER_ALERT && !copies.ids.includes(id)) {
        copies.ids.push(id);
        this.#mostCopies = Math.max(this.#mostCopies, copies.ids.length);
      }
    }
  }

  /** Distinct monitors the alerts named. */
  get monitorsNamed(): number {
    return this.#monitors.size;
  }

  /** The most copies of one alert's content seen. */
  get mostCopies(): number {
    return this.#mostCopies;
  }
}
