import { describe, expect, it } from 'vitest';
import { buildSlaModel } from '../../../../src/reports/sla/model.ts';
import { OVERALL_ROW_NAME } from '../../../../src/reports/sla/trend.ts';
import { A, B, C, afterPeriod, octoberInput } from './october-fixture.ts';

const MIN = 60_000;
const model = buildSlaModel(octoberInput(), afterPeriod);
const row = (guid: string) => model.monitors.find((r) => r.monitor.monitor_guid === guid)!;
const group = (name: string) => model.groups.find((g) => g.group.description === name)!;

describe('SLA model, October 2025 in Europe/Amsterdam (745 h = 44,700 min)', () => {
  it('Web A: crossing incident, overlap, DisableMonitoring vs DisableNotifications', () => {
    const a = row(A).figures;
    // Monitored: 44,700 - 30 (DisableMonitoring 09:15-09:45 on 10 Oct) = 44,670 min.
    expect(a.monitoredMs / MIN).toBe(44_670);
    expect(a.maintenanceExcludedMs / MIN).toBe(30);
    // Downtime: a1 clipped to 22:00-22:20 = 20; a2 u a3 = 08:00-09:30 = 90, minus 09:15-09:30
    // excused = 75; a4 inside DisableNotifications still counts = 30. Total 20 + 75 + 30 = 125.
    expect(a.downtimeMs / MIN).toBe(125);
    // 100 x (1 - 125 / 44,670) = 99.72017013655697...
    expect(a.uptimeIncidents).toBeCloseTo(99.720170137, 8);
    expect(a.uptimeUptrends).toBeNull();
    expect(a.uptimeSource).toBe('Incidents');
    // Started in October: a2, a3, a4 (a1 started in September).
    expect(a.incidents).toBe(3);
    // Resolved in October with full durations: a1 40, a2 60, a3 60, a4 30 -> mean 47.5,
    // median (40 + 60) / 2 = 50, longest 60.
    expect(a.mttrMs! / MIN).toBe(47.5);
    expect(a.medianTtrMs! / MIN).toBe(50);
    expect(a.longestMs! / MIN).toBe(60);
    // MTBF = 44,670 / 3 = 14,890 min.
    expect(a.mtbfMs! / MIN).toBe(14_890);
    // Target from the group SLA "Shop SLA" 99.9 / 99.5: 99.72 is between -> At risk.
    expect(a.target).toMatchObject({ desired: 99.9, error: 99.5, source: 'Group SLA', slaName: 'Shop SLA' });
    expect(a.status).toBe('At risk');
    // Budget (1 - 0.999) x 44,670 = 44.67 min; used 125 / 44.67 = 2.7983...
    expect(a.errorBudgetMs / MIN).toBeCloseTo(44.67, 9);
    expect(a.budgetUsed).toBeCloseTo(125 / 44.67, 9);
    // September: a0 30 + a1's first 20 = 50 of 43,200 min -> 99.884259...
    expect(row(A).previousUptime).toBeCloseTo(100 * (1 - 50 / 43_200), 9);
  });

  it('API B: created mid-period and an ongoing incident that runs to the period end', () => {
    const b = row(B).figures;
    // From 16 Oct 22:00Z to 31 Oct 23:00Z: 15 days + the extra DST hour = 361 h = 21,660 min.
    expect(b.monitoredMs / MIN).toBe(21_660);
    // Ongoing b1 from 20:00Z to the period end 23:00Z = 180 min.
    expect(b.downtimeMs / MIN).toBe(180);
    // 100 x (1 - 180 / 21,660) = 99.16897506925208...
    expect(b.uptime).toBeCloseTo(99.168975069, 8);
    expect(b.status).toBe('Missed');
    expect(b.ongoing).toBe(1);
    expect(b.incidents).toBe(1);
    expect(b.mttrMs).toBeNull();
    expect(row(B).previousUptime).toBeNull();
  });

  it('DNS C: the Uptrends figure leads, the target comes from statistics', () => {
    const c = row(C).figures;
    // October buckets only: up 86,000 + 86,400, down 400 -> 172,400 / 172,800 = 99.768518...%.
    expect(c.uptimeUptrends).toBeCloseTo((100 * 172_400) / 172_800, 9);
    expect(c.uptime).toBe(c.uptimeUptrends);
    expect(c.uptimeSource).toBe('Statistics');
    // Incident c1 15 min of 44,700.
    expect(c.uptimeIncidents).toBeCloseTo(100 * (1 - 15 / 44_700), 9);
    // Latest bucket's SlaTarget 99.95 matches "Gold" (error 99.8); 99.7685 < 99.8 -> Missed.
    expect(c.target).toMatchObject({ desired: 99.95, error: 99.8, source: 'Statistics', slaName: 'Gold' });
    expect(c.status).toBe('Missed');
    expect(c.checks).toBe(576);
  });

  it('group figures are time-weighted, not an average of percentages', () => {
    const shop = group('Shop').figures;
    // (125 + 180) / (44,670 + 21,660) = 305 / 66,330 -> 99.540177...
    // The mean of the two percentages would be 99.4446 (Missed); time-weighted it is At risk.
    expect(shop.uptime).toBeCloseTo(100 * (1 - 305 / 66_330), 9);
    expect(shop.status).toBe('At risk');
    expect(shop.memberCount).toBe(2);
    expect(shop.incidents).toBe(4);
    // Pooled resolved durations of A (B has none): mean 47.5.
    expect(shop.mttrMs! / MIN).toBe(47.5);
    // C alone in Infra, all members have statistics -> Uptrends figure, default target 99.
    const infra = group('Infra').figures;
    expect(infra.uptimeSource).toBe('Statistics');
    expect(infra.uptime).toBeCloseTo((100 * 172_400) / 172_800, 9);
    expect(infra.target.source).toBe('Default');
    expect(infra.status).toBe('Met');
  });

  it('overall figures, KPI tiles against September, and the worst monitors', () => {
    // Downtime 125 + 180 + 15 = 320 of 44,670 + 21,660 + 44,700 = 111,030 min.
    expect(model.overall.downtimeMs / MIN).toBe(320);
    expect(model.overall.monitoredMs / MIN).toBe(111_030);
    expect(model.overall.uptimeSource).toBe('Incidents');
    expect(model.overall.uptime).toBeCloseTo(100 * (1 - 320 / 111_030), 9);
    // September: A 50 min down of 43,200; C 0 of 43,200 (B did not exist) -> 50 / 86,400.
    expect(model.overallPrevious.uptime).toBeCloseTo(100 * (1 - 50 / 86_400), 9);
    const tile = (key: string) => model.kpis.find((k) => k.key === key)!;
    expect(tile('incidents')).toMatchObject({ current: 5, previous: 2 });
    // Open at the end: b1 in October; a1 (21:40Z-22:20Z on 30 Sep) was open when September ended.
    expect(tile('ongoing')).toMatchObject({ current: 1, previous: 1 });
    expect(tile('maintenance')).toMatchObject({ current: 30, previous: 0 });
    // Missed: B and C. In September C's bucket (0 up, 86,400 down) makes C 0% -> Missed too.
    expect(tile('missed')).toMatchObject({ current: 2, previous: 1, note: 'of 3 monitors' });
    // Longest resolved in October: 60 min; September: a0 30 min (a1 resolved in October).
    expect(tile('longest')).toMatchObject({ current: 60, previous: 30 });
    expect(model.worst.map((r) => r.monitor.name)).toEqual(['API B', 'Web A', 'DNS C']);
  });

  it('daily uptime per local day, including the 25-hour day and days before creation', () => {
    const days = model.daily.days;
    expect(days).toHaveLength(31);
    const value = (guid: string, date: string) =>
      model.daily.rows.find((r) => r.row.monitor.monitor_guid === guid)!.values[days.indexOf(date)];
    // A on 1 Oct: 20 min of 1,440 -> 98.6111%.
    expect(value(A, '2025-10-01')).toBeCloseTo(100 * (1 - 20 / 1440), 9);
    // A on 10 Oct: 75 min down of 1,440 - 30 = 1,410 monitored -> 94.6808...%.
    expect(value(A, '2025-10-10')).toBeCloseTo(100 * (1 - 75 / 1410), 9);
    // C on 26 Oct: 15 min of 25 h = 1,500 min -> exactly 99%.
    expect(value(C, '2025-10-26')).toBeCloseTo(99, 9);
    // B did not exist on 16 Oct (local); on 17 Oct it was up all day.
    expect(value(B, '2025-10-16')).toBeNull();
    expect(value(B, '2025-10-17')).toBe(100);
  });

  it('trend rows equal the period figures for October and recompute September', () => {
    const trend = (name: string, month: string) =>
      model.trend.rows.find((r) => r.groupName === name && r.month === month)!;
    expect(trend('Shop', '2025-10').uptime).toBe(group('Shop').figures.uptime);
    expect(trend(OVERALL_ROW_NAME, '2025-10').downtimeMs / MIN).toBe(320);
    // Shop in September: A only (B not yet created): 50 of 43,200.
    expect(trend('Shop', '2025-09').uptime).toBeCloseTo(100 * (1 - 50 / 43_200), 9);
    expect(trend('Shop', '2025-09').incidents).toBe(2);
  });

  it('maintenance rows show both types, only DisableMonitoring excluded', () => {
    expect(
      model.maintenance.map((m) => [
        m.maintenance.maintenance_type,
        m.excludedMs / MIN,
        m.overlappingIncidentMs / MIN,
      ]),
    ).toEqual([
      // 09:15-09:45 overlaps the 08:00-09:30 union for 15 min.
      ['DisableMonitoring', 30, 15],
      // 10:00-11:00 holds the whole of a4 (30 min).
      ['DisableNotifications', 0, 30],
    ]);
  });

  it('a running period counts only the elapsed time', () => {
    // Generated at local midnight of 11 Oct: 10 days elapsed = 14,400 min, 30 of them excused.
    const running = buildSlaModel(octoberInput(), () => new Date('2025-10-10T22:00:00Z'));
    const a = running.monitors.find((r) => r.monitor.monitor_guid === A)!.figures;
    expect(a.monitoredMs / MIN).toBe(14_370);
    // 20 (a1) + 75 (a2 u a3 minus maintenance) = 95.
    expect(a.downtimeMs / MIN).toBe(95);
    // B did not exist yet: not in scope.
    expect(running.monitors.map((r) => r.monitor.name)).toEqual(['DNS C', 'Web A']);
    expect(running.daily.days).toHaveLength(10);
  });
});
