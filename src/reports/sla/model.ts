/**
 * The SLA report model: input rows in, every figure of the SLA workbook out. Pure: no I/O, and
 * "now" (for ongoing incidents and a running period) comes from the injected clock.
 */
import type { Clock } from '../../terms.ts';
import { REPORT_RULES_VERSION } from '../render/definitions.ts';
import { indexByMonitor, monitorLife, monitorTimeline } from '../model/monitor-timeline.ts';
import type { Interval } from '../../time/intervals.ts';
import type { ReportGroup, ReportMonitor, SlaReportInput } from '../queries/report-input.ts';
import { aggregateFigures } from './aggregate-figures.ts';
import { dailyUptime } from './daily-uptime.ts';
import { buildKpiTiles } from './kpi-tiles.ts';
import { maintenanceRows } from './maintenance-rows.ts';
import type { SlaDefinitionRow, SlaGroupRow, SlaModel, SlaMonitorRow, TargetRow } from './model-types.ts';
import { computeMonitorFigures, type MonitorFigures } from './monitor-figures.ts';
import { elapsedWindow } from '../../time/periods.ts';
import {
  defaultSlaTarget,
  resolveGroupTarget,
  resolveMonitorTarget,
  type TargetContext,
} from './resolve-target.ts';
import { buildTrend } from './trend.ts';
import { buildInfraRows } from './infra-rows.ts';
import { NOTHING_COVERED } from '../model/data-coverage.ts';

const byName = (
  a: { description: string; is_all: boolean },
  b: { description: string; is_all: boolean },
): number => Number(b.is_all) - Number(a.is_all) || a.description.localeCompare(b.description);

/** The guids of the groups each monitor belongs to, from both sides of the membership. */
function membership(
  monitors: readonly ReportMonitor[],
  groups: readonly ReportGroup[],
): Map<string, Set<string>> {
  const groupsOf = new Map<string, Set<string>>(monitors.map((m) => [m.monitor_guid, new Set(m.groups)]));
  for (const group of groups) {
    for (const member of group.members) groupsOf.get(member)?.add(group.monitor_group_guid);
  }
  return groupsOf;
}

function overlaps(monitor: ReportMonitor, window: Interval): boolean {
  const life = monitorLife(monitor);
  return window.end > window.start && life.start < window.end && life.end > window.start;
}

