/**
 * The SLA model assembled from the monitors' digests (monitor-digest.ts): the monitor rows in
 * their sheet order, groups and the overall figures (time-weighted over members), KPI tiles, the
 * worst monitors, the daily matrix, the Trend rows, maintenance and the targets in use.
 */
import { REPORT_RULES_VERSION } from '../render/definitions.ts';
import type { ReportGroup, ReportMonitor, SlaReportFrame } from '../queries/report-input.ts';
import { aggregateFigures } from './aggregate-figures.ts';
import { dailyUptime } from './daily-uptime.ts';
import { buildInfraRows } from './infra-rows.ts';
import { buildKpiTiles } from './kpi-tiles.ts';
import { sortMaintenanceRows } from './maintenance-rows.ts';
import type { SlaDefinitionRow, SlaGroupRow, SlaModel, SlaMonitorRow, TargetRow } from './model-types.ts';
import type { MonitorDigest, SlaWindows } from './monitor-digest.ts';
import { defaultSlaTarget, resolveGroupTarget, type TargetContext } from './resolve-target.ts';
import { buildTrend } from './trend.ts';

const byName = (
  a: { description: string; is_all: boolean },
  b: { description: string; is_all: boolean },
): number => Number(b.is_all) - Number(a.is_all) || a.description.localeCompare(b.description);

/** What the builder worked out once for every monitor. */
export interface AssemblyContext {
  readonly windows: SlaWindows;
  /** Group guids of each monitor, from both sides of the membership. */
  readonly groupsOf: ReadonlyMap<string, ReadonlySet<string>>;
  readonly context: TargetContext;
}

/** The model from one digest per monitor of `input.monitors`, in that order. */
export function assembleSlaModel(
  input: SlaReportFrame,
  digests: readonly MonitorDigest[],
  { windows, groupsOf, context }: AssemblyContext,
): SlaModel {
  const window = windows.current;
  const previousWindow = windows.previous;
  const groupsByGuid = context.groupsByGuid;
  const inScope = digests.filter((d) => d.current !== null);
  const previousFigures = new Map(
    digests.flatMap((d) => (d.previous === null ? [] : [[d.monitor.monitor_guid, d.previous] as const])),
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
  const rows = inScope
    .map((digest) => {
      const previous = previousFigures.get(digest.monitor.monitor_guid);
      const row: SlaMonitorRow = {
        monitor: digest.monitor,
        groupNames: groupNamesOf(digest.monitor),
        figures: digest.current!,
        previousUptime: previous?.uptime ?? null,
      };
      return { row, digest };
    })
    .sort(
      (a, b) =>
        a.row.groupNames.localeCompare(b.row.groupNames) ||
        a.row.monitor.name.localeCompare(b.row.monitor.name),
    );
  const monitors = rows.map((r) => r.row);

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

  const daily = dailyUptime(
    rows.map(({ digest }) => ({ monitorGuid: digest.monitor.monitor_guid, totals: digest.daily! })),
    windows.days,
  );

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
    elapsedEnd: new Date(window.end.getTime()),
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
      rows: buildTrend(input.trendMonths, {
        groups: groupMembers,
        overallTarget,
        figures: (month) => digests.map((d) => d.trend[month]!),
      }),
    },
    maintenance: sortMaintenanceRows(rows.flatMap(({ digest }) => digest.maintenance)),
    targets: [...targetRows.values()]
      .map(({ target, names }) => ({ target, monitorCount: names.length, monitorNames: names.join(', ') }))
      .sort((a, b) => b.monitorCount - a.monitorCount || a.target.source.localeCompare(b.target.source)),
    slaDefinitions,
    infra: buildInfraRows(input.infraDeviceDays ?? [], daily.days),
  };
}
