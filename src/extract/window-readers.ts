/**
 * The readers of windowed streams: what sends a request a stream declared (route, query; built by
 * pipeline/engine/window-request.ts) and reads its answer. Two kinds of answer:
 *
 * - **Cursor pages** (alerts): every page of the window's cursor, with the window restarted from
 *   its first page when the service rejects a cursor as invalid or expired (cursors can be
 *   invalidated server-side, facts 2.1: the 2025 format change). Pages are yielded as they arrive,
 *   so memory does not grow with the window; a consumer knows the window is complete only when the
 *   generator returns normally, and must treat the pages of an earlier pass as superseded when
 *   `pass` changes (in practice: merging is idempotent, so it simply reads on). Anything less than
 *   a complete window throws.
 * - **One list answer** (statistics): one request, no paging (facts 3.2).
 *
 * Both answers are the JSON:API-like envelope (facts 1.2); its records are passed through raw,
 * since validating each record is the stream's job (one bad record names its own id), with each
 * record's text when it could be taken from the body, for its `raw` column.
 */
import { type ErrorContext, HttpError, ResponseFormatError, StreamError } from '../errors.ts';
import type { QueryValues } from './http/request-url.ts';
import { jsonElementTexts } from './json-element-texts.ts';
import { paginateCursor, type CursorPage, type FetchCursorPage } from './paginate-cursor.ts';
import { dataListSchema } from './schemas/envelope.ts';

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
export interface RequestGetter {
  get<B = unknown>(
    path: string,
    query?: QueryValues,
    options?: { context?: ErrorContext; route?: string },
  ): Promise<{ body: B; text?: string }>;
}

/** One request as the engine built it from a stream's declaration. */
export interface BuiltRequest {
  /** The route template, as errors and request statistics name it (`/Statistics/Monitor/{guid}`). */
  readonly route: string;
  /** The path: the template with its placeholders filled. */
  readonly path: string;
  readonly query: QueryValues;
  /** Names the stream, partition and window in errors. */
  readonly context: ErrorContext;
}

/** The records of an enveloped list answer, and each one's text when it could be taken from the body. */
export interface ListAnswer {
  readonly records: unknown[];
  readonly texts?: string[] | undefined;
}

/** Reads the envelope of one answer, or throws a ResponseFormatError naming the route. */
function envelopeOf(request: BuiltRequest, body: unknown): { records: unknown[]; next: string | undefined } {
  const parsed = dataListSchema.safeParse(body);
  if (!parsed.success) {
    // A 200 with the wrong shape is not transient: retrying gives the same body.
    throw new ResponseFormatError(
      `GET ${request.route} answered no Data array (${parsed.error.issues[0]?.message ?? 'invalid'})`,
      { retriable: false, context: { ...request.context, route: request.route } },
    );
  }
  return { records: parsed.data.Data, next: parsed.data.Cursors?.Next ?? undefined };
}

/**
 * The fetchPage function of one cursor window: the request, plus `Cursor` when paging. The
 * window's parameters are repeated with the cursor, as the vendor's own incremental-feed example
 * does; the service reads the query from the cursor.
 */
export function cursorPageFetcher(client: RequestGetter, request: BuiltRequest): FetchCursorPage<unknown> {
  const fetchPage = async (cursor: string | undefined): Promise<CursorPage<unknown>> => {
    const query = cursor === undefined ? request.query : { ...request.query, Cursor: cursor };
    const { body, text } = await client.get(request.path, query, {
      route: request.route,
      context: request.context,
    });
    const { records, next } = envelopeOf(request, body);
    return { records, next, texts: alignedTexts(text, records) };
  };
  return Object.assign(fetchPage, { context: request.context });
}

/** One unpaged list answer (statistics buckets). A 404 and every other failure are thrown as they come. */
export async function readListAnswer(client: RequestGetter, request: BuiltRequest): Promise<ListAnswer> {
  const { body, text } = await client.get(request.path, request.query, {
    route: request.route,
    context: request.context,
  });
  const { records } = envelopeOf(request, body);
  return { records, texts: alignedTexts(text, records) };
}

/** Whether a failure of a request that carried a cursor is the cursor's: rejected (400), or handed back twice. */
export function isCursorTrouble(error: unknown): boolean {
  return (
    (error instanceof HttpError && error.status === 400) ||
    (error instanceof StreamError && error.context.reason === 'cursor-loop')
  );
}

/** The texts of the body's `Data` elements, when there is one for each record (else none at all). */
function alignedTexts(text: string | undefined, records: readonly unknown[]): string[] | undefined {
  const texts = text === undefined ? undefined : jsonElementTexts(text, 'Data');
  return texts?.length === records.length ? texts : undefined;
}
