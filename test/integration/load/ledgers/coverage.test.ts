/**
 * Coverage (uptrends.etl_coverage, src/load/ledgers/coverage.ts): every window read to its end is recorded,
 * also by a backfill that leaves a gap before the watermark; a failed window records nothing; a
 * monitor's alert coverage, statistics coverage and lifetime come back clipped to a period; and a
 * warehouse loaded before coverage existed gets it estimated by migration 000010.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStreamCoverage } from '../../../support/coverage-ledger.ts';
import { migrate, SQL_DIR } from '../../../../src/load/migrate.ts';
import { localDateOf, localMidnight } from '../../../../src/time/calendar.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../../support/reliability-rig.ts';
import { createTestDatabase } from '../../../support/test-database.ts';

let rig: ReliabilityRig;
let zone: string;
const day = (date: string): Date => localMidnight(date, zone);

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 21, monitors: 6, days: 60, now: new Date('2025-11-12T08:00:00Z') });
  zone = rig.sim.timeZone;
});
afterAll(() => rig.close());

const iso = (ranges: readonly { start: Date; end: Date }[]): string[][] =>
  ranges.map((r) => [r.start.toISOString(), r.end.toISOString()]);

describe('coverage of windowed streams', () => {
  it('a backfill records its windows; a second one with a gap records its own beside it', async () => {
    const first = await rig.sync({ from: '2025-10-01', to: '2025-10-15', windowDays: 7 });
    expect(first.exitCode, first.error?.message).toBe(0);
    const second = await rig.sync({ from: '2025-10-22', to: '2025-10-29', windowDays: 7 });
    expect(second.exitCode, second.error?.message).toBe(0);
    const alerts = await rig.inspect((db) => loadStreamCoverage(db, first.summary!.accountId!, 'alerts'));
    expect([...alerts.keys()]).toEqual(['all']);
    expect(iso(alerts.get('all')!)).toEqual([
      [day('2025-10-01').toISOString(), day('2025-10-15').toISOString()],
      [day('2025-10-22').toISOString(), day('2025-10-29').toISOString()],
    ]);
    const statistics = await rig.inspect((db) =>
      loadStreamCoverage(db, first.summary!.accountId!, 'statistics'),
    );
    expect(statistics.size).toBe(6);
    for (const ranges of statistics.values()) {
      expect(iso(ranges)).toEqual([
        [day('2025-10-01').toISOString(), day('2025-10-15').toISOString()],
        [day('2025-10-22').toISOString(), day('2025-10-29').toISOString()],
      ]);
    }
  });

  it('a window that fails records nothing', async () => {
    const accountId = (await rig.sync({ streams: ['timezones'] })).summary!.accountId!;
    const before = await rig.inspect((db) => loadStreamCoverage(db, accountId, 'alerts'));
    rig.sim.setFaults('outage=/Alert/MonitorGroup/');
    try {
      const outcome = await rig.sync({ from: '2025-11-01', to: '2025-11-08', streams: ['alerts'] });
      expect(outcome.exitCode).not.toBe(0);
    } finally {
      rig.sim.setFaults(undefined);
    }
    expect(await rig.inspect((db) => loadStreamCoverage(db, accountId, 'alerts'))).toEqual(before);
  });

  it("a monitor's coverage (uptrends.monitor_coverage) is what its alert and statistics windows read", async () => {
    const accountId = (await rig.sync({ streams: ['timezones'] })).summary!.accountId!;
    const period = { start: day('2025-10-10'), end: day('2025-11-01') };
    const rows = await rig.inspect(async (db) => {
      const result = await sql<{ monitor_guid: string; kind: string; start_at: Date; end_at: Date }>`
        select c.monitor_guid::text as monitor_guid, k.kind, lower(r) as start_at, upper(r) as end_at
        from uptrends.monitor_coverage(${accountId}) c
        cross join lateral (values ('alerts', c.alerts_covered), ('statistics', c.statistics_covered)) k (kind, covered)
        cross join lateral unnest(k.covered * tstzmultirange(tstzrange(${period.start}::timestamptz, ${period.end}::timestamptz))) r
        order by 1, 2, 3`.execute(db);
      return result.rows;
    });
    const monitors = await rig.inspect((db) => db.selectFrom('monitor').select(['monitor_guid']).execute());
    expect(monitors.length).toBeGreaterThan(0);
    for (const m of monitors) {
      const of = (kind: string) =>
        iso(
          rows
            .filter((r) => r.monitor_guid === m.monitor_guid && r.kind === kind)
            .map((r) => ({ start: r.start_at, end: r.end_at })),
        );
      expect(of('alerts')).toEqual([
        [day('2025-10-10').toISOString(), day('2025-10-15').toISOString()],
        [day('2025-10-22').toISOString(), day('2025-10-29').toISOString()],
      ]);
      expect(of('statistics')).toEqual(of('alerts'));
    }
  });
});

describe('migration 000010 on a warehouse loaded before coverage existed', () => {
  it('estimates alert coverage from the first alert day to the watermark, statistics from the buckets', async () => {
    // A copy of sql/ holding migrations up to 000009 only: the warehouse is migrated to it,
    // loaded with the rig's rows, then migrated on with every file.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-sql-'));
    cpSync(SQL_DIR, dir, { recursive: true });
    const later = readdirSync(path.join(dir, 'migrations')).filter((file) => file >= '000010');
    for (const file of later) rmSync(path.join(dir, 'migrations', file));
    // The repeatable views may use tables of later migrations: the first step applies none.
    for (const folder of ['functions', 'views']) {
      rmSync(path.join(dir, folder), { recursive: true });
      mkdirSync(path.join(dir, folder));
    }
    const old = await createTestDatabase();
    const db = old.warehouse.db;
    try {
      await sql`drop schema uptrends cascade`.execute(db);
      await migrate(db, dir);
      const rows = await rig.inspect(async (src) => ({
        account: await src.selectFrom('account').selectAll().execute(),
        run: await src.selectFrom('etl_run').selectAll().orderBy('run_id').execute(),
        state: await src.selectFrom('etl_state').selectAll().execute(),
        alert: await src.selectFrom('alert').selectAll().execute(),
        statistics: await src.selectFrom('monitor_statistics').selectAll().execute(),
      }));
      // Rows go through the old table's own type, so columns added after 000009 are left out.
      for (const [table, list] of [
        ['account', rows.account],
        ['etl_run', rows.run],
        ['alert', rows.alert],
        ['monitor_statistics', rows.statistics],
      ] as const) {
        await sql`insert into ${sql.table(`uptrends.${table}`)} overriding system value
          select * from jsonb_populate_recordset(null::${sql.table(`uptrends.${table}`)}, ${JSON.stringify(list)}::jsonb)`.execute(
          db,
        );
      }
      await db.insertInto('etl_state').values(rows.state).execute();
      rmSync(dir, { recursive: true });
      cpSync(SQL_DIR, dir, { recursive: true });
      await migrate(db, dir);

      const accountId = rows.account[0]!.account_id;
      const alerts = await loadStreamCoverage(db, accountId, 'alerts');
      const first = new Date(Math.min(...rows.alert.map((a) => a.raised_at.getTime())));
      const watermark = rows.state.find((s) => s.stream === 'alerts' && s.partition === 'all')!.watermark!;
      expect(iso(alerts.get('all')!)).toEqual([
        [localMidnight(localDateOf(first, zone), zone).toISOString(), watermark.toISOString()],
      ]);
      const statistics = await loadStreamCoverage(db, accountId, 'statistics');
      expect(statistics.size).toBe(new Set(rows.statistics.map((s) => s.monitor_guid)).size);
      for (const [guid, ranges] of statistics) {
        const buckets = rows.statistics.filter((s) => s.monitor_guid === guid);
        const covered = buckets.reduce(
          (ms, b) => ms + b.bucket_end_at.getTime() - b.bucket_start_at.getTime(),
          0,
        );
        expect(ranges[0]!.start.getTime()).toBe(Math.min(...buckets.map((b) => b.bucket_start_at.getTime())));
        expect(ranges.at(-1)!.end.getTime()).toBe(Math.max(...buckets.map((b) => b.bucket_end_at.getTime())));
        // Buckets never overlap, so the union is as long as their sum.
        expect(ranges.reduce((ms, r) => ms + r.end.getTime() - r.start.getTime(), 0)).toBe(covered);
      }
    } finally {
      await old.drop();
    }
  });
});
