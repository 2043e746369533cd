/**
 * The fewest requests that can read a dataset with the pipeline's strategy (docs/extraction.md,
 * "Request cost"), computed from the simulator's ground truth rather than from what the pipeline
 * did, per route as `/_sim/stats` counts them:
 * - account: /Account, /Account/Settings, /Timezone/{id};
 * - one request per configuration list, plus one per parent for per-parent lists (members per
 *   monitor group, exclusion periods per SLA, members per operator group, maintenance per monitor,
 *   members and escalation levels per alert definition, members and integrations per level);
 * - alerts: per window ceil(alerts in window / 100), at least 1 (Take=100 is the API's maximum).
 *   The caller picks the windows: one window over the whole range gives the fewest requests any
 *   plan could make (issue 12's minimal), the planned windows give the cost of that plan;
 * - statistics: one per monitor;
 * - infra: the tree walk reads each device group once (every group lists fewer than Take=500
 *   items at bench sizes) and each day costs ceil(devices / 500) requests of the all-devices group.
 */
import type { PlannedWindow } from '../src/pipeline/engine/window-plan.ts';
import type { SimulatorProcess } from './spawn-simulator.ts';

/** Take of the alert requests: the API's maximum page. */
const ALERT_PAGE = 100;
/** Take of the Infra requests (src/extract/infra/infra-stream-options.ts). */
const INFRA_PAGE = 500;

/** What a run reads. */
export interface ReadPlan {
  /** Alert windows: the whole range as one window, or the windows the pipeline plans. */
  alertWindows: readonly Pick<PlannedWindow, 'startLocal' | 'endLocal'>[];
  /** Completed days read by statistics (0: the stream reads nothing) and by infra uptime. */
  statisticsDays: number;
  infraDays: number;
}

/** Minimal requests per route template. */
export type RouteCounts = Record<string, number>;

/** Sums the statuses of `/_sim/stats` per route. */
export function issuedByRoute(byRoute: Record<string, Record<string, number>>): RouteCounts {
  return Object.fromEntries(
    Object.entries(byRoute).map(([route, statuses]) => [
      route,
      Object.values(statuses).reduce((a, b) => a + b, 0),
    ]),
  );
}

/** Computes the minimal requests of `plan` from the simulator's ground truth. */
export async function minimalRequests(sim: SimulatorProcess, plan: ReadPlan): Promise<RouteCounts> {
  const { counts } = await sim.stats();
  const c = (name: string): number => counts[name] ?? 0;
  let alerts = 0;
  for (const w of plan.alertWindows) {
    alerts += Math.max(1, Math.ceil((await sim.alertCount(w.startLocal, w.endLocal)) / ALERT_PAGE));
  }
  const routes: RouteCounts = {
    'GET /Account': 1,
    'GET /Account/Settings': 1,
    'GET /Timezone/{timezoneId}': 1,
    'GET /Timezone': 1,
    'GET /Monitor': 1,
    'GET /MonitorGroup': 1,
    'GET /MonitorGroup/{monitorGroupGuid}/Member': c('monitorGroups'),
    'GET /Sla': 1,
    'GET /Sla/{slaGuid}/ExclusionPeriod': c('slas'),
    'GET /Monitor/{monitorGuid}/MaintenancePeriod': c('monitors'),
    'GET /Operator': 1,
    'GET /OperatorGroup': 1,
    'GET /OperatorGroup/{operatorGroupGuid}/Member': c('operatorGroups'),
    'GET /PublicStatusPage': 1,
    'GET /AlertDefinition': 1,
    'GET /AlertDefinition/{alertDefinitionGuid}/Member': c('alertDefinitions'),
    'GET /AlertDefinition/{alertDefinitionGuid}/EscalationLevel': c('alertDefinitions'),
    'GET /AlertDefinition/{alertDefinitionGuid}/EscalationLevel/{escalationLevelId}/Member':
      c('escalationLevels'),
    'GET /AlertDefinition/{alertDefinitionGuid}/EscalationLevel/{escalationLevelId}/Integration':
      c('escalationLevels'),
    'GET /Alert/MonitorGroup/{monitorGroupGuid}': alerts,
    'GET /Statistics/Monitor/{monitorGuid}': plan.statisticsDays > 0 ? c('monitors') : 0,
    'GET /infra/v1/DeviceGroupData':
      c('infraGroups') + plan.infraDays * Math.ceil(c('infraDevices') / INFRA_PAGE),
  };
  return Object.fromEntries(Object.entries(routes).filter(([, n]) => n > 0));
}

/** Routes where `issued` differs from `minimal`, as `route +n` / `route -n` texts. */
export function routeDifferences(issued: RouteCounts, minimal: RouteCounts): string[] {
  const routes = new Set([...Object.keys(issued), ...Object.keys(minimal)]);
  return [...routes]
    .map((r) => ({ r, d: (issued[r] ?? 0) - (minimal[r] ?? 0) }))
    .filter(({ d }) => d !== 0)
    .map(({ r, d }) => `${r} ${d > 0 ? '+' : ''}${d}`);
}

/** Sum of a route table. */
export function totalRequests(counts: RouteCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
