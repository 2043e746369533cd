/**
 * Reads one alert window completely: every page of its cursor, with the window restarted from its
 * first page when the service rejects a cursor as invalid or expired (cursors can be invalidated
 * server-side, facts 2.1: the 2025 format change). A window is returned only once its cursor is
 * exhausted, so the caller may commit it and move the watermark; anything less throws.
 */
import { ConfigError, HttpError, ResponseFormatError, StreamError, type ErrorContext } from '../errors.ts';
import { alertListSchema } from './schemas/alert-list.ts';
import { paginateCursor, type CursorPage, type FetchCursorPage } from './paginate-cursor.ts';

/** Options of readCursorWindow. */
export interface ReadCursorWindowOptions<T> {
  /** Page cap per pass. (Default: 100000) */
  maxPages?: number;
  /** Restarts after an invalid cursor before the window fails. (Default: 3) */
  maxRestarts?: number;
  /**
   * Whether a failure of a request that carried a cursor means "cursor invalid, start over".
   * (Default: an HttpError with status 400)
   */
  isInvalidCursor?: (error: unknown) => boolean;
  /** Deduplication key; records with the same key are kept once (the last copy, at the first position). */
  key?: (record: T) => string | undefined;
  /** Names the window in errors. */
  context?: ErrorContext;
  /** Called after each page with the number of pages read so far (all passes). */
  onPage?: (pages: number) => void;
}

/** A completely read window. */
export interface CursorWindow<T> {
  records: T[];
  /** Pages read, restarted passes included (what the window cost in requests). */
  pages: number;
  restarts: number;
}

function defaultIsInvalidCursor(error: unknown): boolean {
  return error instanceof HttpError && error.status === 400;
}

/** Reads every page of one window into memory; see the module comment for restarts. */
export async function readCursorWindow<T>(
  fetchPage: FetchCursorPage<T>,
  options: ReadCursorWindowOptions<T> = {},
): Promise<CursorWindow<T>> {
  const maxRestarts = options.maxRestarts ?? 3;
  const isInvalidCursor = options.isInvalidCursor ?? defaultIsInvalidCursor;
  const context: ErrorContext = { ...fetchPage.context, ...options.context };
  let pages = 0;
  for (let restarts = 0; ; restarts++) {
    // Only a failure of a request that carried a cursor can be the cursor's fault.
    let carriedCursor = false;
    const tracked = (cursor: string | undefined): Promise<CursorPage<T>> => {
      carriedCursor = cursor !== undefined;
      return fetchPage(cursor);
    };
    // A restart starts a fresh pass: the result is exactly one complete reading of the window.
    const records: T[] = [];
    const slotOf = new Map<string, number>();
    try {
      for await (const page of paginateCursor(tracked, { maxPages: options.maxPages, context })) {
        pages++;
        for (const record of page) {
          const k = options.key?.(record);
          const slot = k === undefined ? undefined : slotOf.get(k);
          if (slot !== undefined) records[slot] = record;
          else {
            if (k !== undefined) slotOf.set(k, records.length);
            records.push(record);
          }
        }
        options.onPage?.(pages);
      }
    } catch (error) {
      if (!(carriedCursor && isInvalidCursor(error))) throw error;
      if (restarts >= maxRestarts) {
        throw new StreamError(
          `Cursor rejected ${restarts + 1} times, window not read (after ${maxRestarts} restarts): ${(error as Error).message}`,
          {
            retriable: false,
            cause: error,
            context: { ...context, reason: 'cursor-invalid', restarts },
          },
        );
      }
      continue;
    }
    return { records, pages, restarts };
  }
}

/** Minimal client surface the fetcher needs (ApiClient or any ApiGetter). */
export interface AlertPageGetter {
  get<B = unknown>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
    options?: { context?: ErrorContext; route?: string },
  ): Promise<{ body: B }>;
}

/** The alert query of one window. */
export interface AlertWindowQuery {
  /** Exactly one of groupGuid and monitorGuid. */
  groupGuid?: string | undefined;
  monitorGuid?: string | undefined;
  /** Account-local `yyyy-MM-ddTHH:mm:ss`, inclusive. */
  start: string;
  /** Account-local `yyyy-MM-ddTHH:mm:ss`, exclusive. */
  end: string;
  /** Alerts per page, 1 to 100. (Default: 100) */
  take?: number;
  /** Names the window in errors. */
  context?: ErrorContext;
}

/**
 * The fetchPage function for one alert window: `GET /Alert/MonitorGroup/{g}` (or
 * `/Alert/Monitor/{g}`) with IncludeReminders=true, Sorting=Ascending, Take, Start and End, plus
 * Cursor when paging. The window parameters are repeated with the cursor, as the vendor's own
 * incremental-feed example does; the service reads the query from the cursor. Records are passed
 * through raw: validating each alert is the stream's job, so one bad alert names its own id.
 */
export function alertPageFetcher(client: AlertPageGetter, q: AlertWindowQuery): FetchCursorPage<unknown> {
  const hasGroup = q.groupGuid !== undefined && q.groupGuid !== '';
  const hasMonitor = q.monitorGuid !== undefined && q.monitorGuid !== '';
  if (hasGroup === hasMonitor)
    throw new ConfigError('alertPageFetcher: give exactly one of groupGuid and monitorGuid');
  const take = q.take ?? 100;
  if (!Number.isInteger(take) || take < 1 || take > 100)
    throw new ConfigError('alertPageFetcher: take must be an integer from 1 to 100');
  const path = hasGroup
    ? `/Alert/MonitorGroup/${encodeURIComponent(q.groupGuid!)}`
    : `/Alert/Monitor/${encodeURIComponent(q.monitorGuid!)}`;
  const route = hasGroup ? '/Alert/MonitorGroup/{guid}' : '/Alert/Monitor/{guid}';
  const context: ErrorContext = { window: `${q.start}/${q.end}`, ...q.context };
  const base = { IncludeReminders: true, Sorting: 'Ascending', Take: take, Start: q.start, End: q.end };
  const fetchPage = async (cursor: string | undefined): Promise<CursorPage<unknown>> => {
    const { body } = await client.get(path, cursor === undefined ? base : { ...base, Cursor: cursor }, {
      route,
      context,
    });
    const parsed = alertListSchema.safeParse(body);
    if (!parsed.success) {
      throw new ResponseFormatError(
        `${route}: the alert page is not an alert list (${parsed.error.issues[0]?.message ?? 'invalid'})`,
        {
          retriable: false,
          context: { ...context, route },
        },
      );
    }
    return { records: parsed.data.Data, next: parsed.data.Cursors?.Next ?? undefined };
  };
  return Object.assign(fetchPage, { context });
}
