/**
 * Which target a monitor or group is held to. Order (reporting guide): the monitor's SlaTarget
 * from statistics, else the SLA definition configured for one of its groups, else the default. An
 * override (a subscription's `sla_target`) replaces all three for every monitor and group.
 */
import type {
  DefaultSlaTarget,
  ReportGroup,
  ReportSlaDefinition,
  ReportStatisticsBucket,
} from '../queries/report-input.ts';
import type { SlaTarget } from '../model/sla-status.ts';
import type { Interval } from '../../time/intervals.ts';

/** Lookups shared by every target resolution of one report. */
export interface TargetContext {
  readonly slaByGuid: ReadonlyMap<string, ReportSlaDefinition>;
  readonly groupSla: ReadonlyMap<string, string>;
  readonly groupsByGuid: ReadonlyMap<string, ReportGroup>;
  readonly defaultTarget: DefaultSlaTarget;
}

/** The configured default as a target; its error threshold defaults to the desired one. */
export function defaultSlaTarget(defaults: DefaultSlaTarget): SlaTarget {
  const error = Math.min(defaults.error ?? defaults.desired, defaults.desired);
  return {
    desired: defaults.desired,
    error,
    source: defaults.overrides === true ? 'Override' : 'Default',
    slaName: null,
  };
}

/** The SLA definition configured for a group, if any. */
export function groupSlaDefinition(
  groupGuid: string,
  context: TargetContext,
): ReportSlaDefinition | undefined {
  const slaGuid = context.groupSla.get(groupGuid);
  return slaGuid === undefined ? undefined : context.slaByGuid.get(slaGuid);
}

/** A group's target: its configured SLA definition, else the default. */
export function resolveGroupTarget(groupGuid: string, context: TargetContext): SlaTarget {
  if (context.defaultTarget.overrides === true) return defaultSlaTarget(context.defaultTarget);
  const sla = groupSlaDefinition(groupGuid, context);
  if (sla === undefined) return defaultSlaTarget(context.defaultTarget);
  return fromDefinition(sla, 'Group SLA');
}

function fromDefinition(sla: ReportSlaDefinition, source: SlaTarget['source']): SlaTarget {
  return {
    desired: sla.uptime_warning_threshold,
    error: Math.min(sla.uptime_error_threshold, sla.uptime_warning_threshold),
    source,
    slaName: sla.description,
  };
}

/**
 * A monitor's target. Groups are tried in order of description (the "All monitors" group last), so
 * a monitor in two groups with different SLAs gets the same answer on every run.
 *
 * A statistics SlaTarget is one number: it is the desired threshold, and the error threshold comes
 * from the SLA definition whose desired threshold equals it (the group's first), else it equals the
 * target, which leaves no "At risk" band.
 */
export function resolveMonitorTarget(
  groupGuids: readonly string[],
  buckets: readonly ReportStatisticsBucket[],
  window: Interval,
  context: TargetContext,
): SlaTarget {
  let latest: ReportStatisticsBucket | undefined;
  for (const bucket of buckets) {
    const startMs = bucket.bucket_start_at.getTime();
    if (bucket.sla_target === null || startMs < window.start.getTime() || startMs >= window.end.getTime())
      continue;
    if (latest === undefined || startMs > latest.bucket_start_at.getTime()) latest = bucket;
  }
  return monitorTargetOf(groupGuids, latest?.sla_target ?? null, context);
}

/** `resolveMonitorTarget` given the SlaTarget of the window's latest bucket that has one. */
export function monitorTargetOf(
  groupGuids: readonly string[],
  latestSlaTarget: number | null,
  context: TargetContext,
): SlaTarget {
  if (context.defaultTarget.overrides === true) return defaultSlaTarget(context.defaultTarget);
  const groupDefinitions = groupGuids
    .map((guid) => context.groupsByGuid.get(guid))
    .filter((g): g is ReportGroup => g !== undefined)
    .sort((a, b) => Number(a.is_all) - Number(b.is_all) || a.description.localeCompare(b.description))
    .map((g) => groupSlaDefinition(g.monitor_group_guid, context))
    .filter((d): d is ReportSlaDefinition => d !== undefined);
  if (latestSlaTarget !== null) {
    const desired = latestSlaTarget;
    const match = [...groupDefinitions, ...context.slaByGuid.values()].find(
      (d) => d.uptime_warning_threshold === desired,
    );
    return {
      desired,
      error: match === undefined ? desired : Math.min(match.uptime_error_threshold, desired),
      source: 'Statistics',
      slaName: match?.description ?? null,
    };
  }
  const first = groupDefinitions[0];
  if (first !== undefined) return fromDefinition(first, 'Group SLA');
  return defaultSlaTarget(context.defaultTarget);
}
