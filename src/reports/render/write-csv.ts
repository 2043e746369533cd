/**
 * Streams rows to a CSV file for analysts: RFC 4180 with CRLF, UTF-8 with a BOM (so Excel reads
 * it as UTF-8), ISO-8601 UTC instants. Rows come from an (async) iterable and flow through
 * csv-stringify into the file with backpressure, so a year of raw alerts never sits in memory.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { safeText } from './safe-text.ts';
import { tempWriteStream, withPendingFile } from './atomic-file.ts';
import { pauser } from '../../interruption.ts';

/** A CSV field: strings pass `safeText`, dates become ISO-8601 UTC, null becomes empty. */
export type CsvValue = string | number | boolean | Date | null;

/** ISO-8601 UTC with seconds (`2025-10-05T10:00:00Z`); milliseconds only when present. */
export function isoUtc(instant: Date): string {
  const iso = instant.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

function toField(value: CsvValue): string | number | null {
  if (value === null) return null;
  if (value instanceof Date) return isoUtc(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return safeText(value);
}

async function* fields(
  rows: Iterable<readonly CsvValue[]> | AsyncIterable<readonly CsvValue[]>,
): AsyncGenerator<(string | number | null)[]> {
  for await (const row of rows) yield row.map(toField);
}

/** Writes `header` and `rows` to `path`; resolves with the number of data rows written. */
export async function writeCsv(
  path: string,
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]> | AsyncIterable<readonly CsvValue[]>,
  signal?: AbortSignal,
): Promise<number> {
  let count = 0;
  const pause = pauser(signal);
  const counted = async function* (): AsyncGenerator<(string | number | null)[]> {
    for await (const row of fields(rows)) {
      await pause();
      count += 1;
      yield row;
    }
  };
  await withPendingFile(path, (tempPath) =>
    pipeline(
      Readable.from(counted(), { objectMode: true, highWaterMark: 64 }),
      stringify({
        header: true,
        columns: [...header],
        bom: true,
        record_delimiter: 'windows',
        // With a CRLF delimiter csv-stringify leaves a field holding only LF or CR unquoted
        // (adaltas/node-csv#467); RFC 4180 readers then split the record. Quote any line break.
        quoted_match: [/[\r\n]/],
        // safeText already neutralised formula starters; this is a second guard for anything
        // that reaches the file without passing it.
        escape_formulas: true,
      }),
      tempWriteStream(tempPath),
    ),
  );
  return count;
}
