/**
 * What changed since the last early-warning mail: each service's state now against the state the
 * last delivered mail reported. Pure; the pipeline reads the last mail from the delivery ledger
 * and records what this one reports.
 *
 * The rules (docs/subscriptions.md, "At-risk subscriptions"):
 * - A service is *notified* in a state of the subscription's `notify` list (Default: at risk and
 *   breached). Entering one, moving between two, and leaving them (to watch or ok) are changes.
 * - A service whose state is unknown now (a window not read in full) keeps the state the last mail
 *   gave it: missing data never claims that a service recovered or fell. So does a service no
 *   longer in the rows (deleted, or out of scope).
 * - A new month starts every budget afresh: a service breached last month and ok now has left.
 */
import type { BurnState, NotifiableState } from '../../terms.ts';
import type { NotifiedState } from '../../load/ledgers/delivery-ledger.ts';
import { burnKey, type Burn } from '../queries/sla-burn.ts';

/** One service whose notified state changed. */
export interface StateChange {
  readonly key: string;
  readonly name: string;
  readonly grain: string;
  /** The state the last mail reported it in (null: none, it was not notified). */
  readonly was: string | null;
  /** Its notified state now (null: it left every notified state). */
  readonly now: NotifiableState | null;
  /** Its state now in full (watch or ok after leaving). */
  readonly state: BurnState | null;
  /** Its row now. */
  readonly burn: Burn;
}

/** The outcome of one check. */
export interface WarningCheck {
  readonly changes: readonly StateChange[];
  /** Every service in a notified state after this check (what a mail now records). */
  readonly notified: readonly NotifiedState[];
}

const ORDER: Readonly<Record<string, number>> = { breached: 0, 'at risk': 1, watch: 2 };

/** Compares the services now with what the last mail reported (null: no mail yet). */
export function compareWithLastMail(
  previous: readonly NotifiedState[] | null,
  services: readonly Burn[],
  notify: readonly NotifiableState[],
): WarningCheck {
  const before = new Map((previous ?? []).map((p) => [p.key, p]));
  const notified = new Map<string, NotifiedState>();
  const changes: StateChange[] = [];
  for (const s of services) {
    const key = burnKey(s);
    const was = before.get(key) ?? null;
    before.delete(key);
    if (s.state === null) {
      if (was !== null) notified.set(key, was);
      continue;
    }
    const now = (notify as readonly string[]).includes(s.state) ? (s.state as NotifiableState) : null;
    if (now !== null) {
      const guid = (s.grain === 'monitor' ? s.monitor_guid : s.monitor_group_guid) ?? '';
      notified.set(key, { key, grain: s.grain, guid, name: s.name, state: now });
    }
    if ((was?.state ?? null) !== now) {
      changes.push({
        key,
        name: s.name,
        grain: s.grain,
        was: was?.state ?? null,
        now,
        state: s.state,
        burn: s,
      });
    }
  }
  // Not in the rows now: kept as the last mail reported them.
  for (const [key, was] of before) notified.set(key, was);
  changes.sort(
    (a, b) =>
      (ORDER[a.now ?? ''] ?? 3) - (ORDER[b.now ?? ''] ?? 3) ||
      Number(a.grain === 'group') - Number(b.grain === 'group') ||
      a.name.localeCompare(b.name),
  );
  return {
    changes,
    notified: [...notified.values()].sort((a, b) => a.key.localeCompare(b.key)),
  };
}
