/**
 * The early warning as the warehouse computes it (uptrends.sla_burn and sla_burn_days, read by
 * queries/sla-burn.ts) on a hand-made October 2025 account in Europe/Amsterdam: every expected
 * value is worked out by hand in the comments, never taken from the code under test. One state of
 * each kind, a group judged time-weighted, planned maintenance taken out of the time still to
 * come, the 25-hour day of 26 October, the month end and the first day of November (whose 7-day
 * window reaches back into October), and windows that were not read.
 *
 * October 2025 in Amsterdam: 2025-09-30T22:00Z to 2025-10-31T23:00Z, 745 h = 44,700 min. Every
 * monitor is held to 99.5 % (the default target here; no statistics, no group SLA), so the error
 * budget is 0.5 % of the monitored time: 223.5 min for a whole month without maintenance.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burnKey,
  queryBurn,
  queryBurnDays,
  queryBurnPoints,
  type Burn,
  type BurnScope,
} from '../../../src/reports/queries/sla-burn.ts';
import { loadReportFixture } from '../../support/report-fixture.ts';
import { A, ACCOUNT, burnFixture, NOVEMBER, OCTOBER } from '../../support/burn-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
const scope = (asOf: Date): BurnScope => ({
  accountId: ACCOUNT,
  monitorGuids: null,
  groupGuids: null,
  asOf,
  target: { desired: 99.5 },
  atRiskWithinDays: 3,
});
let atA: Burn[];
const row = (rows: readonly Burn[], name: string): Burn => rows.find((r) => r.name === name)!;
const MIN = 60;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await loadReportFixture(tdb.warehouse.db, burnFixture());
  atA = await queryBurn(tdb.warehouse.db, scope(A), OCTOBER);
});
afterAll(async () => {
  await tdb.drop();
});

describe('sla_burn as of 21 October 00:00 (CEST)', () => {
  it('returns every monitor and group of the period, with the period and the instant', () => {
    expect(atA.map((r) => `${r.grain} ${r.name}`).sort()).toEqual([
      'group Burning',
      'group Calm',
      'monitor Down',
      'monitor Dst',
      'monitor Fast',
      'monitor Quiet',
      'monitor Slow',
    ]);
    expect(atA.every((r) => r.period_start.getTime() === OCTOBER.start.getTime())).toBe(true);
    expect(atA.every((r) => r.as_of.getTime() === A.getTime())).toBe(true);
  });

  it('ok: Quiet, whose planned maintenance comes off the time still to come', () => {
    const q = row(atA, 'Quiet');
    // Elapsed 28,800 min; to come 15,900 - 120 (DisableMonitoring on 25 Oct) = 15,780.
    expect(q.elapsed_monitored_seconds! / MIN).toBeCloseTo(28_800, 9);
    expect(q.remaining_monitored_seconds! / MIN).toBeCloseTo(15_780, 9);
    expect(q.period_monitored_seconds! / MIN).toBeCloseTo(44_580, 9);
    // Budget 0.005 x 44,580 = 222.9 min; spent 10 (5 Oct).
    expect(q.period_budget_seconds! / MIN).toBeCloseTo(222.9, 6);
    expect(q.budget_spent_seconds! / MIN).toBeCloseTo(10, 9);
    expect(q.budget_remaining_seconds! / MIN).toBeCloseTo(212.9, 6);
    expect(q.period_budget_used).toBeCloseTo(10 / 222.9, 9);
    // Nothing in the last 7 days: every window rate 0. So far: (10 / 28,800) / 0.005.
    expect([q.burn_rate_1d, q.burn_rate_3d, q.burn_rate_7d]).toEqual([0, 0, 0]);
    expect(q.burn_rate_to_date).toBeCloseTo(10 / 28_800 / 0.005, 9);
    // Projected at the 7-day rate (0): 100 x (1 - 10 / 44,580).
    expect(q.projected_uptime_7d).toBeCloseTo(100 * (1 - 10 / 44_580), 9);
    expect(q).toMatchObject({ state: 'ok', runs_out_at: null, alerts_data_state: 'complete' });
  });

  it('watch: Slow spends 20 min a day, which at the 7-day rate runs out before the month ends', () => {
    const s = row(atA, 'Slow');
    // Spent 7 x 20 = 140 of 223.5; 7-day rate (140 / 10,080) / 0.005 = 2.7778.
    expect(s.budget_spent_seconds! / MIN).toBeCloseTo(140, 9);
    expect(s.burn_rate_7d).toBeCloseTo(140 / 10_080 / 0.005, 9);
    expect(s.burn_rate_1d).toBeCloseTo(20 / 1440 / 0.005, 9);
    expect(s.burn_rate_3d).toBeCloseTo(60 / 4320 / 0.005, 9);
    // At risk would need 1- and 3-day rates above 83.5 / (0.005 x 4,320) = 3.8657: 2.78 is not.
    expect(s.at_risk_burn_rate).toBeCloseTo(83.5 / (0.005 * 4320), 9);
    // 140 + (140 / 10,080) x 15,900 = 360.8 > 223.5: watch.
    expect(s.projected_uptime_7d).toBeCloseTo(100 * (1 - (140 + (140 / 10_080) * 15_900) / 44_700), 9);
    expect(s.state).toBe('watch');
    // Runs out after 83.5 / (140 / 10,080) = 6,012 min = 100 h 12 min: 25 Oct 02:12Z.
    expect(s.runs_out_at).toEqual(new Date('2025-10-25T02:12:00Z'));
  });

  it('at risk: Fast, an hour down on each of the last 3 days; both windows burn past the remaining budget', () => {
    const f = row(atA, 'Fast');
    // Spent 5 + 3 x 60 = 185; remaining 38.5; the rate that spends it within 3 days:
    // 38.5 / (0.005 x 4,320) = 1.7824. 1-day 60 / 1,440 / 0.005 = 8.33 and 3-day 180 / 4,320 /
    // 0.005 = 8.33 are both above it.
    expect(f.budget_remaining_seconds! / MIN).toBeCloseTo(38.5, 6);
    expect(f.at_risk_burn_rate).toBeCloseTo(38.5 / 21.6, 9);
    expect(f.burn_rate_1d).toBeCloseTo(60 / 1440 / 0.005, 9);
    expect(f.burn_rate_3d).toBeCloseTo(180 / 4320 / 0.005, 9);
    expect(f.state).toBe('at risk');
    // At the slower of the two (both 60 min a day): 38.5 x 24 = 924 min = 15 h 24 min.
    expect(f.runs_out_at).toEqual(new Date('2025-10-21T13:24:00Z'));
  });

  it('breached: Down lost 240 min, more than the whole month allows', () => {
    const d = row(atA, 'Down');
    expect(d.budget_spent_seconds! / MIN).toBeCloseTo(240, 9);
    expect(d.period_budget_used).toBeCloseTo(240 / 223.5, 9);
    expect(d.budget_remaining_seconds! / MIN).toBeCloseTo(-16.5, 6);
    expect(d).toMatchObject({ state: 'breached', runs_out_at: null });
    // Over budget, as the reports show it (issue 41): 240 - 223.5 = 16.5 min beyond the budget.
    expect(d.period_over_budget_seconds! / MIN).toBeCloseTo(16.5, 6);
    // Within the budget there is nothing over it.
    expect(row(atA, 'Fast').period_over_budget_seconds).toBeNull();
    expect(row(atA, 'Quiet').period_over_budget_seconds).toBeNull();
  });

  it('since when each state holds, the same on every point of a service', async () => {
    const points = await queryBurnPoints(tdb.warehouse.db, scope(A), OCTOBER);
    const since = (name: string): (string | null)[] => [
      ...new Set(points.filter((p) => p.name === name).map((p) => p.since_day)),
    ];
    // Down (breached): 240 min down on 10 October; the budget left is below zero from the end of
    // that day (223.5 - 240 = -16.5).
    expect(since('Down')).toEqual(['2025-10-10']);
    // Fast (at risk): spent on 2 October, then on 18, 19 and 20 October; the latest run of days
    // that spent budget began on the 18th.
    expect(since('Fast')).toEqual(['2025-10-18']);
    // Slow (watch): 20 min on each of 14 to 20 October.
    expect(since('Slow')).toEqual(['2025-10-14']);
    // Burning (at risk): Down's 10 October, then Fast's 18 to 20 October: the run since the 18th.
    expect(since('Burning')).toEqual(['2025-10-18']);
    // Quiet is ok: no since.
    expect(since('Quiet')).toEqual([null]);
  });

  it('reads one since day per service and the points of the drawn services only', async () => {
    // The report draws Fast (a monitor) and Burning (a group); every other service comes up as
    // its period-start point alone. The since days are those worked out in the test above; Dst
    // (nothing down before its 26 October) and Calm (ok, 370 of 446.4 min at the 7-day rate)
    // are ok as of A: no since day.
    const drawn = [row(atA, 'Fast'), row(atA, 'Burning')];
    const days = await queryBurnDays(tdb.warehouse.db, scope(A), OCTOBER, drawn);
    const byName = new Map(atA.map((r) => [burnKey(r), r.name]));
    expect(Object.fromEntries([...days.since].map(([key, since]) => [byName.get(key), since]))).toEqual({
      Down: '2025-10-10',
      Fast: '2025-10-18',
      Slow: '2025-10-14',
      Burning: '2025-10-18',
      Quiet: null,
      Dst: null,
      Calm: null,
    });
    // Fast: the period start, the ends of 1 to 19 October and A (21 so far), and A and the ends
    // of the 11 days to come (12 projected); Burning the same days: 33 each, in the function's
    // order (name, so far before projected, by instant).
    const fast = days.points.filter((p) => p.name === 'Fast');
    expect(fast).toHaveLength(33);
    expect(days.points.filter((p) => p.name === 'Burning')).toHaveLength(33);
    expect(days.points.map((p) => p.name)).toEqual([...Array(33).fill('Burning'), ...Array(33).fill('Fast')]);
    expect(fast.map((p) => p.projected)).toEqual([...Array(21).fill(false), ...Array(12).fill(true)]);
    // The same points as the full read gives for them.
    const all = await queryBurnPoints(tdb.warehouse.db, scope(A), OCTOBER);
    expect(days.points).toEqual(all.filter((p) => p.name === 'Fast' || p.name === 'Burning'));
  });

  it('with nothing drawn, one row per service still names its since day', async () => {
    const days = await queryBurnDays(tdb.warehouse.db, scope(A), OCTOBER, []);
    expect(days.points).toEqual([]);
    expect(days.since.size).toBe(atA.length);
    expect(days.since.get(burnKey(row(atA, 'Down')))).toBe('2025-10-10');
  });

  it('groups are judged time-weighted: Burning is at risk, though one member is breached', () => {
    const b = row(atA, 'Burning');
    // Fast + Down: spent 425 of 0.005 x 89,400 = 447 min; remaining 22.
    expect(b.period_budget_seconds! / MIN).toBeCloseTo(447, 6);
    expect(b.budget_spent_seconds! / MIN).toBeCloseTo(425, 9);
    // 1 day: 60 of 2,880 monitored minutes -> 4.1667; 3 days: 180 of 8,640 -> 4.1667.
    expect(b.burn_rate_1d).toBeCloseTo(60 / 2880 / 0.005, 9);
    expect(b.burn_rate_3d).toBeCloseTo(180 / 8640 / 0.005, 9);
    // The next 3 days hold 2 x 4,320 monitored minutes: 22 / (0.005 x 8,640) = 0.509.
    expect(b.at_risk_burn_rate).toBeCloseTo(22 / (0.005 * 8640), 9);
    expect(b).toMatchObject({ members: 2, state: 'at risk' });
    // The group burns 60 of every 2,880 monitored minutes, and has 2 monitored minutes a minute:
    // 22 / ((60 / 2,880) x 2) = 528 min (Fast's hour a day spends 22 min in 8 h 48 min).
    expect(b.runs_out_at).toEqual(new Date(A.getTime() + 528 * 60_000));
    // Calm: Quiet + Slow, 150 of 0.005 x (44,580 + 44,700) = 446.4; 7 days 140 of 20,160.
    const c = row(atA, 'Calm');
    expect(c.period_budget_seconds! / MIN).toBeCloseTo(446.4, 6);
    // 150 + (140 / 20,160) x (15,780 + 15,900) = 370.0 < 446.4: ok.
    expect(c.projected_uptime_7d).toBeCloseTo(100 * (1 - (150 + (140 / 20_160) * 31_680) / 89_280), 9);
    expect(c.state).toBe('ok');
  });

  it('the budget left day by day ends where the projection at the 7-day rate ends', async () => {
    const points = (await queryBurnPoints(tdb.warehouse.db, scope(A), OCTOBER)).filter(
      (p) => p.name === 'Fast',
    );
    const soFar = points.filter((p) => !p.projected);
    const projected = points.filter((p) => p.projected);
    // The period start, the ends of 1 to 19 October (20 October ends at A) and A itself.
    expect(soFar).toHaveLength(21);
    expect(soFar[0]).toMatchObject({ period_day: 0, budget_remaining: 1 });
    // End of 2 October: 5 min spent of 223.5.
    expect(soFar[2]!.budget_remaining_seconds! / MIN).toBeCloseTo(218.5, 6);
    expect(soFar.at(-1)!.point_at).toEqual(A);
    expect(soFar.at(-1)!.budget_remaining_seconds! / MIN).toBeCloseTo(38.5, 6);
    // From A to the end of each day to come: 11 days; at the 7-day rate (180 / 10,080) over the
    // 15,900 min to come: 38.5 - 283.93 = -245.43 min at the end of October.
    expect(projected).toHaveLength(12);
    expect(projected[0]!.point_at).toEqual(A);
    expect(projected.at(-1)!.period_day).toBeCloseTo(31, 9);
    expect(projected.at(-1)!.budget_remaining_seconds! / MIN).toBeCloseTo(38.5 - (180 / 10_080) * 15_900, 6);
    expect(projected.at(-1)!.budget_remaining).toBeCloseTo((38.5 - (180 / 10_080) * 15_900) / 223.5, 9);
  });
});

describe('around the 25-hour day and the month end', () => {
  it('the last day of 27 October 00:00 (CET) is the 25-hour 26 October', async () => {
    const rows = await queryBurn(tdb.warehouse.db, scope(new Date('2025-10-26T23:00:00Z')), OCTOBER);
    const d = row(rows, 'Dst');
    // 75 min down in a 1,500-min day: (75 / 1,500) / 0.005 = 10.0 (a 24-hour day would give 10.42).
    expect(d.burn_rate_1d).toBeCloseTo(10, 9);
    // 3 days from 24 Oct 00:00 CEST: 73 h = 4,380 min; 7 days: 169 h = 10,140 min.
    expect(d.burn_rate_3d).toBeCloseTo(75 / 4380 / 0.005, 9);
    expect(d.burn_rate_7d).toBeCloseTo(75 / 10_140 / 0.005, 9);
    // Elapsed 26 days + 1 h = 37,500 min; 5 days (7,200 min) to come; remaining 148.5 needs a rate
    // above 148.5 / 21.6 = 6.875 on both windows: the 3-day one is 3.42. Projected 75 + (75 /
    // 10,140) x 7,200 = 128.3 < 223.5: ok.
    expect(d.elapsed_monitored_seconds! / MIN).toBeCloseTo(37_500, 9);
    expect(d.remaining_monitored_seconds! / MIN).toBeCloseTo(7200, 9);
    expect(d.state).toBe('ok');
  });

  it('as of the month end the month is final: nothing to come, no at-risk rate', async () => {
    const rows = await queryBurn(tdb.warehouse.db, scope(OCTOBER.end), OCTOBER);
    expect(rows).toHaveLength(7);
    for (const r of rows) {
      expect(r.remaining_monitored_seconds).toBe(0);
      expect(r.at_risk_burn_rate).toBeNull();
    }
    // Down: 240 > 223.5. Fast: 185, ok (nothing in its last 7 days). Burning: 425 < 447, ok.
    expect(row(rows, 'Down').state).toBe('breached');
    expect(row(rows, 'Fast').state).toBe('ok');
    expect(row(rows, 'Burning').state).toBe('ok');
    expect(row(rows, 'Fast').projected_uptime_7d).toBeCloseTo(100 * (1 - 185 / 44_700), 9);
  });

  it('on 2 November the 7-day window reaches back into October: Dst is on watch', async () => {
    const asOf = new Date('2025-11-01T23:00:00Z');
    const rows = await queryBurn(tdb.warehouse.db, scope(asOf), NOVEMBER);
    const d = row(rows, 'Dst');
    // November: 720 h = 43,200 min, budget 216; 1,440 elapsed, 41,760 to come, nothing spent.
    expect(d.period_budget_seconds! / MIN).toBeCloseTo(216, 6);
    expect(d.budget_spent_seconds).toBe(0);
    // 7 days from 26 Oct 00:00 CEST (2025-10-25T22:00Z): 169 h = 10,140 min, holding the 75 min of
    // the 26th. 0 + (75 / 10,140) x 41,760 = 308.9 > 216: watch; runs out after 216 x 10,140 / 75
    // = 29,203.2 min.
    expect(d.burn_rate_7d).toBeCloseTo(75 / 10_140 / 0.005, 9);
    expect(d.state).toBe('watch');
    expect(d.runs_out_at!.getTime()).toBeCloseTo(asOf.getTime() + 29_203.2 * 60_000, -1);
    // A new month starts every budget afresh: Down is ok again.
    expect(row(rows, 'Down')).toMatchObject({ state: 'ok', budget_spent_seconds: 0 });
  });
});

describe('windows that were not read', () => {
  it('a window not read in full has no rate and no state; breached needs only the month so far', async () => {
    const db = tdb.warehouse.db;
    // Alerts read from 12 October 00:00 CEST only.
    await sql`update uptrends.etl_coverage set covered = '{[2025-10-11T22:00:00Z,2025-11-05T00:00:00Z)}'
      where account_id = ${ACCOUNT} and stream = 'alerts'`.execute(db);
    try {
      const rows = await queryBurn(db, scope(A), OCTOBER);
      const s = row(rows, 'Slow');
      // The month so far is 9 of 20 days read: incomplete, no state; the 7-day window (from 14 Oct)
      // was read, so its rate stands.
      expect(s.alerts_data_state).toBe('incomplete');
      expect(s.alerts_coverage).toBeCloseTo(9 / 20, 9);
      expect(s.burn_rate_7d).toBeCloseTo(140 / 10_080 / 0.005, 9);
      expect(s.burn_rate_to_date).toBeNull();
      expect(s.state).toBeNull();
      expect(s.projected_uptime_to_date).toBeNull();
    } finally {
      await sql`update uptrends.etl_coverage set covered = '{[2025-09-01T00:00:00Z,2025-11-05T00:00:00Z)}'
        where account_id = ${ACCOUNT} and stream = 'alerts'`.execute(db);
    }
  });

  it('the month read in full but not the week before it: no 7-day rate, no state but breached or at risk', async () => {
    const db = tdb.warehouse.db;
    // Read from 1 October on; as of 4 October the 7-day window starts 27 September.
    await sql`update uptrends.etl_coverage set covered = '{[2025-09-30T22:00:00Z,2025-11-05T00:00:00Z)}'
      where account_id = ${ACCOUNT} and stream = 'alerts'`.execute(db);
    try {
      const rows = await queryBurn(db, scope(new Date('2025-10-03T22:00:00Z')), OCTOBER);
      const f = row(rows, 'Fast');
      expect(f.alerts_data_state).toBe('complete');
      expect(f.burn_rate_1d).toBe(0);
      expect(f.burn_rate_7d).toBeNull();
      expect(f.projected_uptime_7d).toBeNull();
      expect(f.state).toBeNull();
    } finally {
      await sql`update uptrends.etl_coverage set covered = '{[2025-09-01T00:00:00Z,2025-11-05T00:00:00Z)}'
        where account_id = ${ACCOUNT} and stream = 'alerts'`.execute(db);
    }
  });
});

describe('v_sla_burn', () => {
  it('comments every column', async () => {
    const missing = await sql<{ column: string }>`
      select a.attname as column from pg_attribute a
      where a.attrelid = 'uptrends.v_sla_burn'::regclass and a.attnum > 0 and not a.attisdropped
        and col_description(a.attrelid, a.attnum) is null`.execute(tdb.warehouse.db);
    expect(missing.rows).toEqual([]);
    const view = await sql<{ comment: string | null }>`
      select obj_description('uptrends.v_sla_burn'::regclass, 'pg_class') as comment`.execute(
      tdb.warehouse.db,
    );
    expect(view.rows[0]?.comment).toMatch(/early warning/i);
  });

  it('selects sla_burn over the current month, as of the last sync (at most now) when no alerts were read', async () => {
    const rows = await sql<{ n: number; months: number; start_ok: boolean }>`
      select count(*)::int as n, count(distinct month)::int as months,
             bool_and(period_start <= as_of and as_of <= period_end and as_of <= now()) as start_ok
      from uptrends.v_sla_burn`.execute(tdb.warehouse.db);
    // The fixture's monitors have no end: every one, and both groups, are in this month's rows.
    expect(rows.rows[0]).toEqual({ n: 7, months: 1, start_ok: true });
  });

  it('is as of the instant the alerts were read up to when that is before now', async () => {
    // As after a sync: the minutes since are unread, and as of now every state would be unknown.
    await sql`with run as (insert into uptrends.etl_run (command, status) values ('sync', 'succeeded') returning run_id)
      insert into uptrends.etl_state (account_id, stream, partition, watermark, updated_by_run_id)
      select ${ACCOUNT}, 'alerts', 'all', '2025-11-05T00:00:00Z', run_id from run`.execute(tdb.warehouse.db);
    try {
      const rows = await sql<{ as_of: Date; month: string; unknown: number; n: number }>`
        select min(as_of) as as_of, min(month)::text as month, count(*)::int as n,
               (count(*) filter (where state is null))::int as unknown
        from uptrends.v_sla_burn`.execute(tdb.warehouse.db);
      expect(rows.rows[0]).toEqual({
        as_of: new Date('2025-11-05T00:00:00Z'),
        month: '2025-11-01',
        n: 7,
        unknown: 0,
      });
    } finally {
      await sql`delete from uptrends.etl_state where account_id = ${ACCOUNT}`.execute(tdb.warehouse.db);
    }
  });
});
