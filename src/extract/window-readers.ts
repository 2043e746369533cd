/**
 * Reads one alert window page by page, streaming: every page of its cursor, with the window
 * restarted from its first page when the service rejects a cursor as invalid or expired (cursors
 * can be invalidated server-side, facts 2.1: the 2025 format change). Pages are yielded as they
 * arrive, so memory does not grow with the window; a consumer knows the window is complete only
 * when the generator returns normally, and must treat the pages of an earlier pass as superseded
 * when `pass` changes (in practice: merging is idempotent, so it simply reads on). Anything less
 * than a complete window throws.
 */
import { ConfigError, type ErrorContext, HttpError, ResponseFormatError, StreamError } from '../errors.ts';
import { alertListSchema } from './schemas/alert.ts';
import { jsonElementTexts } from './json-element-texts.ts';
import { paginateCursor, type CursorPage, type FetchCursorPage } from './paginate-cursor.ts';
import { statisticsListSchema } from './schemas/statistics.ts';

/** Options of readCursorPages. */
export interface ReadCursorPagesOptions {
  /** Page cap per pass. (Default: paginateCursor's) */
  maxPages?: number;
  /** Restarts after an invalid cursor before the window fails. (Default: 3) */
  maxRestarts?: number;
  /**
   * Whether a failure of a request that carried a cursor means "cursor invalid, start over".
   * (Default: an HttpError with status 400)
   */
  isInvalidCursor?: (error: unknown) => boolean;
  /** Names the window in errors. */
  context?: ErrorContext;
}

/** One page of a window, with the pass it belongs to (0, then 1 after the first restart, ...). */
export interface WindowPage<T> {
  readonly records: T[];
  /** Each record's text as received, when the fetcher kept it (CursorPage.texts). */
  readonly texts?: string[] | undefined;
  readonly pass: number;
}

function defaultIsInvalidCursor(error: unknown): boolean {
  return error instanceof HttpError && error.status === 400;
}

/** Yields every page of one window; see the module comment for restarts and completeness. */
export async function* readCursorPages<T>(
  fetchPage: FetchCursorPage<T>,
  options: ReadCursorPagesOptions = {},
): AsyncGenerator<WindowPage<T>> {
  const maxRestarts = options.maxRestarts ?? 3;
  const isInvalidCursor = options.isInvalidCursor ?? defaultIsInvalidCursor;
  const context: ErrorContext = { ...fetchPage.context, ...options.context };
  for (let pass = 0; ; pass++) {
    // Only a failure of a request that carried a cursor can be the cursor's fault.
    let carriedCursor = false;
    const tracked = (cursor: string | undefined): Promise<CursorPage<T>> => {
      carriedCursor = cursor !== undefined;
      return fetchPage(cursor);
    };
    try {
      for await (const page of paginateCursor(tracked, { maxPages: options.maxPages, context })) {
        yield { records: page.records, texts: page.texts, pass };
      }
      return;
    } catch (error) {
      if (!(carriedCursor && isInvalidCursor(error))) throw error;
      if (pass >= maxRestarts) {
        throw new StreamError(
          `Cursor rejected ${pass + 1} times, window not read (after ${maxRestarts} restarts): ${(error as Error).message}`,
          {
            retriable: false,
            cause: error,
            context: { ...context, reason: 'cursor-invalid', restarts: pass },
          },
        );
      }
    }
  }
}

/** Minimal client surface the readers need (ApiClient or any ApiGetter). */
export interface AlertPageGetter {
  get<B = unknown>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
    options?: { context?: ErrorContext; route?: string },
  ): Promise<{ body: B; text?: string }>;
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
 * through raw: validating each alert is the stream's job, so one bad alert names its own id. Each
 * record's text is passed along too (CursorPage.texts), for its `raw` column.
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
    const { body, text } = await client.get(path, cursor === undefined ? base : { ...base, Cursor: cursor }, {
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
    const records = parsed.data.Data;
    return { records, next: parsed.data.Cursors?.Next ?? undefined, texts: alignedTexts(text, records) };
  };
  return Object.assign(fetchPage, { context });
}

/** The statistics route, as errors name it. */
export const STATISTICS_ROUTE = '/Statistics/Monitor/{guid}';

/** The buckets of one statistics answer, with each one's text when it could be taken from the body. */
export interface StatisticsAnswer {
  readonly buckets: unknown[];
  readonly texts?: string[] | undefined;
}

/**
 * The raw buckets of one monitor for one window: `GET /Statistics/Monitor/{guid}` with Start and
 * End (account-local), one request, no paging (facts 3.2). Undefined when the monitor no longer
 * exists (404): a monitor deleted after the monitor list was read has nothing to read. A body
 * without a `Data` array is a ResponseFormatError naming the route.
 */
export async function readStatisticsWindow(
  client: AlertPageGetter,
  monitorGuid: string,
  start: string,
  end: string,
  context: ErrorContext,
): Promise<StatisticsAnswer | undefined> {
  let response: { body: unknown; text?: string };
  try {
    response = await client.get(
      `/Statistics/Monitor/${encodeURIComponent(monitorGuid)}`,
      { Start: start, End: end },
      {
        route: STATISTICS_ROUTE,
        context,
      },
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
  const envelope = statisticsListSchema.safeParse(response.body);
  if (!envelope.success) {
    throw new ResponseFormatError(`GET ${STATISTICS_ROUTE} answered no Data array`, {
      retriable: false,
      context: { ...context, route: STATISTICS_ROUTE },
    });
  }
  return { buckets: envelope.data.Data, texts: alignedTexts(response.text, envelope.data.Data) };
}

/** The texts of the body's `Data` elements, when there is one for each record (else none at all). */
function alignedTexts(text: string | undefined, records: readonly unknown[]): string[] | undefined {
  const texts = text === undefined ? undefined : jsonElementTexts(text, 'Data');
  return texts?.length === records.length ? texts : undefined;
}
