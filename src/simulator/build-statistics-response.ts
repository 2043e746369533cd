/**
 * Builds a `/Statistics/Monitor/{g}` or `/Statistics/MonitorGroup/{g}` body: one item per time
 * bucket (see statistics-buckets.ts), counters from computeMonitorStats. A group's bucket sums its
 * members' counters and derives its percentages from the sums. SLA fields appear only where an SLA
 * applies (the service omits them otherwise); `Filter` keeps StartDateTime, EndDateTime and the
 * listed attributes. Load time is drawn per monitor and local day (so hourly buckets add up to the
 * daily one) and some monitors are slow pages; operator response time is fixed per monitor, some
 * monitors having slow responders, so some miss their SLA's load-time or response-time target.
 */
import { addLocalDays, localDateOf, localMidnight, utcToLocal } from './sim-calendar.ts';
import { computeMonitorStats } from './compute-monitor-stats.ts';
import type { Dataset, SimMonitor } from './dataset.ts';
import { hashUnit } from './seeded-random.ts';
import { statisticsBuckets, usCultureText, type BucketRule } from './statistics-buckets.ts';

/** What the statistics are for. */
export type StatisticsScope =
  { kind: 'monitor'; monitor: SimMonitor } | { kind: 'group'; groupIndex: number };

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Average load time in seconds of monitor `m` on a day (u: that day's draw). About a quarter of
 * the monitors are slow pages (2.6 to 6.6 s), which miss the tighter SLA load-time targets.
 */
function loadSeconds(ds: Dataset, m: SimMonitor, u: number): number {
  return hashUnit(ds.options.seed, 'slow-page', m.index) < 0.25 ? 2.6 + 4 * u : 0.2 + 1.4 * u;
}

/**
 * Minutes from alert to an operator's confirmation for monitor `m`'s alerts: about a third of the
 * monitors are watched by slow responders (20 to 60 min), the rest 2 to 10 min.
 */
function responseMinutes(ds: Dataset, m: SimMonitor): number {
  const u = hashUnit(ds.options.seed, 'response-time', m.index);
  return hashUnit(ds.options.seed, 'slow-response', m.index) < 0.35 ? 20 + 40 * u : 2 + 8 * u;
}

/** [start, end, local midnight] of each account-local day within [a, b). */
function localDayPieces(ds: Dataset, a: number, b: number): [number, number, number][] {
  const pieces: [number, number, number][] = [];
  let day = localDateOf(new Date(a * 1000), ds.zone);
  let start = localMidnight(day, ds.zone).getTime() / 1000;
  while (start < b) {
    const next = addLocalDays(day, 1);
    const end = localMidnight(next, ds.zone).getTime() / 1000;
    if (Math.min(end, b) > Math.max(start, a)) pieces.push([Math.max(start, a), Math.min(end, b), start]);
    day = next;
    start = end;
  }
  return pieces;
}

function bucketAttributes(
  ds: Dataset,
  monitors: readonly SimMonitor[],
  a: number,
  b: number,
  nowSec: number,
  slaIndex: number,
): Record<string, unknown> {
  const sum = {
    checks: 0,
    confirmed: 0,
    unconfirmed: 0,
    up: 0,
    down: 0,
    alerts: 0,
    total: 0,
    resolve: 0,
    connect: 0,
    bytes: 0,
  };
  let responseSum = 0;
  for (const m of monitors) {
    const s = computeMonitorStats(ds, m, a, b, nowSec);
    sum.checks += s.checks;
    sum.confirmed += s.confirmedErrors;
    sum.unconfirmed += s.unconfirmedErrors;
    sum.up += s.uptimeSeconds;
    sum.down += s.downtimeSeconds;
    sum.alerts += s.alerts;
    responseSum += s.alerts * responseMinutes(ds, m);
    // One load time per monitor and local day, weighted by the checks of each day in the bucket:
    // hourly buckets then add up to the daily one.
    for (const [pa, pb, day] of localDayPieces(ds, a, b)) {
      const checks = pb - pa === b - a ? s.checks : computeMonitorStats(ds, m, pa, pb, nowSec).checks;
      const u = hashUnit(ds.options.seed, 'perf', m.index, day);
      sum.total += checks * loadSeconds(ds, m, u);
      sum.resolve += checks * (0.01 + 0.1 * u);
      sum.connect += checks * (0.02 + 0.12 * u);
      sum.bytes += checks * Math.round(4000 + 150_000 * u);
    }
  }
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), ds.zone);
  const attrs: Record<string, unknown> = {
    StartDateTime: local(a),
    EndDateTime: local(b),
    Alerts: sum.alerts,
  };
  const sla = slaIndex >= 0 ? ds.slas[slaIndex] : undefined;
  if (sla !== undefined) {
    attrs.SlaTarget = sla.wire.UptimeErrorThreshold;
    attrs.SlaTargetTotalTime = Number(sla.wire.LoadTimeErrorThreshold) / 1000;
    attrs.OperatorResponseTarget = sla.wire.OperatorReponseTimeThreshold;
    // Minutes, as OperatorResponseTarget: the alerts' average, 0 without alerts.
    attrs.OperatorResponseTime = sum.alerts > 0 ? round(responseSum / sum.alerts, 2) : 0;
  }
  const monitored = sum.up + sum.down;
  if (monitored > 0) {
    attrs.DowntimePercentage = round((100 * sum.down) / monitored, 4);
    attrs.UptimePercentage = round(100 - (100 * sum.down) / monitored, 4);
  }
  Object.assign(attrs, {
    Checks: sum.checks,
    ConfirmedErrors: sum.confirmed,
    UnconfirmedErrors: sum.unconfirmed,
    Uptime: sum.up,
    Downtime: sum.down,
  });
  if (sum.checks > 0) {
    const total = sum.total / sum.checks;
    const resolve = sum.resolve / sum.checks;
    const connect = sum.connect / sum.checks;
    Object.assign(attrs, {
      TotalTime: round(total, 3),
      ResolveTime: round(resolve, 3),
      ConnectionTime: round(connect, 3),
      DownloadTime: round(Math.max(0, total - resolve - connect), 3),
      TotalBytes: Math.round(sum.bytes / sum.checks),
    });
  }
  return attrs;
}

