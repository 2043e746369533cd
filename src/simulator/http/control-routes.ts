/**
 * The control and introspection surface under `/_sim` (no authentication, no faults, not counted):
 * request counters, ground truth, and clock/fault/monitor controls, for benchmarks that run the
 * simulator in another process. Instants in and out are ISO texts; a text without offset is read as
 * account-local.
 */
import { localToUtc } from '../sim-calendar.ts';
import type { GroundTruth } from '../ground-truth.ts';
import type { SimulatorState } from '../simulator-state.ts';
import type { QueryParams } from './parse-period-params.ts';
import { messageList, ok, type RouteResult } from './route-result.ts';
import { formatBucketRule } from '../statistics-buckets.ts';

/** Callbacks that change the simulator (the same as RunningSimulator's methods). */
export interface SimulatorControls {
  setNow(now: Date): void;
  setFaults(spec: string | undefined): void;
  setStatisticsBuckets(rule: string | { hourlyUpToHours?: number; dailyUpToDays?: number }): void;
  removeMonitor(guid: string): void;
  resetCounts(): void;
  /** Starts recording served bodies into `file` (undefined: stops); answers the recording it ended. */
  record(file: string | undefined): { file: string; bodies: number; bytes: number } | undefined;
}

function instant(s: SimulatorState, text: string | undefined): Date | undefined {
  return text === undefined || text === '' ? undefined : localToUtc(text, s.ds.zone);
}

function bodyField(body: string, field: string): string | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value = (JSON.parse(trimmed) as Record<string, unknown>)[field];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    } catch {
      return undefined;
    }
  }
  return trimmed === '' ? undefined : trimmed;
}

/** A bucket rule from a control request: JSON `{"hourlyUpToHours", "dailyUpToDays"}` or `{"spec"}`, or the text spec. */
function bucketRuleOf(body: string): string | { hourlyUpToHours?: number; dailyUpToDays?: number } {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  const parsed = JSON.parse(trimmed) as Record<string, unknown>;
  if (typeof parsed.spec === 'string') return parsed.spec;
  const number = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
  return { hourlyUpToHours: number(parsed.hourlyUpToHours), dailyUpToDays: number(parsed.dailyUpToDays) };
}

/** Answers one `/_sim/...` request (`path` without the `/_sim` prefix). */
export function answerControl(
  s: SimulatorState,
  truth: GroundTruth,
  controls: SimulatorControls,
  method: string,
  path: string,
  q: QueryParams,
  body: string,
): RouteResult {
  const get = method === 'GET';
  const post = method === 'POST';
  try {
    if (get && path === '/stats')
      return ok({
        now: new Date(s.nowMs).toISOString(),
        requests: s.requestCounts(),
        counts: truth.counts(),
      });
    if (post && path === '/stats/reset') return (controls.resetCounts(), ok({ reset: true }));
    if (get && path === '/truth/counts') return ok(truth.counts());
    if (get && path === '/truth/alerts') {
      const query = {
        start: instant(s, q.get('start')),
        end: instant(s, q.get('end')),
        includeReminders: q.get('includereminders')?.toLowerCase() === 'true',
        monitorGuids: q.get('monitorguid')?.split(','),
      };
      return ok({
        start: query.start?.toISOString() ?? null,
        end: query.end?.toISOString() ?? null,
        includeReminders: query.includeReminders,
        count: truth.alertCount(query),
      });
    }
    if (get && path === '/truth/incidents') {
      const only = q.get('monitorguid')?.toLowerCase();
      return ok(truth.incidents().filter((i) => only === undefined || i.monitorGuid.toLowerCase() === only));
    }
    if (get && path === '/truth/daily-statistics')
      return ok(truth.dailyStatistics(q.get('monitorguid') ?? '', q.get('date') ?? ''));
    if (get && path === '/truth/quota')
      return ok(truth.quotaSnapshot(q.get('groupguid') ?? '', q.get('date') ?? ''));
    if (get && path === '/truth/infra-uptime')
      return ok(truth.infraDailyUptime(Number(q.get('deviceid')), q.get('date') ?? ''));
    if (get && path === '/truth/infra-devices') return ok(truth.infraDevices());
    if (post && path === '/control/now') {
      const now = instant(s, q.get('now') ?? bodyField(body, 'now'));
      if (now === undefined) return messageList(400, 'Give "now" as an ISO instant.');
      controls.setNow(now);
      return ok({ now: now.toISOString() });
    }
    if (post && path === '/control/faults') {
      const spec = q.get('faults') ?? bodyField(body, 'faults');
      controls.setFaults(spec);
      return ok({ faults: spec ?? '' });
    }
    if (post && path === '/control/statistics-buckets') {
      controls.setStatisticsBuckets(bucketRuleOf(q.get('spec') ?? body));
      return ok({ statisticsBuckets: formatBucketRule(s.bucketRule) });
    }
    if (post && path === '/control/record') {
      const file = q.get('file') ?? bodyField(body, 'file');
      const ended = controls.record(file === '' ? undefined : file);
      return ok({ recording: file === '' || file === undefined ? null : file, ended: ended ?? null });
    }
    const remove = /^\/control\/remove-monitor\/([^/]+)$/.exec(path);
    if (post && remove !== null) {
      controls.removeMonitor(decodeURIComponent(remove[1]!));
      return ok({ removed: remove[1] });
    }
  } catch (error) {
    return messageList(400, error instanceof Error ? error.message : String(error));
  }
  return messageList(404, `No control route ${method} /_sim${path}`);
}
