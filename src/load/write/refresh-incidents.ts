/**
 * Keeps `uptrends.incident` current after alerts were merged: the caller passes the
 * (monitor, incident key) pairs a window touched and `uptrends.refresh_incidents()` recomputes
 * exactly those from `uptrends.alert`. Call it in the same transaction as the alert merge, so an
 * interrupted window leaves neither alerts nor incidents behind.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** One incident to recompute. */
export interface IncidentRef {
  readonly monitorGuid: string;
  readonly incidentKey: string;
}

/** Seed of the advisory lock keys of incidents (hashtextextended of "guid|key"). */
export const INCIDENT_LOCK_SEED = 0x696e_6369;

/** Pairs as the two array literals the statements take: their GUIDs and their keys, in order. */
interface PairLiterals {
  readonly guids: string;
  readonly keys: string;
}

function pairLiterals(pairs: readonly IncidentRef[]): PairLiterals {
  return {
    guids: arrayLiteral(pairs.map((pair) => pair.monitorGuid)),
    keys: arrayLiteral(pairs.map((pair) => pair.incidentKey)),
  };
}

/** Takes the transaction-scoped advisory lock of every incident of the pairs, in key order. */
async function lockIncidents(db: Kysely<Database>, { guids, keys }: PairLiterals): Promise<void> {
  await sql`
    select count(pg_advisory_xact_lock(lock_key)) from (
      select distinct hashtextextended(g || '|' || k, ${INCIDENT_LOCK_SEED}) as lock_key
      from unnest(${guids}::text[], ${keys}::text[]) as t(g, k)
      order by lock_key
    ) ordered`.execute(db);
}

// Pairs per call: two array parameters of this size stay far below any protocol limit, and a
// window of 100-alert pages rarely touches more.
const CHUNK = 5_000;

/**
 * A Postgres array literal (text) of `values`: node-postgres and PGlite serialise JS arrays
 * differently, text they both pass through unchanged.
 */
export function arrayLiteral(values: readonly string[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    // Most values (GUIDs, incident keys) hold neither character: no pattern run over them.
    const quoted = value.includes('"') || value.includes('\\') ? value.replace(/(["\\])/g, '\\$1') : value;
    text += i === 0 ? `"${quoted}"` : `,"${quoted}"`;
  }
  return `${text}}`;
}

/**
 * Recomputes the incidents of `pairs` (deduplicated; GUIDs compared case-insensitively, keys as
 * sent) and stamps the changed rows with `runId`. Returns the number of incident rows inserted,
 * changed or deleted.
 */
export async function refreshIncidents(
  // A transaction is a Kysely<Database> too: the caller's, so the alerts and incidents commit together.
  db: Kysely<Database>,
  pairs: readonly IncidentRef[],
  runId: number,
): Promise<number> {
  const unique = new Map<string, IncidentRef>();
  for (const pair of pairs) {
    const monitorGuid = pair.monitorGuid.toLowerCase();
    unique.set(`${monitorGuid}\u0000${pair.incidentKey}`, { monitorGuid, incidentKey: pair.incidentKey });
  }
  const all = [...unique.values()];
  if (all.length === 0) return 0;
  // Windows commit concurrently, and one incident can span two of them. Each recomputes it from
  // the alerts it can see; without a lock both could recompute before either committed, and the
  // last commit would drop the other window's alerts (an Ok alert lost = an incident wrongly
  // open). One transaction-scoped lock per incident, held until commit, makes the second
  // refresher see the first one's alerts, while windows touching other incidents go on in
  // parallel (one global lock measured: concurrent windows committed one at a time). All locks
  // are taken up front in sorted order, so two windows can never wait on each other in a cycle.
  // A window's pairs are nearly always one chunk: its literals then serve the lock too.
  const whole = pairLiterals(all);
  await lockIncidents(db, whole);
  let changed = 0;
  for (let offset = 0; offset < all.length; offset += CHUNK) {
    const { guids, keys } = all.length <= CHUNK ? whole : pairLiterals(all.slice(offset, offset + CHUNK));
    const result = await sql<{ changed: number }>`
      select uptrends.refresh_incidents(${guids}::uuid[], ${keys}::text[], ${runId}::bigint) as changed`.execute(
      db,
    );
    changed += result.rows[0]?.changed ?? 0;
  }
  return changed;
}
