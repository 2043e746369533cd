/**
 * Checkpoint routes (facts 3.13): `/Checkpoint` is an enveloped list (`{Data: [{Id, Type,
 * Attributes, Links}], Links, Meta}`, IPv6 addresses as plain strings as since September 2023),
 * `/CheckpointRegion` a bare array; each with its single-item route. Unknown ids answer 404, ids
 * that are not integers 400.
 */
import {
  SIMULATED_CHECKPOINT_REGIONS,
  SIMULATED_CHECKPOINTS,
  type SimulatedCheckpoint,
} from '../data/checkpoints.ts';
import { messageList, ok, type Route, type RouteResult } from './route-result.ts';

/** One checkpoint as `Data` holds it. */
export function checkpointWire(c: SimulatedCheckpoint): Record<string, unknown> {
  return {
    Id: c.id,
    Type: 'Checkpoint',
    Attributes: {
      CheckpointName: c.name,
      Code: c.code,
      Ipv4Addresses: [...c.ipv4],
      IpV6Addresses: [...c.ipv6],
      IsPrimaryCheckpoint: c.primary,
      SupportsIpv6: c.ipv6.length > 0,
      HasHighAvailability: c.highAvailability,
    },
    Links: { Self: `/Checkpoint/${c.id}` },
  };
}

/** The item of `list` whose id is the path parameter, or the 400/404 to answer. */
function byId<T>(
  list: readonly T[],
  id: string | undefined,
  idOf: (item: T) => number,
  what: string,
): T | RouteResult {
  if (!/^\d+$/.test(id ?? '')) return messageList(400, `The value '${id}' is not valid.`);
  const found = list.find((item) => String(idOf(item)) === id);
  return found ?? messageList(404, `The specified ${what} does not exist.`);
}

const isResult = (x: unknown): x is RouteResult =>
  typeof x === 'object' && x !== null && 'status' in x && typeof (x as RouteResult).status === 'number';

const route = (template: string, handle: Route['handle']): Route => ({ area: 'api', template, handle });

/** Every checkpoint route. */
export const CHECKPOINT_ROUTES: readonly Route[] = [
  route('/Checkpoint', () =>
    ok({ Data: SIMULATED_CHECKPOINTS.map(checkpointWire), Links: { Self: '/Checkpoint' }, Meta: {} }),
  ),
  route('/Checkpoint/{checkpointId}', (_s, [id]) => {
    const c = byId(SIMULATED_CHECKPOINTS, id, (x) => x.id, 'checkpoint');
    return isResult(c) ? c : ok({ Data: checkpointWire(c), Links: { Self: `/Checkpoint/${c.id}` } });
  }),
  route('/CheckpointRegion', () => ok(SIMULATED_CHECKPOINT_REGIONS)),
  route('/CheckpointRegion/{checkpointRegionId}', (_s, [id]) => {
    const r = byId(SIMULATED_CHECKPOINT_REGIONS, id, (x) => x.Id, 'checkpoint region');
    return isResult(r) ? r : ok(r);
  }),
];
