/**
 * A batch of rows as COPY text-format data (the load path's `COPY ... FROM STDIN`, merge-rows.ts):
 * each value as the text its column's type reads, with what Postgres cannot store replaced. Pure.
 */

import { mayHoldSecrets } from '../redaction.ts';

/** A row as column -> value (snake_case column names), whatever its table. */
export type Row = Readonly<Record<string, unknown>>;

// NUL and a lone half of a UTF-16 surrogate pair: Postgres text and jsonb cannot hold either.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_CHAR = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Postgres text and jsonb cannot hold the NUL character, which monitored sites do put in error
 * texts, and jsonb refuses a lone surrogate escape (`\ud800`): either would fail the whole window,
 * on every re-run. Both are replaced by U+FFFD (the replacement character), so the row loads and
 * the reader still sees that something was there.
 */
export function storableText(text: string): string {
  if (!UNSTORABLE_CHAR.test(text)) return text;
  return text.split('\u0000').join('\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

// In JSON text every backslash starts an escape. What Postgres refuses in jsonb is the escape of
// NUL and the escape of half a surrogate pair with no other half beside it (JSON.stringify writes
// a lone half as an escape and a pair as itself; a service may write a pair as two escapes, in
// either case of hex digits). Matching escapes left to right, a pair and "\\\\" each as one,
// finds exactly the ones to replace.
const MAYBE_UNSTORABLE_JSON = /\\u(?:0000|[dD][89a-fA-F])/;
const JSON_ESCAPE_TO_CHECK =
  /\\(?:u0000|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[dD][89a-fA-F][0-9a-fA-F]{2}|\\)/g;

/**
 * JSON text (a response's own, or JSON.stringify's) with what Postgres cannot store in jsonb
 * replaced by the escape of U+FFFD, found in one scan of the text.
 */
export function storableJsonText(json: string): string {
  // Cheap test first: almost no record has anything to replace (a literal "\\u0000" text only
  // sends it down the exact path below, which leaves it alone).
  if (!mayBeUnstorableJson(json)) return json;
  return json.replace(JSON_ESCAPE_TO_CHECK, (escape) =>
    escape === '\\\\' || escape.length === 12 ? escape : '\\ufffd',
  );
}

/**
 * Whether MAYBE_UNSTORABLE_JSON can match: native searches for `\\u` first, the pattern only
 * where one is followed by 0 or d. A backfill asks this of every raw text (a kilobyte each), and
 * searching for the two characters is about ten times cheaper than the pattern's scan.
 */
function mayBeUnstorableJson(json: string): boolean {
  for (let at = json.indexOf('\\u'); at >= 0; at = json.indexOf('\\u', at + 2)) {
    const next = json.charCodeAt(at + 2);
    if (next === 0x30 || next === 0x44 || next === 0x64) return MAYBE_UNSTORABLE_JSON.test(json);
  }
  return false;
}

/**
 * The JSON text of a value with what Postgres cannot store replaced by U+FFFD, found in the
 * serialised text (one scan) rather than by walking and copying every value of a raw object.
 */
export function storableJson(value: unknown): string {
  return storableJsonText(JSON.stringify(value));
}

/**
 * The JSON text to store in a `raw` column for a record that arrived as `text` (its part of the
 * response, json-element-texts.ts) and parsed as `raw`, or undefined when the record must go
 * through redactSecrets first. Storing the received text skips the copy redaction makes and the
 * serialisation after it; `raw` itself is only read, to see that nothing in it is secret.
 *
 * The check reads the parsed record, and the text may hold more: the earlier values of duplicate
 * keys, which JSON.parse drops. `raw` columns are jsonb, which drops them the same way (the last
 * value of a key wins), so what is stored is what was checked. A json or text column would keep
 * them: never use this for one.
 */
export function rawTextToStore(raw: unknown, text: string | undefined): string | undefined {
  return text === undefined || mayHoldSecrets(raw) ? undefined : storableJsonText(text);
}

/**
 * Replaces, in place, each plain-object value of `row` (a `raw` record, a settings object: what a
 * jsonb column receives) by the JSON text the COPY data would hold for it. A batch of mapped rows
 * waits in memory until it is committed; the parsed objects take about four times the memory of
 * their text and live long enough to be promoted to the old heap. The COPY text is identical: a
 * string goes through as itself, and this text holds nothing `storableText` changes.
 */
export function compactJsonValues(row: Record<string, unknown>): void {
  for (const key in row) {
    const value = row[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      row[key] = storableJson(value);
  }
}

const ARRAY_SPECIAL = /["\\]/g;

/** One element of an array literal: quoted, with quotes and backslashes escaped; NULL for null. */
function arrayElement(text: string | null): string {
  return text === null ? 'NULL' : `"${text.replace(ARRAY_SPECIAL, '\\$&')}"`;
}

/** The text a value has in its column: the input of the column type's cast. */
function columnText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return storableText(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  // Arrays of plain values go to array columns (uuid[], text[]) as array literals; objects and
  // arrays of objects go to jsonb columns as JSON.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return `{${value.map((v: unknown) => arrayElement(columnText(v))).join(',')}}`;
  }
  return storableJson(value);
}

// COPY text format: backslash, tab, newline and carriage return are escaped; NULL is \N.
const COPY_SPECIAL = /[\\\t\n\r]/;

/** One field of a COPY text-format line. */
function copyField(text: string | null): string {
  if (text === null) return '\\N';
  if (!COPY_SPECIAL.test(text)) return text;
  // Native replaceAll per character: much cheaper than one regex with a callback on long JSON.
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
}

// What makes a text need more than itself in a COPY line: a COPY escape, or a character Postgres
// cannot store. One test, since nearly every text has neither.
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const NEEDS_WORK = /[\\\t\n\r\u0000\uD800-\uDFFF]/;

/** Texts this long are searched character by character natively instead of by NEEDS_WORK. */
const LONG_TEXT = 64;

/**
 * Whether `text` needs more than itself in a COPY line. A character class scans a long text
 * several times slower than a few native searches (raw JSON texts of a kilobyte are most of what a
 * backfill writes: 1.2 µs against 0.16 µs each on this project's machine); on short texts the
 * pattern is cheaper. A well-formed surrogate pair needs nothing, which the pattern cannot tell.
 */
function needsWork(text: string): boolean {
  if (text.length < LONG_TEXT) return NEEDS_WORK.test(text);
  return (
    text.includes('\\') ||
    text.includes('\t') ||
    text.includes('\n') ||
    text.includes('\r') ||
    text.includes('\u0000') ||
    !(text as string & WellFormedText).isWellFormed()
  );
}

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the project's lib is ES2023). */
interface WellFormedText {
  isWellFormed(): boolean;
}

/** A value as one field of a COPY line: the common types first, each without a second look. */
function fieldOf(value: unknown): string {
  if (typeof value === 'string') return needsWork(value) ? copyField(storableText(value)) : value;
  if (value === null || value === undefined) return '\\N';
  // Neither a number's text nor an ISO timestamp holds anything to escape.
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return copyField(columnText(value));
}

/**
 * Rows per chunk of `copyChunks`: about 30 KB of alerts. Bench scenario 2 (load path / raw COPY,
 * alternating runs on one machine): 512 rows 0.54, 128 rows 0.63 to 0.74, 32 rows 0.69 to 0.84.
 */
const CHUNK_ROWS = 32;

/**
 * `rows` as COPY text-format data, in chunks of whole lines (one line per row, `columns` in order,
 * tab-separated, then the `constants` every line ends with), made as they are asked for: the
 * server parses one chunk while the next is encoded, instead of waiting for the whole batch's text.
 */
export function* copyChunks(
  rows: readonly Row[],
  columns: readonly string[],
  constants: Readonly<Record<string, unknown>> = {},
): Generator<string> {
  const own = columns.filter((c) => !Object.hasOwn(constants, c));
  const last = columns.slice(own.length);
  if (own.length === 0 || last.some((c) => !Object.hasOwn(constants, c)))
    throw new Error("copyChunks: the columns are the rows' own, then the constants");
  const tail = last.map((c) => `\t${fieldOf(constants[c])}`).join('');
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const end = Math.min(rows.length, start + CHUNK_ROWS);
    let chunk = '';
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      let line = fieldOf(row[own[0]!]);
      for (let c = 1; c < own.length; c++) line += `\t${fieldOf(row[own[c]!])}`;
      chunk += `${line}${tail}\n`;
    }
    yield chunk;
  }
}

/**
 * A batch's COPY data, made again each time it is sent (a COPY that fails is retried staged).
 * `columns` lists the rows' own columns, then those of `constants`, in the order the data has them.
 */
export class CopyRows {
  constructor(
    readonly rows: readonly Row[],
    readonly columns: readonly string[],
    readonly constants: Readonly<Record<string, unknown>> = {},
  ) {}

  chunks(): Generator<string> {
    return copyChunks(this.rows, this.columns, this.constants);
  }
}
