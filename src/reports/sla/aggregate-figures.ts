/**
 * Group and overall figures, time-weighted over member monitors:
 * uptime = 100 x (1 - sum of downtime / sum of monitored time). Averaging members' percentages
 * would let a monitor that existed for one day weigh as much as one that ran all month.
 */
import { sortedDurationStats } from '../model/monitor-timeline.ts';
import { slaStatus, type SlaTarget } from '../model/sla-status.ts';
import type { MonitorFigures, SlaFigures } from './monitor-figures.ts';
import { combinedCoverage } from '../model/data-coverage.ts';

/** Figures of a set of monitors (a group, or everything in scope). */
export interface AggregateFigures extends SlaFigures {
  readonly memberCount: number;
  /** Members whose own status is Missed. */
  readonly missedCount: number;
}

/** Aggregates `members` against `target` (the group's SLA, or the default for everything). */
export function aggregateFigures(members: readonly MonitorFigures[], target: SlaTarget): AggregateFigures {
  let monitoredMs = 0;
  let downtimeMs = 0;
  let maintenanceExcludedMs = 0;
  let statsUp = 0;
  let statsDown = 0;
  let incidents = 0;
  let ongoing = 0;
  let missedCount = 0;
  let resolved = 0;
  for (const m of members) resolved += m.resolvedDurationsMs.length;
  const durations = new Float64Array(resolved);
  resolved = 0;
  let everyMemberHasStatistics = true;
  for (const m of members) {
    monitoredMs += m.monitoredMs;
    downtimeMs += m.downtimeMs;
    maintenanceExcludedMs += m.maintenanceExcludedMs;
    statsUp += m.statsUptimeSeconds;
    statsDown += m.statsDowntimeSeconds;
    incidents += m.incidents;
    ongoing += m.ongoing;
    if (m.status === 'Missed') missedCount += 1;
    durations.set(m.resolvedDurationsMs, resolved);
    resolved += m.resolvedDurationsMs.length;
    if (m.monitoredMs > 0 && !m.hasStatistics) everyMemberHasStatistics = false;
  }
  const covered = combinedCoverage(members);
  const uptimeIncidents = monitoredMs > 0 && !covered.noData ? 100 * (1 - downtimeMs / monitoredMs) : null;
  const uptimeUptrends =
    statsUp + statsDown > 0 && !covered.noData ? (100 * statsUp) / (statsUp + statsDown) : null;
  const useStatistics = uptimeUptrends !== null && everyMemberHasStatistics;
  const uptime = useStatistics ? uptimeUptrends : uptimeIncidents;
  const stats = sortedDurationStats(durations);
  const errorBudgetMs = (1 - target.desired / 100) * monitoredMs;
  return {
    memberCount: members.length,
    monitoredMs,
    downtimeMs,
    maintenanceExcludedMs,
    uptimeIncidents,
    uptimeUptrends,
    uptime,
    uptimeSource: useStatistics ? 'Statistics' : 'Incidents',
    target,
    status: covered.complete ? slaStatus(uptime, target) : null,
    ...covered,
    errorBudgetMs,
    budgetUsed: errorBudgetMs > 0 ? downtimeMs / errorBudgetMs : null,
    incidents,
    ongoing,
    mttrMs: stats.meanMs,
    medianTtrMs: stats.medianMs,
    longestMs: stats.longestMs,
    mtbfMs: incidents > 0 ? monitoredMs / incidents : null,
    missedCount,
  };
}
