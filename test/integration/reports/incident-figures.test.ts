/**
 * The incident report's figures as the warehouse computes them (uptrends.incident_figures, the
 * monitor rows of uptrends.figures, incident_start_heat_map), on the hand-made October account.
 * "Ongoing" is one rule in every report: open at the end of the period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentModel } from '../../../src/reports/incidents/model.ts';
import type { IncidentFigure } from '../../../src/reports/queries/figures.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';
import { A, AFTER_OCTOBER, B, C, loadReportFixture, octoberFixture } from '../../support/report-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { slaModelOf, incidentModelOf } from '../../support/report-request.ts';

const MIN = 60;
let tdb: TestDatabase;
let model: IncidentModel;
/** Every incident of the model, read through its cursor. */
let rows: readonly IncidentFigure[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const fixture = octoberFixture();
  // A paused monitor, to show its incidents and statistics end with its life.
  fixture.monitors.push({
    guid: 'dddddddd-0000-0000-0000-000000000004',
    name: 'Paused page',
    deleted: '2025-10-03T10:00:00Z',
    paused: true,
  });
  await loadReportFixture(tdb.warehouse.db, fixture);
  model = await incidentModelOf(tdb.warehouse.db, {
    period: { month: '2025-10' },
    clock: () => AFTER_OCTOBER,
  });
  rows = (await digestIncidents(model.incidents())).first;
});
afterAll(async () => {
  await tdb.drop();
});

const row = (key: string) => rows.find((r) => r.incident_key === key)!;

describe('incident figures, October 2025 in Europe/Amsterdam', () => {
  it('lists every incident touching the period, oldest first, and none from September only', () => {
    expect(rows.map((r) => r.incident_key)).toEqual(['a1', 'a2', 'a3', 'a4', 'c1', 'b1']);
  });

  it('splits each incident into downtime in the period and time excused by maintenance', () => {
    // a1 21:40Z-22:20Z on 30 Sep: 40 min in full, 20 min in October.
    expect(row('a1')).toMatchObject({
      duration_seconds: 40 * MIN,
      downtime_in_period_seconds: 20 * MIN,
      maintenance_excused_seconds: 0,
      ongoing_at_end: false,
    });
    // a3 08:30-09:30 with DisableMonitoring 09:15-09:45: 15 excused, 45 counted.
    expect(row('a3')).toMatchObject({
      duration_seconds: 60 * MIN,
      downtime_in_period_seconds: 45 * MIN,
      maintenance_excused_seconds: 15 * MIN,
    });
    // a4 lies in DisableNotifications maintenance: nothing is excused.
    expect(row('a4')).toMatchObject({ downtime_in_period_seconds: 30 * MIN, maintenance_excused_seconds: 0 });
    // b1 is ongoing: 20:00Z to the period end 23:00Z.
    expect(row('b1')).toMatchObject({
      ongoing_at_end: true,
      duration_seconds: 180 * MIN,
      downtime_in_period_seconds: 180 * MIN,
    });
  });

  it('summarises per monitor with overlaps counted once, most downtime first', () => {
    const summary = (guid: string) => model.summary.find((s) => s.monitor_guid === guid)!;
    // Same arithmetic as the SLA figures: 20 + 75 + 30 = 125 min.
    expect(summary(A)).toMatchObject({ incidents_started: 3, incidents_resolved: 4, ongoing_at_end: 0 });
    expect(summary(A).incident_downtime_seconds! / MIN).toBeCloseTo(125, 9);
    expect(summary(A).mttr_seconds! / MIN).toBeCloseTo(47.5, 9);
    expect(summary(A).longest_ttr_seconds! / MIN).toBeCloseTo(60, 9);
    expect(summary(B)).toMatchObject({ incidents_started: 1, ongoing_at_end: 1, mttr_seconds: null });
    expect(summary(B).incident_downtime_seconds! / MIN).toBeCloseTo(180, 9);
    expect(summary(C).incident_downtime_seconds! / MIN).toBeCloseTo(15, 9);
    expect(model.summary.map((s) => s.name)).toEqual(['API B', 'Web A', 'DNS C', 'Paused page']);
  });

  it('reads them in pages of any size, the same rows in the same order', async () => {
    for (const incidentPageSize of [1, 2, 6, 7]) {
      const paged = await incidentModelOf(tdb.warehouse.db, {
        period: { month: '2025-10' },
        clock: () => AFTER_OCTOBER,
        incidentPageSize,
      });
      const read = await digestIncidents(paged.incidents());
      expect(read.first.map((r) => r.incident_key)).toEqual(['a1', 'a2', 'a3', 'a4', 'c1', 'b1']);
      expect(read.first).toEqual(rows);
    }
  });

  it('a read left early gives its connection back: the warehouse answers the next query', async () => {
    const paged = await incidentModelOf(tdb.warehouse.db, {
      period: { month: '2025-10' },
      clock: () => AFTER_OCTOBER,
      incidentPageSize: 2,
    });
    for await (const first of paged.incidents()) {
      expect(first.incident_key).toBe('a1');
      break;
    }
    // Each read declares its cursor in a transaction of its own: a second read after the one left
    // early, and a plain query, both run (on PGlite, one connection, they would wait forever).
    expect((await digestIncidents(paged.incidents())).count).toBe(6);
    expect(await tdb.warehouse.db.selectFrom('account').select('account_id').execute()).toHaveLength(1);
  });

  it('counts ongoing incidents the way the SLA report does', async () => {
    const sla = await slaModelOf(tdb.warehouse.db, {
      period: { month: '2025-10' },
      clock: () => AFTER_OCTOBER,
      target: { desired: 99 },
    });
    expect(model.account.ongoing_at_end).toBe(sla.account.ongoing_at_end);
    expect(rows.filter((r) => r.ongoing_at_end === true)).toHaveLength(sla.account.ongoing_at_end!);
    for (const s of model.summary) {
      expect(s.ongoing_at_end).toBe(
        sla.monitors.find((m) => m.monitor_guid === s.monitor_guid)!.ongoing_at_end,
      );
    }
  });

  it('counts starts by local weekday and hour (Monday first), with each day total', () => {
    // a2 and a3: Friday 10 Oct, 10:00 and 10:30 CEST; a4: Sunday 12 Oct 12:15 CEST;
    // c1: Sunday 26 Oct 13:00 CET (after the switch); b1: Friday 31 Oct 21:00 CET.
    const friday = model.heatMap[4]!;
    const sunday = model.heatMap[6]!;
    expect(friday.hours[10]).toBe(2);
    expect(friday.hours[21]).toBe(1);
    expect(friday.total).toBe(3);
    expect(sunday.hours[12]).toBe(1);
    expect(sunday.hours[13]).toBe(1);
    expect(sunday.total).toBe(2);
    expect(model.heatMap[0]!.total).toBe(0);
  });
});
