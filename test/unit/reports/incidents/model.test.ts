import { describe, expect, it } from 'vitest';
import { buildIncidentModel } from '../../../../src/reports/incidents/model.ts';
import { A, B, C, afterPeriod, octoberIncidentInput } from '../sla/october-fixture.ts';

const MIN = 60_000;

const model = buildIncidentModel(octoberIncidentInput(), afterPeriod);
const row = (key: string) => model.rows.find((r) => r.incident.incident_key === key)!;

describe('incident model, October 2025 in Europe/Amsterdam', () => {
  it('lists every incident touching the period, oldest first, and none from September only', () => {
    expect(model.rows.map((r) => r.incident.incident_key)).toEqual(['a1', 'a2', 'a3', 'a4', 'c1', 'b1']);
  });

  it('splits each incident into downtime in the period and time excused by maintenance', () => {
    // a1 21:40Z-22:20Z on 30 Sep: 40 min in full, 20 min in October.
    expect(row('a1')).toMatchObject({
      durationMs: 40 * MIN,
      downtimeInPeriodMs: 20 * MIN,
      excludedByMaintenanceMs: 0,
    });
    // a3 08:30-09:30 with DisableMonitoring 09:15-09:45: 15 excused, 45 counted.
    expect(row('a3')).toMatchObject({
      durationMs: 60 * MIN,
      downtimeInPeriodMs: 45 * MIN,
      excludedByMaintenanceMs: 15 * MIN,
    });
    // a4 lies in DisableNotifications maintenance: nothing is excused.
    expect(row('a4')).toMatchObject({ downtimeInPeriodMs: 30 * MIN, excludedByMaintenanceMs: 0 });
    // b1 is ongoing: 20:00Z to the period end 23:00Z.
    expect(row('b1')).toMatchObject({ ongoing: true, durationMs: 180 * MIN, downtimeInPeriodMs: 180 * MIN });
  });

  it('summarises per monitor with overlaps counted once', () => {
    const summary = (guid: string) => model.summary.find((s) => s.monitor.monitor_guid === guid)!;
    // Same arithmetic as the SLA model: 20 + 75 + 30 = 125 min.
    expect(summary(A)).toMatchObject({
      incidentsStarted: 3,
      downtimeMs: 125 * MIN,
      resolved: 4,
      mttrMs: 47.5 * MIN,
      longestMs: 60 * MIN,
    });
    expect(summary(B)).toMatchObject({
      incidentsStarted: 1,
      ongoing: 1,
      downtimeMs: 180 * MIN,
      mttrMs: null,
    });
    expect(summary(C)).toMatchObject({ incidentsStarted: 1, downtimeMs: 15 * MIN });
    expect(model.summary.map((s) => s.monitor.name)).toEqual(['API B', 'Web A', 'DNS C']);
  });

  it('counts starts by local weekday and hour (Monday first)', () => {
    // a2 and a3: Friday 10 Oct, 10:00 and 10:30 CEST; a4: Sunday 12 Oct 12:15 CEST;
    // c1: Sunday 26 Oct 13:00 CET (after the switch); b1: Friday 31 Oct 21:00 CET.
    const friday = 4;
    const sunday = 6;
    expect(model.heatMap[friday]![10]).toBe(2);
    expect(model.heatMap[sunday]![12]).toBe(1);
    expect(model.heatMap[sunday]![13]).toBe(1);
    expect(model.heatMap[friday]![21]).toBe(1);
    expect(model.heatMap.flat().reduce((a, b) => a + b, 0)).toBe(5);
  });
});
