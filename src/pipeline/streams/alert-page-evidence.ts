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

/** FNV-1a over `text`, continuing from `hash` (a 32-bit unsigned integer). */
function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The content of an alert as one number: two 32-bit FNV-1a hashes of every field of ATTRIBUTES
 * (texts as they are, numbers and objects as JSON, each tagged with its kind), folded into 53 bits. Kept instead of the
 * alert's attributes, which held every alert of a window in memory until the window ended (a
 * year's backfill of 1,000 monitors peaked at 625 to 721 MB against 225 to 237 MB before, issue
 * 42). Two contents that share a number count as one: in one window of tens of thousands of
 * contents that happens about once in hundreds of millions of windows, and it adds one id to a
 * count that fails only past MAX_COPIES_PER_ALERT.
 */
function contentHash(attributes: Record<string, unknown>): number {
  let a = 0x811c9dc5;
  let b = 0x01234567;
  for (const field of ATTRIBUTES) {
    const value = attributes[field] ?? null;
    // A text and the number it spells are different contents: each is tagged with its kind.
    const tag = typeof value === 'string' ? '"' : '#';
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    a = fnv(fnv(fnv(a, tag), text), '\u0000');
    b = fnv(fnv(b, tag), text);
  }
  return (a & 0x1fffff) * 0x100000000 + b;
}

/** What the pages of one pass of one window showed so far. */
export class PageEvidence {
  readonly #monitors = new Set<string>();
  // The distinct ids each content came under (at most MAX_COPIES_PER_ALERT + 1), by its number: no
  // alert's attributes are kept, and no text of them is built per alert (a backfill reads half a
  // million). The same alert served again under the same id is the loop guard's and the page
  // cap's, not this.
  readonly #copies = new Map<number, unknown[]>();
  #mostCopies = 0;

  /** Starts over: a restarted pass reads the window again from its first page. */
  reset(): void {
    this.#monitors.clear();
    this.#copies.clear();
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
      const content = contentHash(attributes);
      const ids = this.#copies.get(content);
      if (ids === undefined) {
        if (this.#copies.size < MAX_TRACKED) this.#copies.set(content, [id]);
        this.#mostCopies = Math.max(this.#mostCopies, 1);
      } else if (ids.length <= MAX_COPIES_PER_ALERT && !ids.includes(id)) {
        ids.push(id);
        this.#mostCopies = Math.max(this.#mostCopies, ids.length);
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