/** The statistics body for `scope` over [startSec, endSec) at clock `nowSec`, buckets cut by `rule`. */
export function buildStatisticsResponse(
  ds: Dataset,
  scope: StatisticsScope,
  startSec: number,
  endSec: number,
  nowSec: number,
  filter: string | undefined,
  isRemoved: (monitorIndex: number) => boolean,
  rule?: BucketRule,
): Record<string, unknown> {
  const monitors =
    scope.kind === 'monitor'
      ? [scope.monitor]
      : [...ds.groups[scope.groupIndex]!.members].filter((i) => !isRemoved(i)).map((i) => ds.monitors[i]!);
  const slaIndex = scope.kind === 'monitor' ? scope.monitor.slaIndex : ds.groups[scope.groupIndex]!.slaIndex;
  const guid = scope.kind === 'monitor' ? scope.monitor.guid : ds.groups[scope.groupIndex]!.guid;
  const type = scope.kind === 'monitor' ? 'Monitor' : 'MonitorGroup';
  const wanted =
    filter === undefined || filter.trim() === ''
      ? undefined
      : new Set(filter.split(',').map((f) => f.trim().toLowerCase()));
  const data = statisticsBuckets(startSec, endSec, nowSec, ds.zone, rule).buckets.map(([a, b]) => {
    let attrs = bucketAttributes(ds, monitors, a, b, nowSec, slaIndex);
    if (wanted !== undefined) {
      attrs = Object.fromEntries(
        Object.entries(attrs).filter(
          ([k]) => k === 'StartDateTime' || k === 'EndDateTime' || wanted.has(k.toLowerCase()),
        ),
      );
    }
    return {
      Id: usCultureText(a, ds.zone),
      Type: 'Statistics',
      Attributes: attrs,
      Relationships: [{ Id: guid, Type: type, Links: { Self: `/${type}/${guid}` } }],
    };
  });
  return { Data: data };
}
