/**
 * A window read to its end converges to the service: the rows the warehouse held for the window
 * that this read did not serve are removed, in the transaction of the window's last batch
 * (docs/extraction.md, "A window read again converges"). Removed, not kept with a `deleted_at`:
 * an alert the service no longer serves (a cleared error, a deleted monitor's alerts, an alert
 * moved to another instant) is no longer an alert, and a kept row would count in every figure and
 * every analyst's query that forgot a filter. The run's `written` count includes what went.
 */
import { sql, type Kysely } from 'kysely';
import { isGuid } from '../../guid.ts';
import type { Database } from '../schema.ts';
import { arrayLiteral, refreshIncidents } from './refresh-incidents.ts';

/** Which monitors' alerts a window covers: the account's, a group's members, or one monitor. */
export type AlertScope =
  | { readonly kind: 'account' }
  | { readonly kind: 'group'; readonly groupGuid: string }
  | { readonly kind: 'monitor'; readonly monitorGuid: string };

/** A window's span as instants, half-open. */
export interface RetireSpan {
  readonly start: Date;
  readonly end: Date;
}

function scopeCondition(scope: AlertScope) {
  if (scope.kind === 'monitor') return sql`and a.monitor_guid = ${scope.monitorGuid}::uuid`;
  if (scope.kind === 'group')
    return sql`and a.monitor_guid in (
      select m.monitor_guid from uptrends.monitor_group_member m
      where m.monitor_group_guid = ${scope.groupGuid}::uuid and m.deleted_at is null)`;
  return sql``;
}

/**
 * In one pass over what a window served: the ids it served, as an array literal (the window's
 * strings go once it is built), and the rejected ids it did not serve.
 */
function keptAndRefused(
  served: Iterable<string>,
  rejected: ReadonlySet<string>,
): { kept: string; refused: ReadonlySet<string> } {
  const ids: string[] = [];
  const refused = new Set([...rejected].filter((id) => isGuid(id)));
  for (const id of served) {
    if (!isGuid(id)) continue;
    ids.push(id);
    refused.delete(id);
  }
  return { kept: arrayLiteral(ids), refused };
}

/**
 * Removes the alerts of `scope` raised strictly inside `span` whose id `served` does not hold, and
 * the alerts whose id `rejected` holds (wherever they were raised), then recomputes the incidents
 * they were in. The window's bounds themselves are left alone: an alert stamped exactly at a
 * midnight may be served by either window beside it (the service's whole-second rounding), so
 * neither may remove it. Returns the alerts removed plus the incident rows changed.
 */
export async function retireAlerts(
  db: Kysely<Database>,
  accountId: string,
  scope: AlertScope,
  span: RetireSpan,
  served: Iterable<string>,
  rejected: ReadonlySet<string>,
  runId: number,
): Promise<number> {
  const { kept, refused } = keptAndRefused(served, rejected);
  const removed = await sql<{ monitor_guid: string; incident_key: string }>`
    delete from uptrends.alert a
    where a.account_id = ${accountId}
      and a.raised_at > ${span.start} and a.raised_at < ${span.end}
      ${scopeCondition(scope)}
      and not (a.alert_id = any(${kept}::uuid[]))
    returning a.monitor_guid::text as monitor_guid, a.incident_key`.execute(db);
  const dropped =
    refused.size === 0
      ? { rows: [] }
      : await sql<{ monitor_guid: string; incident_key: string }>`
          delete from uptrends.alert a
          where a.account_id = ${accountId} and a.alert_id = any(${arrayLiteral([...refused])}::uuid[])
          returning a.monitor_guid::text as monitor_guid, a.incident_key`.execute(db);
  const gone = [...removed.rows, ...dropped.rows];
  if (gone.length === 0) return 0;
  const pairs = gone.map((r) => ({ monitorGuid: r.monitor_guid, incidentKey: r.incident_key }));
  return gone.length + (await refreshIncidents(db, pairs, runId));
}

/** The key of a statistics bucket, as `retireStatistics` compares it: its two instants. */
export function bucketKey(start: Date, end: Date): string {
  return `${start.toISOString()}|${end.toISOString()}`;
}

/**
 * Removes the statistics buckets of `monitorGuid` starting in `span` whose key (`bucketKey`)
 * `served` does not hold: a bucket the service no longer answers for a span it was asked for in
 * full (another grain, a recalculated period). Returns the buckets removed.
 */
export async function retireStatistics(
  db: Kysely<Database>,
  monitorGuid: string,
  span: RetireSpan,
  served: Iterable<string>,
): Promise<number> {
  const starts: string[] = [];
  const ends: string[] = [];
  for (const key of served) {
    const [start, end] = key.split('|');
    if (start !== undefined && end !== undefined) {
      starts.push(start);
      ends.push(end);
    }
  }
  const result = await sql`
    delete from uptrends.monitor_statistics s
    where s.monitor_guid = ${monitorGuid}::uuid
      and s.bucket_start_at >= ${span.start} and s.bucket_start_at < ${span.end}
      and (s.bucket_start_at, s.bucket_end_at) not in (
        select t.start_at, t.end_at
        from unnest(${arrayLiteral(starts)}::timestamptz[], ${arrayLiteral(ends)}::timestamptz[]) as t(start_at, end_at)
      )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
