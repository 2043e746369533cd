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
 * Memory is bounded: at most MAX_TRACKED monitors, spellings of them and contents are remembered per window (a
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

/** A field's value as the text its content is hashed by: texts as they are, the rest as JSON. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  // What JSON.stringify gives a number parsed from JSON, without its generic path.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return JSON.stringify(value);
}

const FNV_PRIME = 0x01000193;
const QUOTE_CODE = 0x22;
const HASH_CODE = 0x23;

/**
 * The content of an alert as one number: two 32-bit FNV-1a hashes of every field of ATTRIBUTES
 * (texts as they are, numbers and objects as JSON, each tagged with its kind; the first hash also
 * ends each field with a NUL), folded into 53 bits. Both hashes are taken in one pass over each
 * field's text. Kept instead of the
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
    const tag = typeof value === 'string' ? QUOTE_CODE : HASH_CODE;
    const text = fieldText(value);
    a = Math.imul(a ^ tag, FNV_PRIME) >>> 0;
    b = Math.imul(b ^ tag, FNV_PRIME) >>> 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, FNV_PRIME) >>> 0;
      b = Math.imul(b ^ c, FNV_PRIME) >>> 0;
    }
    // The NUL after each field, first hash only.
    a = Math.imul(a, FNV_PRIME) >>> 0;
  }
  return (a & 0x1fffff) * 0x100000000 + b;
}

/** The number of an alert's id, 32 bits: the ids one content came under are compared by it. */
function idNumber(id: unknown): number {
  const text = typeof id === 'string' ? id : String(JSON.stringify(id));
  return fnv(fnv(0x811c9dc5, typeof id === 'string' ? '"' : '#'), text);
}

/** Slots of the contents' table at first; it doubles when half full. */
const FIRST_SLOTS = 1024;

/** What the pages of one pass of one window showed so far. */
export class PageEvidence {
  readonly #monitors = new Set<string>();
  // The monitor GUIDs as the alerts spelled them: most alerts name a monitor seen before, found
  // here without a lower-case copy of its GUID per alert.
  readonly #spellings = new Set<string>();
  // Each content's number, and the number of the first id it came under, in an open-addressing
  // table (linear probing, 0 = an empty slot) outside the JavaScript heap: 12 bytes a slot, at
  // most twice as many slots as contents. A Map of the numbers to arrays of the ids held about
  // 110 bytes of heap per alert of a window for as long as it was read, eight windows at once (a year's
  // backfill of 1,000 monitors, issue 42). No alert's attributes or id text is kept, and no text of
  // them is built per alert (a backfill reads a million). The same alert served again under the
  // same id is the loop guard's and the page cap's, not this.
  #contents = new Float64Array(FIRST_SLOTS);
  #firstIds = new Uint32Array(FIRST_SLOTS);
  #tracked = 0;
  // The further ids of the contents that came under more than one (rare: one per alert definition
  // that fired), at most MAX_COPIES_PER_ALERT of them.
  readonly #furtherIds = new Map<number, number[]>();
  #mostCopies = 0;

  /** Starts over: a restarted pass reads the window again from its first page. */
  reset(): void {
    this.#monitors.clear();
    this.#spellings.clear();
    this.#contents = new Float64Array(FIRST_SLOTS);
    this.#firstIds = new Uint32Array(FIRST_SLOTS);
    this.#tracked = 0;
    this.#furtherIds.clear();
    this.#mostCopies = 0;
  }

  /** Takes in the records of one page. */
  add(records: readonly unknown[]): void {
    for (const record of records) {
      const attributes = attributesOf(record);
      if (attributes === undefined) continue;
      const monitor = attributes.MonitorGuid;
      if (typeof monitor === 'string' && this.#monitors.size < MAX_TRACKED && !this.#spellings.has(monitor)) {
        // Bounded too: a source spelling one GUID in ever new cases would otherwise grow it per alert.
        if (this.#spellings.size < MAX_TRACKED) this.#spellings.add(monitor);
        this.#monitors.add(monitor.toLowerCase());
      }
      // 0 marks an empty slot: the one content numbered 0 shares 1's.
      this.#count(contentHash(attributes) || 1, idNumber((record as { Id?: unknown }).Id));
    }
  }

  #count(content: number, id: number): void {
    const slot = this.#slotOf(content);
    if (this.#contents[slot] === 0) {
      this.#mostCopies = Math.max(this.#mostCopies, 1);
      if (this.#tracked >= MAX_TRACKED) return;
      this.#contents[slot] = content;
      this.#firstIds[slot] = id;
      if (++this.#tracked * 2 > this.#contents.length) this.#grow();
      return;
    }
    if (this.#firstIds[slot] === id) return;
    const further = this.#furtherIds.get(content);
    if (further === undefined) {
      this.#furtherIds.set(content, [id]);
      this.#mostCopies = Math.max(this.#mostCopies, 2);
    } else if (further.length < MAX_COPIES_PER_ALERT && !further.includes(id)) {
      further.push(id);
      this.#mostCopies = Math.max(this.#mostCopies, further.length + 1);
    }
  }

  /** The slot holding `content`, or the empty one where it goes. */
  #slotOf(content: number): number {
    const mask = this.#contents.length - 1;
    // The low 32 bits of the number, which spread as well as the FNV hash they are.
    let slot = (content >>> 0) & mask;
    while (this.#contents[slot] !== 0 && this.#contents[slot] !== content) slot = (slot + 1) & mask;
    return slot;
  }

  #grow(): void {
    const contents = this.#contents;
    const firstIds = this.#firstIds;
    this.#contents = new Float64Array(contents.length * 2);
    this.#firstIds = new Uint32Array(contents.length * 2);
    for (let i = 0; i < contents.length; i++) {
      if (contents[i] === 0) continue;
      const slot = this.#slotOf(contents[i]!);
      this.#contents[slot] = contents[i]!;
      this.#firstIds[slot] = firstIds[i]!;
    }
  }

  /** Distinct monitors the alerts named. */
  get monitorsNamed(): number {
    return this.#monitors.size;
  }

  /** Monitor names held: the monitors and the spellings they came in, each at most MAX_TRACKED. */
  get namesHeld(): number {
    return this.#monitors.size + this.#spellings.size;
  }

  /** The most copies of one alert's content seen. */
  get mostCopies(): number {
    return this.#mostCopies;
  }

  /**
   * Bytes held for the contents (the table, and 8 for each further id of a repeated content):
   * what grows with the alerts of the window. The monitors named are bounded by the account.
   */
  get heldBytes(): number {
    let further = 0;
    for (const ids of this.#furtherIds.values()) further += ids.length * 8;
    return this.#contents.byteLength + this.#firstIds.byteLength + further;
  }
}
