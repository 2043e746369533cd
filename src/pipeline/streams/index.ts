/**
 * The stream registry, in run order: later streams read what earlier ones loaded (members need
 * their groups, maintenance needs the monitors, alerts need the All Monitors group, uptime needs
 * the device tree). The monitor groups come first, so the alerts start after one request. A run
 * takes the list streams one after another in this order, and starts each windowed one once the
 * list streams it reads (`after`) are done, with slots in this order (run-streams.ts). Adding a
 * stream means declaring it in this folder and adding it here (docs/adding-a-stream.md).
 */
import { didYouMean } from '../../did-you-mean.ts';
import type { StreamDefinition } from '../engine/stream-definition.ts';
import {
  alertDefinitionMembersStream,
  alertDefinitionsStream,
  alertEscalationLevelIntegrationsStream,
  alertEscalationLevelMembersStream,
  alertEscalationLevelsStream,
} from './alert-definitions.ts';
import { alertsStream } from './alerts.ts';
import { checkpointRegionsStream, checkpointsStream } from './checkpoints.ts';
import { infraDevicesStream, infraDeviceUptimeStream } from './infra.ts';
import { maintenancePeriodsStream } from './maintenance-periods.ts';
import { monitorGroupMembersStream, monitorGroupsStream } from './monitor-groups.ts';
import { monitorsStream } from './monitors.ts';
import { operatorGroupMembersStream, operatorGroupsStream, operatorsStream } from './operators.ts';
import { publicStatusPagesStream, timezonesStream } from './reference.ts';
import { slaExclusionPeriodsStream, slasStream } from './slas.ts';
import { statisticsStream } from './statistics.ts';

/** Every stream, in run order. */
export const STREAMS: readonly StreamDefinition[] = Object.freeze([
  // First, because the alerts (the longest cursor chains of a run) wait for it and for nothing
  // else; it reads nothing loaded by another stream.
  monitorGroupsStream,
  timezonesStream,
  monitorsStream,
  monitorGroupMembersStream,
  slasStream,
  slaExclusionPeriodsStream,
  maintenancePeriodsStream,
  operatorsStream,
  operatorGroupsStream,
  operatorGroupMembersStream,
  publicStatusPagesStream,
  alertDefinitionsStream,
  alertDefinitionMembersStream,
  alertEscalationLevelsStream,
  alertEscalationLevelMembersStream,
  alertEscalationLevelIntegrationsStream,
  alertsStream,
  statisticsStream,
  infraDevicesStream,
  infraDeviceUptimeStream,
  // Reference lists that read nothing and that no windowed stream waits for: last, so they delay
  // none of the windowed streams (list streams run one after another).
  checkpointsStream,
  checkpointRegionsStream,
]);

/** Looks streams up by name; unknown names are returned separately for the error message. */
/** The unknown names, each with the stream it is probably meant to be: `alert (did you mean alerts?)`. */
export function describeUnknownStreams(unknown: readonly string[]): string {
  const names = STREAMS.map((s) => s.name);
  return unknown
    .map((name) => {
      const hint = didYouMean(name, names);
      return hint === '' ? name : `${name} (${hint})`;
    })
    .join(', ');
}

export function selectStreams(names: readonly string[] | undefined): {
  selected: StreamDefinition[];
  unknown: string[];
} {
  if (names === undefined || names.length === 0) return { selected: [...STREAMS], unknown: [] };
  const unknown = names.filter((n) => !STREAMS.some((s) => s.name === n));
  return { selected: STREAMS.filter((s) => names.includes(s.name)), unknown };
}
