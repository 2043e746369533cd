/**
 * Builds and sends the request a windowed stream declared (windowed-stream-spec.ts,
 * WindowRequest): the route template with its placeholders filled, the query of one span of local
 * time, and the reader its paging names (extract/window-readers.ts for cursor pages and single
 * answers, extract/infra/device-group-data.ts for Infra listings).
 */
import { fetchDeviceGroupItems } from '../../extract/infra/device-group-data.ts';
import type { ApiGetter } from '../../extract/http/api-client.ts';
import { fillRoute } from '../../extract/http/request-url.ts';
import {
  type BuiltRequest,
  cursorPageFetcher,
  isCursorTrouble,
  readCursorPages,
  readListAnswer,
} from '../../extract/window-readers.ts';
import type { SyncContext } from '../sync-context.ts';
import type {
  FetchedPage,
  LocalSpan,
  Partition,
  WindowFetch,
  WindowRequest,
} from './windowed-stream-spec.ts';

/** What of a declaration the request is built from. */
interface RequestSource<P extends Partition> {
  readonly name: string;
  readonly route: string;
  readonly request: WindowRequest<P>;
}

/** The request of `partition` for `span` (and `part`), as the declaration says. Pure. */
export function buildRequest<P extends Partition>(
  spec: RequestSource<P>,
  partition: P,
  span: LocalSpan,
  part?: string,
): BuiltRequest {
  const route = spec.request.route?.(partition) ?? spec.route;
  return {
    route,
    path: fillRoute(route, spec.request.params?.(partition) ?? []),
    query: spec.request.query(partition, span, part),
    context: {
      stream: spec.name,
      partition: partition.id,
      window: `[${span.start}, ${span.end})`,
      ...(part === undefined ? {} : { part }),
    },
  };
}

/** The fetch a stream's windows of `partition` read with: the declared request, sent with `client`. */
export function windowFetch<P extends Partition>(
  spec: RequestSource<P>,
  ctx: SyncContext,
  client: ApiGetter,
  partition: P,
): WindowFetch {
  return (span, part) => fetchPages(spec.request, ctx, client, buildRequest(spec, partition, span, part));
}

async function* fetchPages<P extends Partition>(
  declared: WindowRequest<P>,
  ctx: SyncContext,
  client: ApiGetter,
  request: BuiltRequest,
): AsyncGenerator<FetchedPage> {
  const paging = declared.paging;
  if (paging.kind === 'cursor') {
    // A rejected cursor, or one the service handed back twice, restarts the window from its first
    // page (bounded by maxRestarts): both are server-side cursor trouble, not data trouble.
    yield* readCursorPages(cursorPageFetcher(client, request), {
      maxPages: ctx.options.maxPagesPerWindow,
      context: request.context,
      isInvalidCursor: isCursorTrouble,
    });
  } else if (paging.kind === 'single') {
    yield { ...(await readListAnswer(client, request)), pass: 0 };
  } else {
    const listing = await fetchDeviceGroupItems(client, request.query, {
      take: paging.take,
      format: paging.format,
      context: request.context,
    });
    yield { records: listing.items, pass: 0, complete: listing.complete, body: listing.body };
  }
}
