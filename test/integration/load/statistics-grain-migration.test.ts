/**
 * Migration 000011 on a warehouse loaded before bucket grains existed: every stored bucket gets its
 * grain by the same rule as the mapper, and statistics coverage no longer claims time that only
 * month (or longer) buckets hold, which has no figure per day.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadStreamCoverage } from '../../support/coverage-ledger.ts';
import { migrate, SQL_DIR } from '../../../src/load/migrate.ts';
import { createTestDatabase } from '../../support/test-database.ts';

const M1 = '11111111-1111-4111-8111-111111111111';

/** A copy of sql/ without the migrations from `first` on and without repeatable files. */
function sqlBefore(first: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-sql-'));
  cpSync(SQL_DIR, dir, { recursive: true });
  for (const file of readdirSync(path.join(dir, 'migrations')).filter((f) => f >= first))
    rmSync(path.join(dir, 'migrations', file));
  for (const folder of ['functions', 'views']) {
    rmSync(path.join(dir, folder), { recursive: true });
    mkdirSync(path.join(dir, folder));
  }
  return dir;
}

describe('migration 000011', () => {
  it('gives every stored bucket its grain and takes month-only time out of statistics coverage', async () => {
    const tdb = await createTestDatabase();
    const db = tdb.warehouse.db;
    const dir = sqlBefore('000011');
    try {
      await sql`drop schema uptrends cascade`.execute(db);
      await migrate(db, dir);
      await sql`insert into uptrends.etl_run (run_id, command, status) overriding system value values (1, 'sync', 'succeeded')`.execute(
        db,
      );
      // local wall clocks, their instants (Amsterdam: CET until 2025-03-30, CEST after)
      const buckets: [string, string, string, string][] = [
        ['2025-01-01T00:00:00', '2025-02-01T00:00:00', '2024-12-31T23:00:00Z', '2025-01-31T23:00:00Z'],
        ['2025-02-01T00:00:00', '2025-03-01T00:00:00', '2025-01-31T23:00:00Z', '2025-02-28T23:00:00Z'],
        ['2025-02-01T00:00:00', '2025-02-02T00:00:00', '2025-01-31T23:00:00Z', '2025-02-01T23:00:00Z'],
        ['2025-03-30T01:00:00', '2025-03-30T03:00:00', '2025-03-30T00:00:00Z', '2025-03-30T01:00:00Z'],
        ['2025-03-30T00:00:00', '2025-03-31T00:00:00', '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z'],
        ['2025-04-01T00:00:00', '2026-04-01T00:00:00', '2025-03-31T22:00:00Z', '2026-03-31T22:00:00Z'],
      ];
      for (const [startLocal, endLocal, start, end] of buckets) {
        await sql`
          insert into uptrends.monitor_statistics
            (account_id, monitor_guid, bucket_start_at, bucket_end_at, bucket_start_local, bucket_end_local, raw, run_id)
          values ('acc', ${M1}::uuid, ${start}::timestamptz, ${end}::timestamptz, ${startLocal}::timestamp,
                  ${endLocal}::timestamp, '{}', 1)`.execute(db);
      }
      // As 000010 estimated it: the union of the buckets.
      await sql`
        insert into uptrends.etl_coverage (account_id, stream, partition, covered)
        select 'acc', 'statistics', ${M1}, range_agg(tstzrange(bucket_start_at, bucket_end_at))
        from uptrends.monitor_statistics`.execute(db);
      rmSync(dir, { recursive: true });
      await migrate(db);

      const grains = await sql<{ start: string; grain: string }>`
        select bucket_start_local::text as start, grain from uptrends.monitor_statistics
        order by bucket_start_at, bucket_end_at`.execute(db);
      expect(grains.rows.map((r) => r.grain)).toEqual(['month', 'day', 'month', 'day', 'hour', 'longer']);
      const covered = await loadStreamCoverage(db, 'acc', 'statistics');
      // Left: the day of 1 February and 30 March, which day and hour buckets hold.
      expect(covered.get(M1)!.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
        ['2025-01-31T23:00:00.000Z', '2025-02-01T23:00:00.000Z'],
        ['2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await tdb.drop();
    }
  });
});
