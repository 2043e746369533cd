/**
 * The keys of the rows one pass of a window served (`WindowRetirement.keyOf`), kept until the
 * window's last batch retires what the warehouse holds and the service no longer serves
 * (window-engine.ts). A window of a year's backfill serves tens of thousands of alerts, and eight
 * windows are read at once: a `Set` of their id texts held 83 bytes of heap per alert (the entry
 * and a 36-character string the rows no longer held once written) for as long as the window was read
 * (issue 42: a year's backfill of 1,000 monitors peaked at 356 to 365 MB against 225 to 237 MB).
 *
 * A key spelled as a lower-case GUID, as an alert id is, is kept as its 16 bytes, in chunks that
 * live outside the JavaScript heap; any other key (a statistics bucket's two instants, a window
 * holds a few dozen) as its text. Keys come back in the order they were added, GUIDs first, and a
 * key added twice comes back twice: the retirement compares sets, so repeats change nothing.
 */
import { isLowerCaseGuid } from '../../guid.ts';

/** GUIDs per chunk: 16 KiB each, so a window of a few keys holds one small chunk at most. */
const CHUNK_GUIDS = 1024;
const GUID_BYTES = 16;

/** Offsets in the GUID's text of its 16 bytes' hex pairs (the dashes skipped). */
const PAIRS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34] as const;

/** The two ASCII codes of each byte's hex digits: byte b at 2b and 2b + 1. */
const HEX_CODES = Uint8Array.from({ length: 512 }, (_, i) =>
  '0123456789abcdef'.charCodeAt(i % 2 === 0 ? i >> 5 : (i >> 1) & 15),
);

function hexValue(code: number): number {
  // Only called on a text GUID matched: 0-9 or a-f.
  return code <= 0x39 ? code - 0x30 : code - 0x57;
}

/** The bytes of one GUID's text, rewritten for each GUID read out (its dashes stay). */
const scratch = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/**
 * The text of the GUID whose 16 bytes start at `at`, written into one 36-byte buffer and read out
 * as one string: called once per alert a window served, where joining its 20 pieces made 19
 * intermediate strings each time.
 */
function guidText(bytes: Uint8Array, at: number): string {
  for (let i = 0; i < GUID_BYTES; i++) {
    const b = bytes[at + i]! << 1;
    const p = PAIRS[i]!;
    scratch[p] = HEX_CODES[b]!;
    scratch[p + 1] = HEX_CODES[b + 1]!;
  }
  return scratch.toString('latin1');
}

/** The keys one pass of a window served. */
export class ServedKeys implements Iterable<string> {
  readonly #chunks: Uint8Array[] = [];
  #guids = 0;
  readonly #others: string[] = [];

  /** Adds the key of one row served. */
  add(key: string): void {
    if (key.length !== 36 || !isLowerCaseGuid(key)) {
      this.#others.push(key);
      return;
    }
    const within = this.#guids % CHUNK_GUIDS;
    if (within === 0) this.#chunks.push(new Uint8Array(CHUNK_GUIDS * GUID_BYTES));
    const chunk = this.#chunks[this.#chunks.length - 1]!;
    const at = within * GUID_BYTES;
    for (let i = 0; i < GUID_BYTES; i++) {
      const p = PAIRS[i]!;
      chunk[at + i] = (hexValue(key.charCodeAt(p)) << 4) | hexValue(key.charCodeAt(p + 1));
    }
    this.#guids++;
  }

  /** Keys added, repeats included. */
  get size(): number {
    return this.#guids + this.#others.length;
  }

  /**
   * Bytes held for the GUIDs (their chunks, allocated whole) and the other keys' texts: what grows
   * with the rows served.
   */
  get heldBytes(): number {
    let texts = 0;
    for (const key of this.#others) texts += key.length;
    return this.#chunks.length * CHUNK_GUIDS * GUID_BYTES + texts;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let n = 0; n < this.#guids; n++) {
      yield guidText(this.#chunks[Math.floor(n / CHUNK_GUIDS)]!, (n % CHUNK_GUIDS) * GUID_BYTES);
    }
    yield* this.#others;
  }
}
