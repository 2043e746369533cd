/**
 * A batch of rows as COPY text-format data (the load path's `COPY ... FROM STDIN`, merge-rows.ts):
 * each value as the text its column's type reads, with what Postgres cannot store replaced. Pure.
 */

import { storableJson, storableText } from '../../storable-text.ts';

/** A row as column -> value (snake_case column names), whatever its table. */
export type Row = Readonly<Record<string, unknown>>;

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
