/**
 * Reads a whole window with readCursorPages and returns what the final pass read, the way the
 * window engine sees it: the records of the last pass, the pages of every pass, the restarts.
 */
import type { FetchCursorPage } from '../../src/extract/paginate-cursor.ts';
import { readCursorPages, type ReadCursorPagesOptions } from '../../src/extract/window-readers.ts';

/** The result of reading one window to its end. */
export interface ReadWindow<T> {
  records: T[];
  pages: number;
  restarts: number;
}

/** Reads every page of a window; throws what the reader throws. */
export async function readWholeWindow<T>(
  fetchPage: FetchCursorPage<T>,
  options: ReadCursorPagesOptions = {},
): Promise<ReadWindow<T>> {
  let records: T[] = [];
  let pages = 0;
  let pass = 0;
  for await (const page of readCursorPages(fetchPage, options)) {
    pages++;
    if (page.pass !== pass) {
      pass = page.pass;
      records = [];
    }
    records.push(...page.records);
  }
  return { records, pages, restarts: pass };
}
