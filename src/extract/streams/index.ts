/**
 * The stream registry, in run order: later streams read what earlier ones loaded (members need
 * their groups, maintenance needs the monitors, alerts need the All Monitors group). Adding a
 * stream means adding its file and one line here.
 */
import { runListStream, type ListStreamSpec } from '../list-stream.ts';
import type { StreamDefinition } from '../stream-definition.ts';
import type { SyncContext } from '../sync-context.ts';
import type { z } from 'zod';
import { maintenancePeriodsStream } from './maintenance-periods.ts';
import { monitorGroupMembersStream } from './monitor-group-members.ts';
import { monitorGroupsStream } from './monitor-groups.ts';
import { monitorsStream } from './monitors.ts';
import { operatorGroupMembersStream, operatorGroupsStream, operatorsStream } from './operators.ts';
import { publicStatusPagesStream, timezonesStream } from './reference.ts';
import { slaExclusionPeriodsStream, slasStream } from './slas.ts';
import { alertsStream } from './alerts.ts';
import { statisticsStream } from './statistics.ts';
import { infraDevicesStream } from './infra-devices.ts';
import { infraDeviceUptimeStream } from './infra-device-uptime.ts';

function listStream<S extends z.ZodType>(spec: ListStreamSpec<S>): StreamDefinition {
  return Object.freeze({
    name: spec.name,
    description: spec.description,
    api: 'api' as const,
    run: (ctx: SyncContext) => runListStream(spec, ctx),
  });
}

const registry: readonly StreamDefinition[] = [
  listStream(timezonesStream),
  listStream(monitorsStream),
  listStream(monitorGroupsStream),
  listStream(monitorGroupMembersStream),
  listStream(slasStream),
  listStream(slaExclusionPeriodsStream),
  listStream(maintenancePeriodsStream),
  listStream(operatorsStream),
  listStream(operatorGroupsStream),
  listStream(operatorGroupMembersStream),
  listStream(publicStatusPagesStream),
  alertsStream,
  statisticsStream,
  infraDevicesStream,
  infraDeviceUptimeStream,
];

/** Every stream, in run order. */
export const STREAMS: readonly StreamDefinition[] = registry;

/** Looks streams up by name; unknown names are returned separately for the error message. */
export function selectStreams(names: readonly string[] | undefined): {
  selected: StreamDefinition[];
  unknown: string[];
} {
  if (names === undefined || names.length === 0) return { selected: [...registry], unknown: [] };
  const unknown = names.filter((n) => !registry.some((s) => s.name === n));
  return { selected: registry.filter((s) => names.includes(s.name)), unknown };
}
