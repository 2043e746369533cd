/**
 * `/Statistics/Monitor/{g}` and `/Statistics/MonitorGroup/{g}`. Unlike the other routes, their 400
 * and 404 bodies are a bare `{"Message": ...}` (MessageInfo), as the Swagger files declare.
 */
import { buildStatisticsResponse, type StatisticsScope } from '../build-statistics-response.ts';
import type { SimulatorState } from '../simulator-state.ts';
import { parsePeriodParams, type QueryParams } from './parse-period-params.ts';
import { messageInfo, ok, type Route, type RouteResult } from './route-result.ts';
import { isGuid } from '../../guid.ts';

const MAX_PERIOD_SEC = 10 * 366 * 86_400;

function answer(s: SimulatorState, scope: StatisticsScope, q: QueryParams): RouteResult {
  const window = parsePeriodParams(q, s.nowMs, s.ds.zone, s.ds.historyStartSec);
  if ('error' in window) return messageInfo(400, window.error);
  if (window.endSec - window.startSec > MAX_PERIOD_SEC)
    return messageInfo(400, 'The requested period is too long.');
  return ok(
    buildStatisticsResponse(
      s.ds,
      scope,
      window.startSec,
      window.endSec,
      s.nowSec,
      q.get('filter'),
      s.isMonitorRemoved,
      s.bucketRule,
    ),
  );
}

/** The two statistics routes. */
export const STATISTICS_ROUTES: readonly Route[] = [
  {
    area: 'api',
    template: '/Statistics/Monitor/{monitorGuid}',
    handle: (s, [g], q) => {
      if (!isGuid(g!)) return messageInfo(400, `The value '${g}' is not valid.`);
      const i = s.monitor(g!);
      return i === undefined
        ? messageInfo(404, 'The monitor could not be found.')
        : answer(s, { kind: 'monitor', monitor: s.ds.monitors[i]! }, q);
    },
  },
  {
    area: 'api',
    template: '/Statistics/MonitorGroup/{monitorGroupGuid}',
    handle: (s, [g], q) => {
      if (!isGuid(g!)) return messageInfo(400, `The value '${g}' is not valid.`);
      const i = s.groupByGuid.get(g!.toLowerCase());
      return i === undefined
        ? messageInfo(404, 'The monitor group could not be found.')
        : answer(s, { kind: 'group', groupIndex: i }, q);
    },
  },
];
