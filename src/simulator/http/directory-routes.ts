/**
 * SLA, operator, operator group and public status page routes. Member lists are arrays (the 2021
 * Swagger wrongly declares one object); status pages drop removed monitors.
 */
import type { SimulatorState } from '../simulator-state.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';
import { isGuid } from '../../guid.ts';

const route = (template: string, handle: Route['handle']): Route => ({ area: 'api', template, handle });

function byGuid<T>(
  items: readonly T[],
  guidOf: (item: T) => unknown,
  guid: string,
  what: string,
): T | RouteResult {
  if (!isGuid(guid)) return messageList(400, `The value '${guid}' is not valid.`);
  const found = items.find((item) => String(guidOf(item)).toLowerCase() === guid.toLowerCase());
  return found === undefined ? messageList(404, `The specified ${what} does not exist.`) : found;
}

function isResult(x: unknown): x is RouteResult {
  return (
    typeof x === 'object' && x !== null && 'status' in x && typeof (x as RouteResult).status === 'number'
  );
}

function statusPage(s: SimulatorState, page: Record<string, unknown>): Record<string, unknown> {
  const live = new Set(s.ds.monitors.filter((m) => !s.removed.has(m.index)).map((m) => m.guid));
  return { ...page, MonitorGuids: (page.MonitorGuids as string[]).filter((g) => live.has(g)) };
}

/** Every directory route. */
export const DIRECTORY_ROUTES: readonly Route[] = [
  route('/Sla', (s) => ok(s.ds.slas.map((x) => x.wire))),
  route('/Sla/{slaGuid}', (s, [g]) => {
    const sla = byGuid(s.ds.slas, (x) => x.guid, g!, 'SLA');
    return isResult(sla) ? sla : ok(sla.wire);
  }),
  route('/Sla/{slaGuid}/ExclusionPeriod', (s, [g]) => {
    const sla = byGuid(s.ds.slas, (x) => x.guid, g!, 'SLA');
    return isResult(sla) ? sla : ok(sla.exclusions);
  }),
  route('/Sla/{slaGuid}/ExclusionPeriod/{exclusionPeriodId}', (s, [g, id]) => {
    const sla = byGuid(s.ds.slas, (x) => x.guid, g!, 'SLA');
    if (isResult(sla)) return sla;
    const period = sla.exclusions.find((e) => String(e.ExclusionPeriodId) === id);
    return period === undefined
      ? messageList(404, 'The specified exclusion period does not exist.')
      : ok(period);
  }),
  route('/Operator', (s) => ok(s.ds.directory.operators)),
  route('/Operator/{operatorGuid}', (s, [g]) => {
    const op = byGuid(s.ds.directory.operators, (x) => x.OperatorGuid, g!, 'operator');
    return isResult(op) ? op : ok(op);
  }),
  route('/OperatorGroup', (s) => ok(s.ds.directory.operatorGroups.map((x) => x.wire))),
  route('/OperatorGroup/{operatorGroupGuid}', (s, [g]) => {
    const grp = byGuid(s.ds.directory.operatorGroups, (x) => x.wire.OperatorGroupGuid, g!, 'operator group');
    return isResult(grp) ? grp : ok(grp.wire);
  }),
  ...['Member', 'Members'].map((suffix) =>
    route(`/OperatorGroup/{operatorGroupGuid}/${suffix}`, (s, [g]) => {
      const grp = byGuid(
        s.ds.directory.operatorGroups,
        (x) => x.wire.OperatorGroupGuid,
        g!,
        'operator group',
      );
      return isResult(grp) ? grp : ok(grp.members.map((OperatorGuid) => ({ OperatorGuid })));
    }),
  ),
  route('/PublicStatusPage', (s) => ok(s.ds.directory.statusPages.map((p) => statusPage(s, p)))),
  route('/PublicStatusPage/{publicStatusPageGuid}', (s, [g]) => {
    const page = byGuid(s.ds.directory.statusPages, (x) => x.PublicDashboardGuid, g!, 'public status page');
    return isResult(page) ? page : ok(statusPage(s, page));
  }),
];
