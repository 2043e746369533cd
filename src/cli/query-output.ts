/**
 * How `query` prints rows: a table for people, CSV (formula-guarded) or JSON lines for programs,
 * batch by batch as they come from the warehouse. Nothing here holds more than one batch: the
 * table's column widths come from its first batch and grow when a later one needs more (values
 * past 60 characters are cut with `…`), and every write waits until stdout can take more, so a
 * slow pipe holds the query back instead of filling memory.
 */
import type { RowBatch } from '../api/query-job.ts';

/** Output formats of `query`. */
export type QueryFormat = 'table' | 'csv' | 'json';

/** Widest table column, in characters. */
const MAX_COLUMN = 60;

/** The reader of stdout went away (a closed pipe: `| head`): the query stops, nothing failed. */
export class OutputClosed extends Error {
  constructor() {
    super('stdout was closed by its reader');
  }
}

type Out = NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean };

/** Writes `text`, resolving once `out` can take more; rejects with OutputClosed when it cannot. */
export async function writeOut(out: Out, text: string): Promise<void> {
  if (out.destroyed === true || out.writableEnded === true) throw new OutputClosed();
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown): void => {
      out.off('drain', settle);
      out.off('error', settle);
      out.off('close', settle);
      if (error === undefined) resolve();
      else reject(new OutputClosed());
    };
    out.once('drain', settle);
    out.once('error', settle);
    out.once('close', () => settle(new OutputClosed()));
  });
}

/** A value as text; JSON for objects, ISO-8601 UTC for instants. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return value.toString();
  return JSON.stringify(value);
}

/**
 * Text from monitored sites is untrusted: on a terminal, an escape sequence in an error message
 * could move the cursor, retitle the window or hide lines. Line breaks and tabs become spaces (one
 * row, one line); every other C0/C1 control character and DEL becomes U+FFFD.
 */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
}

/** Prints the batches of one statement in one format. */
export interface RowWriter {
  batch(batch: RowBatch): Promise<void>;
  /** After the last batch: the table's row count, or the label of an empty result. */
  end(rows: number): Promise<void>;
}

/**
 * A writer of `format` to `out`. With a `label` (one example of `query --file`), the rows are
 * marked with it: a header line as in a file of examples before a table or CSV, an `example` key
 * in JSON.
 */
export async function rowWriter(format: QueryFormat, out: Out, label?: string): Promise<RowWriter> {
  let started = false;
  const heading = async (): Promise<void> => {
    if (started) return;
    started = true;
    if (label !== undefined && format !== 'json')
      await writeOut(out, `/* example: ${terminalSafe(label)} */\n`);
  };
  if (format === 'json') {
    return {
      batch: ({ rows }) =>
        writeOut(
          out,
          rows
            .map((row) => `${JSON.stringify(label === undefined ? row : { example: label, row })}\n`)
            .join(''),
        ),
      end: () => Promise.resolve(),
    };
  }
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync');
    return {
      async batch({ columns, rows }) {
        const header = started ? [] : [[...columns]];
        await heading();
        const values = rows.map((row) => columns.map((c) => cell(row[c])));
        await writeOut(out, stringify([...header, ...values], { escape_formulas: true }));
      },
      end: () => heading(),
    };
  }
  let widths: number[] | undefined;
  const line = (cells: readonly string[]): string =>
    cells
      .map((v, i) => {
        const width = widths![i]!;
        return (v.length > width ? `${v.slice(0, width - 1)}…` : v).padEnd(width);
      })
      .join(' | ');
  return {
    async batch({ columns, rows }) {
      await heading();
      const values = rows.map((row) => columns.map((c) => terminalSafe(cell(row[c]))));
      let text = '';
      const first = widths === undefined;
      const header = columns.map(terminalSafe);
      widths ??= header.map((c) => Math.min(MAX_COLUMN, Math.max(1, c.length)));
      // A loop, not Math.max(...values): millions of arguments overflow the stack. A later batch
      // may widen a column (its earlier rows stay as printed); nothing is cut below 60.
      for (const v of values)
        for (let i = 0; i < v.length; i++)
          widths[i] = Math.min(MAX_COLUMN, Math.max(widths[i]!, v[i]!.length));
      if (first) text += `${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-+-')}\n`;
      for (const v of values) text += `${line(v)}\n`;
      await writeOut(out, text);
    },
    async end(rows) {
      await heading();
      await writeOut(out, `(${rows} row${rows === 1 ? '' : 's'})\n`);
    },
  };
}
