/**
 * The warehouse's one home of two rules every figure rests on (issue 44): a monitor's life
 * (uptrends.monitor_life_start / monitor_life_end: created to deleted, or to its pause) and which
 * monitors count (uptrends.monitor_is_production), and the default SLA target
 * (uptrends.default_sla_target), which the TypeScript constant must equal. Expected values are
 * worked out from the rules as the README states them, one monitor per case.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SLA_TARGET } from '../../../src/reports/report-defaults.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const CREATED = '2025-10-01T00:00:00.000Z';
const EARLY = '2025-10-03T10:00:00.000Z';
const LATE = '2025-10-05T00:00:00.000Z';

/** guid suffix, mode, is_active, created_at, last_modified_at, deleted_at. */
const CASES: readonly [string, string | null, boolean | null, string | null, string | null, string | null][] =
  [
    ['01', 'Production', true, CREATED, EARLY, null], // alive: created .. infinity
    ['02', null, false, CREATED, EARLY, null], // paused (modified EARLY): its life ends at the pause
    ['03', 'production', false, null, LATE, EARLY], // deleted EARLY, paused later: the deletion
    ['04', 'Staging', true, CREATED, EARLY, LATE], // active, deleted LATE: the deletion
    ['05', 'Development', null, null, EARLY, null], // is_active unknown: not paused
  ];

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  const db = tdb.warehouse.db;
  await sql`insert into uptrends.etl_run (command) values ('sync')`.execute(db);
  for (const [n, mode, active, created, modified, deleted] of CASES) {
    await sql`insert into uptrends.monitor
        (account_id, monitor_guid, name, monitor_mode, is_active, created_at, last_modified_at, deleted_at, config_hash, raw, run_id)
      values ('a', ${`00000000-0000-4000-8000-0000000000${n}`}::uuid, ${`m${n}`}, ${mode}, ${active},
              ${created}::timestamptz, ${modified}::timestamptz, ${deleted}::timestamptz, 'h', '{}', 1)`.execute(
      db,
    );
  }
});
afterAll(async () => {
  await tdb.drop();
});

describe('the rules of a monitor, in the warehouse', () => {
  it('a life runs from creation (else -infinity) to deletion or pause, whichever came first (else infinity)', async () => {
    const { rows } = await sql<{ name: string; life_start: string; life_end: string; production: boolean }>`
      select name,
             case when uptrends.monitor_life_start(m) = '-infinity' then '-infinity'
                  else to_char(uptrends.monitor_life_start(m) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') end as life_start,
             case when uptrends.monitor_life_end(m) = 'infinity' then 'infinity'
                  else to_char(uptrends.monitor_life_end(m) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') end as life_end,
             uptrends.monitor_is_production(m) as production
      from uptrends.monitor m order by name`.execute(tdb.warehouse.db);
    expect(rows).toEqual([
      { name: 'm01', life_start: '2025-10-01T00:00', life_end: 'infinity', production: true },
      { name: 'm02', life_start: '2025-10-01T00:00', life_end: '2025-10-03T10:00', production: true },
      { name: 'm03', life_start: '-infinity', life_end: '2025-10-03T10:00', production: true },
      { name: 'm04', life_start: '2025-10-01T00:00', life_end: '2025-10-05T00:00', production: false },
      { name: 'm05', life_start: '-infinity', life_end: 'infinity', production: false },
    ]);
  });

  it('the default target is 99.9 %, in SQL and in TypeScript alike', async () => {
    const { rows } = await sql<{ target: number }>`select uptrends.default_sla_target() as target`.execute(
      tdb.warehouse.db,
    );
    expect(rows[0]!.target).toBe(99.9);
    expect(DEFAULT_SLA_TARGET).toBe(rows[0]!.target);
  });
});
