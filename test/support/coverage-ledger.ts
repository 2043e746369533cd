/**
 * The tests' own read of the coverage ledger (uptrends.etl_coverage): every partition of a stream
 * with the ranges it covers, sorted. Production never reads coverage back in TypeScript (the
 * reports read it in SQL), so this lives beside the tests that check what the engine recorded.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/load/schema.ts';
import type { Interval } from '../../src/time/intervals.ts';

interface RangeRow {
  key: string;
  kind: string;
  start_at: Date;
  end_at: Date;
}

function push(map: Map<string, Interval[]>, key: string, range: Interval): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [range]);
  else list.push(range);
}

/** Every partition of a stream with the time it covers, ranges sorted. */
export async function loadStreamCoverage(
  db: Kysely<Database>,
  accountId: string,
  stream: string,
): Promise<Map<string, Interval[]>> {
  const rows = await sql<RangeRow>`
    select c.partition as key, 'covered' as kind, lower(r) as start_at, upper(r) as end_at
    from uptrends.etl_coverage c, unnest(c.covered) as r
    where c.account_id = ${accountId} and c.stream = ${stream}
    order by c.partition, lower(r)`.execute(db);
  const byPartition = new Map<string, Interval[]>();
  for (const row of rows.rows) push(byPartition, row.key, { start: row.start_at, end: row.end_at });
  return byPartition;
}