/** Builds every figure of the SLA report for `input.period`. */
export function buildSlaModel(input: SlaReportInput, clock: Clock): SlaModel {
  const now = clock();
  const incidentsBy = indexByMonitor(input.incidents);
  const maintenanceBy = indexByMonitor(input.maintenance);
  const statisticsBy = indexByMonitor(input.statistics);
  const groupsByGuid = new Map(input.groups.map((g) => [g.monitor_group_guid, g]));
  const context: TargetContext = {
    slaByGuid: new Map(input.slaDefinitions.map((d) => [d.sla_guid, d])),
    groupSla: input.groupSla,
    groupsByGuid,
    defaultTarget: input.defaultTarget,
  };
  const groupsOf = membership(input.monitors, input.groups);

  const figuresFor = (monitor: ReportMonitor, window: Interval): MonitorFigures => {
    const guid = monitor.monitor_guid;
    const statistics = statisticsBy.get(guid) ?? [];
    const target = resolveMonitorTarget([...(groupsOf.get(guid) ?? [])], statistics, window, context);
    const data = {
      incidents: incidentsBy.get(guid) ?? [],
      maintenance: maintenanceBy.get(guid) ?? [],
      statistics,
      coverage: input.coverage === undefined ? undefined : (input.coverage.get(guid) ?? NOTHING_COVERED),
    };
    return computeMonitorFigures(monitor, data, window, target);
  };

  const window = elapsedWindow(input.period, now);
  const previousWindow = elapsedWindow(input.previousPeriod, now);
  const inScope = input.monitors.filter((m) => overlaps(m, window));
  const previousFigures = new Map(
    input.monitors
      .filter((m) => overlaps(m, previousWindow))
      .map((m) => [m.monitor_guid, figuresFor(m, previousWindow)]),
  );

  const groupNamesOf = (monitor: ReportMonitor): string => {
    const groups = [...(groupsOf.get(monitor.monitor_guid) ?? [])]
      .map((guid) => groupsByGuid.get(guid))
      .filter((g): g is ReportGroup => g !== undefined);
    const named = groups.filter((g) => !g.is_all);
    return (named.length > 0 ? named : groups)
      .map((g) => g.description)
      .sort((a, b) => a.localeCompare(b))
      .join(', ');
  };
  const monitors: SlaMonitorRow[] = inScope
    .map((monitor) => {
      const previous = previousFigures.get(monitor.monitor_guid);
      return {
        monitor,
        groupNames: groupNamesOf(monitor),
        figures: figuresFor(monitor, window),
        previousUptime: previous?.uptime ?? null,
      };
    })
    .sort((a, b) => a.groupNames.localeCompare(b.groupNames) || a.monitor.name.localeCompare(b.monitor.name));

  const groupMembers = [...input.groups]
    .sort(byName)
    .map((group) => ({
      group,
      memberGuids: new Set(
        input.monitors
          .filter((m) => groupsOf.get(m.monitor_guid)?.has(group.monitor_group_guid))
          .map((m) => m.monitor_guid),
      ),
      target: resolveGroupTarget(group.monitor_group_guid, context),
    }))
    .filter((g) => monitors.some((row) => g.memberGuids.has(row.monitor.monitor_guid)));
  const groups: SlaGroupRow[] = groupMembers.map(({ group, memberGuids, target }) => ({
    group,
    figures: aggregateFigures(
      monitors.filter((r) => memberGuids.has(r.monitor.monitor_guid)).map((r) => r.figures),
      target,
    ),
    previous: aggregateFigures(
      [...previousFigures.values()].filter((f) => memberGuids.has(f.monitorGuid)),
      target,
    ),
  }));

  const overallTarget = defaultSlaTarget(input.defaultTarget);
  const overall = aggregateFigures(
    monitors.map((r) => r.figures),
    overallTarget,
  );
  const overallPrevious = aggregateFigures([...previousFigures.values()], overallTarget);

  const worst = monitors
    .filter((r) => r.figures.downtimeMs > 0 || (r.figures.uptime !== null && r.figures.uptime < 100))
    .sort(
      (a, b) =>
        b.figures.downtimeMs - a.figures.downtimeMs ||
        (a.figures.uptime ?? 100) - (b.figures.uptime ?? 100) ||
        a.monitor.name.localeCompare(b.monitor.name),
    )
    .slice(0, 5);

  const timelines = monitors.map((row) => ({
    monitorGuid: row.monitor.monitor_guid,
    timeline: monitorTimeline(
      row.monitor,
      incidentsBy.get(row.monitor.monitor_guid) ?? [],
      maintenanceBy.get(row.monitor.monitor_guid) ?? [],
      window,
    ),
  }));
  const daily = dailyUptime(timelines, window, input.period.zone);

  const targetRows = new Map<string, { target: TargetRow['target']; names: string[] }>();
  for (const row of monitors) {
    const t = row.figures.target;
    const key = `${t.source}|${t.slaName ?? ''}|${t.desired}|${t.error}`;
    const entry = targetRows.get(key) ?? { target: t, names: [] };
    entry.names.push(row.monitor.name);
    targetRows.set(key, entry);
  }
  const slaDefinitions: SlaDefinitionRow[] = input.slaDefinitions.map((definition) => ({
    definition,
    groupNames: input.groups
      .filter((g) => input.groupSla.get(g.monitor_group_guid) === definition.sla_guid)
      .map((g) => g.description)
      .sort((a, b) => a.localeCompare(b))
      .join(', '),
  }));

  return {
    period: input.period,
    previousPeriod: input.previousPeriod,
    elapsedEnd: new Date(window.end),
    generatedAt: input.generatedAt,
    dataAsOf: input.dataAsOf,
    scope: input.scope,
    rulesVersion: REPORT_RULES_VERSION,
    defaultTarget: overallTarget,
    monitors,
    groups,
    overall,
    overallPrevious,
    kpis: buildKpiTiles(overall, overallPrevious, monitors.length, {
      current: window.end.getTime() - window.start.getTime(),
      previous: previousWindow.end.getTime() - previousWindow.start.getTime(),
    }),
    worst,
    daily: {
      days: daily.days,
      rows: daily.rows.map((r, i) => ({ row: monitors[i]!, values: r.values })),
      overall: daily.overall,
    },
    trend: {
      months: input.trendMonths,
      rows: buildTrend(
        input.trendMonths,
        { monitors: input.monitors, groups: groupMembers, overallTarget, figuresFor },
        now,
      ),
    },
    maintenance: maintenanceRows(
      monitors.map((r) => ({
        monitor: r.monitor,
        maintenance: maintenanceBy.get(r.monitor.monitor_guid) ?? [],
        incidents: incidentsBy.get(r.monitor.monitor_guid) ?? [],
      })),
      window,
    ),
    targets: [...targetRows.values()]
      .map(({ target, names }) => ({ target, monitorCount: names.length, monitorNames: names.join(', ') }))
      .sort((a, b) => b.monitorCount - a.monitorCount || a.target.source.localeCompare(b.target.source)),
    slaDefinitions,
    infra: buildInfraRows(input.infraDeviceDays ?? [], daily.days),
  };
}
