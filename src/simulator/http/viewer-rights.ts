/**
 * The simulator answering as an operator without administrator rights (option `viewer`,
 * docs/simulator.md "A non-administrator account"): the spec's authentication rule 10 gives such
 * an operator six fields of a monitor; operators, operator groups, alert definitions, the vault
 * and SLAs are refused with 403; and this service has no `/CheckpointRegion` route (404, as for
 * any unknown route), so one option plays both cases an ETL must survive.
 */
import { VIEWER_MONITOR_FIELDS } from '../../extract/schemas/monitor.ts';
import { messageList, type RouteResult } from './route-result.ts';

const REFUSED = /^\/(Operator|OperatorGroup|AlertDefinition|Vault|Sla)(\/|$)/i;
const MISSING = /^\/CheckpointRegion(\/|$)/i;

/** The refusal for a route a viewer may not read, or undefined when it may. */
export function viewerRefusal(template: string, path: string): RouteResult | undefined {
  if (MISSING.test(template)) {
    return messageList(404, `No HTTP resource was found that matches the request URI '${path}'.`);
  }
  if (REFUSED.test(template)) {
    return messageList(403, 'You do not have sufficient rights to perform this operation.');
  }
  return undefined;
}

function trimmed(monitor: unknown): unknown {
  if (monitor === null || typeof monitor !== 'object') return monitor;
  const record = monitor as Record<string, unknown>;
  return Object.fromEntries(VIEWER_MONITOR_FIELDS.filter((f) => f in record).map((f) => [f, record[f]]));
}

/** A monitor answer as a viewer sees it: six fields of each monitor; other routes unchanged. */
export function viewerBody(template: string, body: unknown): unknown {
  if (!/^\/Monitor(\/\{monitorGuid\})?$/i.test(template)) return body;
  return Array.isArray(body) ? body.map(trimmed) : trimmed(body);
}
