/**
 * Decides which fault (if any) one request gets. The decision is a pure function of (seed, method,
 * path and query, attempt number of that exact URL), so a failing test replays exactly and a retry
 * of the same URL is a fresh draw; after `maxPerUrl` faulted attempts a URL is left alone, so
 * retries always end.
 */
import { hashUnit } from '../seeded-random.ts';
import { EXCLUSIVE_FAULTS, type FaultSpec } from './parse-fault-spec.ts';

/** The exclusive fault kinds, in the order their fractions are stacked. */
export type FaultKind = (typeof EXCLUSIVE_FAULTS)[number];
const ORDER: readonly FaultKind[] = EXCLUSIVE_FAULTS;

/** What happens to one request. */
export interface FaultDecision {
  kind: FaultKind | undefined;
  /** Latency plus jitter, ms (slow adds slowMs on top). */
  delayMs: number;
  outage: boolean;
  expireCursor: boolean;
  repeatCursor: boolean;
}

/** Decides for one request; `faultedBefore` is how many earlier attempts of this URL were faulted. */
export function decideFault(
  spec: FaultSpec,
  seed: number,
  method: string,
  url: string,
  attempt: number,
  faultedBefore: number,
): FaultDecision {
  const path = url.split('?')[0] ?? url;
  const s = spec.seed ?? seed;
  const delayMs =
    spec.latencyMs +
    (spec.jitterMs > 0 ? Math.floor(hashUnit(s, 'jitter', method, url, attempt) * spec.jitterMs) : 0);
  const decision: FaultDecision = {
    kind: undefined,
    delayMs,
    outage: false,
    expireCursor: false,
    repeatCursor: false,
  };
  if (spec.outage?.test(path) === true) return { ...decision, outage: true };
  if (faultedBefore >= spec.maxPerUrl || (spec.scope !== undefined && !spec.scope.test(path)))
    return decision;
  const u = hashUnit(s, 'fault', method, url, attempt);
  let acc = 0;
  for (const kind of ORDER) {
    acc += spec[kind];
    if (u < acc) return { ...decision, kind };
  }
  if (/[?&]cursor=/i.test(url)) {
    decision.expireCursor = hashUnit(s, 'expire', method, url, attempt) < spec.expireCursor;
    decision.repeatCursor =
      !decision.expireCursor && hashUnit(s, 'repeat', method, url, attempt) < spec.repeatCursor;
  }
  return decision;
}
