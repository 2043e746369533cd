/**
 * Alert definition routes: the definitions, their members (monitors and monitor groups), their
 * escalation levels, and each level's members (operators and operator groups) and integrations.
 * Lists are arrays, as the 2021 Swagger file declares them.
 */
import type { SimAlertDefinition } from '../dataset.ts';
import type { SimulatorState } from '../simulator-state.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';
import { isGuid } from '../../guid.ts';

const route = (template: string, handle: Route['handle']): Route => ({ area: 'api', template, handle });

function definition(s: SimulatorState, guid: string): SimAlertDefinition | RouteResult {
  if (!isGuid(guid)) return messageList(400, `The value '${guid}' is not valid.`);
  const found = s.ds.alertDefinitions.find((d) => d.guid.toLowerCase() === guid.toLowerCase());
  return found ?? messageList(404, 'The specified alert definition does not exist.');
}

function level(
  s: SimulatorState,
  guid: string,
  id: string,
): SimAlertDefinition['levels'][number] | RouteResult {
  const d = definition(s, guid);
  if ('status' in d) return d;
  const found = d.levels.find((l) => String(l.wire.Id) === id);
  return found ?? messageList(404, 'The specified escalation level does not exist.');
}

/** Every alert definition route. */
export const ALERTING_ROUTES: readonly Route[] = [
  route('/AlertDefinition', (s) => ok(s.ds.alertDefinitions.map((d) => d.wire))),
  route('/AlertDefinition/{alertDefinitionGuid}', (s, [g]) => {
    const d = definition(s, g!);
    return 'status' in d ? d : ok(d.wire);
  }),
  route('/AlertDefinition/{alertDefinitionGuid}/Member', (s, [g]) => {
    const d = definition(s, g!);
    return 'status' in d ? d : ok(d.members);
  }),
  route('/AlertDefinition/{alertDefinitionGuid}/EscalationLevel', (s, [g]) => {
    const d = definition(s, g!);
    return 'status' in d ? d : ok(d.levels.map((l) => l.wire));
  }),
  route('/AlertDefinition/{alertDefinitionGuid}/EscalationLevel/{escalationLevelId}', (s, [g, id]) => {
    const l = level(s, g!, id!);
    return 'status' in l ? l : ok(l.wire);
  }),
  route('/AlertDefinition/{alertDefinitionGuid}/EscalationLevel/{escalationLevelId}/Member', (s, [g, id]) => {
    const l = level(s, g!, id!);
    return 'status' in l ? l : ok(l.members);
  }),
  route(
    '/AlertDefinition/{alertDefinitionGuid}/EscalationLevel/{escalationLevelId}/Integration',
    (s, [g, id]) => {
      const l = level(s, g!, id!);
      return 'status' in l ? l : ok(l.integrations);
    },
  ),
];
