/**
 * Cursor paging for one window (facts 2.1; guide points 3 and 7). The one place that decides when
 * a window's pages have ended, so no stream writes its own loop: it stops only when the service
 * gives no `Next` cursor, and fails loudly on a cursor seen before (a loop) or past a page cap,
 * because either would otherwise end the window early or never.
 */
import { StreamError, type ErrorContext } from '../errors.ts';

/** One page: its records, and the cursor of the following page (absent or empty at the end). */
export interface CursorPage<T> {
  records: T[];
  next?: string | undefined;
  /**
   * Each record's JSON text as the response held it, when the fetcher could take it from the body
   * (json-element-texts.ts); same length as `records`.
   */
  texts?: string[] | undefined;
}

/** A page as the paginator yields it. */
export type PageRecords<T> = Pick<CursorPage<T>, 'records' | 'texts'>;

/**
 * Fetches the page at `cursor` (undefined: the first page of the window). A fetcher built for one
 * window may carry that window's `context`, so errors raised while paging it name the window even
 * when the caller passes no context of its own.
 */
export type FetchCursorPage<T> = ((cursor: string | undefined) => Promise<CursorPage<T>>) & {
  readonly context?: ErrorContext;
};

/** Options of paginateCursor. */
export interface PaginateCursorOptions {
  /** Pages one window may have before it is reported as runaway. (Default: 100000) */
  maxPages?: number;
  /** Consecutive pages without records, each with a new cursor, before the cursor is called runaway. (Default: 50) */
  maxEmptyPages?: number;
  /** Names the window (stream, window, partition) in errors. */
  context?: ErrorContext;
}

/** Default page cap: 10 million alerts at 100 per page, far beyond any real window. */
export const DEFAULT_MAX_PAGES = 100_000;

/** Default streak of empty pages with fresh cursors that marks a cursor as runaway. */
export const DEFAULT_MAX_EMPTY_PAGES = 50;

function where(context: ErrorContext): string {
  const parts = [context.stream, context.partition, context.window].filter(
    (p) => p !== undefined && p !== null && p !== '',
  );
  return parts.length > 0 ? ` in window ${parts.join(' ')}` : '';
}

/**
 * Yields the records of each page of one window, in order. Ends after the page without a `Next`.
 * A page with no records whose `Next` repeats the cursor just sent also ends the window: that is
 * the service saying "nothing more yet" on an ascending feed over a period still open at its
 * clock (facts 2.1), not a loop, since the page added nothing. Any other repeated cursor throws a
 * StreamError (`context.reason` = `cursor-loop`); a window longer than `maxPages` throws one with
 * `reason` = `page-cap`, and `maxEmptyPages` empty pages in a row with ever new cursors one with
 * `reason` = `runaway-cursor` (a cursor that never ends, well before the page cap).
 */
export async function* paginateCursor<T>(
  fetchPage: FetchCursorPage<T>,
  options: PaginateCursorOptions = {},
): AsyncGenerator<PageRecords<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxEmpty = options.maxEmptyPages ?? DEFAULT_MAX_EMPTY_PAGES;
  let emptyStreak = 0;
  const context: ErrorContext = { ...fetchPage.context, ...options.context };
  // Page number on which each cursor was first returned, to say where a loop closed.
  const seen = new Map<string, number>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const { records, next, texts } = await fetchPage(cursor);
    if (next === undefined || next === '') {
      yield { records, texts };
      return;
    }
    if (cursor !== undefined && next === cursor && records.length === 0) {
      yield { records, texts };
      return;
    }
    const firstSeen = seen.get(next);
    if (firstSeen !== undefined) {
      throw new StreamError(
        `Cursor loop${where(context)}: page ${page} returned the cursor already returned by page ${firstSeen}`,
        {
          retriable: false,
          context: { ...context, reason: 'cursor-loop', pages: page },
        },
      );
    }
    emptyStreak = records.length === 0 ? emptyStreak + 1 : 0;
    if (emptyStreak >= maxEmpty) {
      throw new StreamError(
        `Runaway cursor${where(context)}: ${emptyStreak} pages in a row without alerts, each with a new cursor`,
        { retriable: false, context: { ...context, reason: 'runaway-cursor', pages: page } },
      );
    }
    if (page >= maxPages) {
      throw new StreamError(
        `Page cap${where(context)}: more than ${maxPages} pages, the window was not read to its end`,
        {
          retriable: false,
          context: { ...context, reason: 'page-cap', pages: page },
        },
      );
    }
    seen.set(next, page);
    yield { records, texts };
    cursor = next;
  }
}
