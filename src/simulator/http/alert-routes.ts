/**
 * `/Alert/Monitor/{g}` and `/Alert/MonitorGroup/{g}`: cursor-paged alert lists. A first request
 * states the query (IncludeReminders, Sorting, Take, Start/End or PresetPeriod); a cursor carries
 * the whole query, so other parameters sent with a cursor are ignored. `Cursors` is omitted when the
 * first batch holds every alert; a later last batch carries only `Self`.
 */
import { decodeCursor, encodeCursor, type CursorPayload } from '../cursor-codec.ts';
import { formatAlert } from '../format-alert.ts';
import { pageAlerts } from '../page-alerts.ts';
import type { SimulatorState } from '../simulator-state.ts';
import { parsePeriodParams, type QueryParams } from './parse-period-params.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';
import { isGuid } from '../../guid.ts';

function parseBool(text: string | undefined, fallback: boolean): boolean | undefined {
  if (text === undefined || text === '') return fallback;
  const t = text.toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

function firstQuery(
  s: SimulatorState,
  kind: CursorPayload['scopeKind'],
  scopeIndex: number,
  q: QueryParams,
): CursorPayload | RouteResult {
  const includeReminders = parseBool(q.get('includereminders'), false);
  if (includeReminders === undefined)
    return messageList(400, `The value '${q.get('includereminders')}' is not valid for IncludeReminders.`);
  const sorting = (q.get('sorting') ?? 'Descending').toLowerCase();
  if (sorting !== 'ascending' && sorting !== 'descending')
    return messageList(400, `The value '${q.get('sorting')}' is not valid for Sorting.`);
  const takeText = q.get('take') ?? '100';
  const take = /^\d+$/.test(takeText) ? Number(takeText) : Number.NaN;
  if (!(take >= 1 && take <= 100)) return messageList(400, 'Take must be a number between 1 and 100.');
  const window = parsePeriodParams(q, s.nowMs, s.ds.zone, s.ds.historyStartSec);
  if ('error' in window) return messageList(400, window.error);
  // A period ending at the clock stays open in the cursor: later pages see alerts raised since.
  const endSec = window.open === true ? Number.POSITIVE_INFINITY : window.endSec;
  return {
    scopeKind: kind,
    scopeIndex,
    includeReminders,
    ascending: sorting === 'ascending',
    take,
    startSec: window.startSec,
    endSec,
    afterKey: -1,
    issuedSec: s.nowSec,
  };
}

/** Answers an alert list request for a resolved scope. */
export function answerAlerts(
  s: SimulatorState,
  kind: CursorPayload['scopeKind'],
  scopeIndex: number,
  q: QueryParams,
): RouteResult {
  const cursorText = q.get('cursor');
  let query: CursorPayload;
  if (cursorText !== undefined && cursorText !== '') {
    const decoded = decodeCursor(cursorText, s.cursorSecret);
    if (decoded === undefined || decoded.scopeKind !== kind || decoded.scopeIndex !== scopeIndex)
      return messageList(400, 'The cursor is invalid.');
    if (s.nowSec - decoded.issuedSec > s.cursorTtlSec) return messageList(400, 'The cursor has expired.');
    query = decoded;
  } else {
    const first = firstQuery(s, kind, scopeIndex, q);
    if ('status' in first) return first;
    query = first;
  }
  const list =
    kind === 'monitor'
      ? s.index.forMonitor(scopeIndex, query.includeReminders)
      : s.index.forGroup(scopeIndex, query.includeReminders);
  const batch = pageAlerts(s.index, list, query, s.nowSec, s.isAlertRemoved);
  const body: Record<string, unknown> = { Data: batch.ids.map((a) => formatAlert(s.ds, a)) };
  const self = encodeCursor(query, s.cursorSecret);
  const openFeed = s.ascendingFeedCursors && query.ascending && query.endSec > s.nowSec;
  if (batch.hasMore || openFeed)
    body.Cursors = { Next: encodeCursor({ ...query, afterKey: batch.lastKey }, s.cursorSecret), Self: self };
  else if (cursorText !== undefined && cursorText !== '') body.Cursors = { Self: self };
  return ok(body);
}

/** The two alert routes. */
export const ALERT_ROUTES: readonly Route[] = [
  {
    area: 'api',
    template: '/Alert/Monitor/{monitorGuid}',
    handle: (s, [g], q) => {
      if (!isGuid(g!)) return messageList(400, `The value '${g}' is not valid.`);
      const i = s.monitor(g!);
      return i === undefined
        ? messageList(404, 'The specified Monitor for monitorGuid does not exist.')
        : answerAlerts(s, 'monitor', i, q);
    },
  },
  {
    area: 'api',
    template: '/Alert/MonitorGroup/{monitorGroupGuid}',
    handle: (s, [g], q) => {
      if (!isGuid(g!)) return messageList(400, `The value '${g}' is not valid.`);
      const i = s.groupByGuid.get(g!.toLowerCase());
      return i === undefined
        ? messageList(404, 'The specified Monitor Group for monitorGroupGuid does not exist.')
        : answerAlerts(s, 'group', i, q);
    },
  },
];
