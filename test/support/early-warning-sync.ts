/**
 * The early-warning scenario's account, synced as the at-risk tests need it: the simulator's
 * `early-warning` account backfilled through the real sync, and its monitors' GUIDs by name, read
 * from the API itself (the scenario names its monitors; the GUIDs come from the seed).
 */
import type { Config } from '../../src/config.ts';
import { silentLogger } from '../../src/logger.ts';
import { runSync } from '../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../src/pipeline/sync-options.ts';
import type { RunningSimulator } from '../../src/simulator/start-simulator.ts';

/** The streams the burn figures read; `maintenance_periods` is left to the caller. */
const BURN_STREAMS = [
  'monitors',
  'monitor_groups',
  'monitor_group_members',
  'slas',
  'public_status_pages',
  'alerts',
  'statistics',
] as const;

/**
 * Syncs 62 days up to `now` into the warehouse `config` names and returns the monitors' GUIDs by
 * name. Throws unless every stream succeeded.
 */
export async function syncEarlyWarning(
  sim: RunningSimulator,
  config: Config,
  now: Date,
  extraStreams: readonly string[] = [],
): Promise<Map<string, string>> {
  const auth = Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64');
  const response = await fetch(`${sim.apiUrl}/Monitor`, { headers: { Authorization: `Basic ${auth}` } });
  const monitors = (await response.json()) as { MonitorGuid: string; Name: string }[];
  const summary = await runSync(
    config,
    {
      ...DEFAULT_SYNC_OPTIONS,
      initialDays: 62,
      windowDays: 10,
      streams: [...BURN_STREAMS, ...extraStreams],
    },
    { logger: silentLogger(), clock: () => now },
  );
  if (summary.status !== 'succeeded') throw new Error(`the early-warning sync ended ${summary.status}`);
  return new Map(monitors.map((m) => [m.Name, m.MonitorGuid]));
}
