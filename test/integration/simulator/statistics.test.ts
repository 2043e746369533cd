import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';
import { expandMaintenancePeriods } from '../../../src/transform/expand-maintenance-periods.ts';
import { apiGet, getJson, pageAll } from './sim-http.ts';
import type {
  GroupWire,
  MaintenanceWire,
  MonitorWire,
  SlaWire,
  StatisticsItem,
  StatisticsList,
} from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const ZONE = 'Europe/Amsterdam';
let sim: RunningSimulator;
let monitors: MonitorWire[];
let groups: GroupWire[];
const apiMaintenance = new Map<string, MaintenanceWire[]>();

const local = (text: string): Date => localToUtc(text, ZONE)!;
const nextDay = (d: string): string =>
  new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, monitors: 40, days: 260, now: NOW });
  monitors = await getJson<MonitorWire[]>(sim, '/Monitor');
  groups = await getJson<GroupWire[]>(sim, '/MonitorGroup');
  for (const m of monitors)
    apiMaintenance.set(
      m.MonitorGuid,
      await getJson<MaintenanceWire[]>(sim, `/Monitor/${m.MonitorGuid}/MaintenancePeriod`),
    );
});
afterAll(() => sim.close());

const stats = async (
  kind: 'Monitor' | 'MonitorGroup',
  guid: string,
  query: string,
): Promise<StatisticsItem[]> => {
  const r = await apiGet<StatisticsList>(sim, `/Statistics/${kind}/${guid}?${query}`);
  expect(r.status).toBe(200);
  return r.json.Data;
};

describe('statistics buckets', () => {
  it('are hourly up to 48 hours, with US-culture ids', async () => {
    const data = await stats(
      'Monitor',
      monitors[0]!.MonitorGuid,
      'Start=2025-10-13T20:00:00&End=2025-10-14T01:00:00',
    );
    expect(data.map((d) => d.Id)).toEqual([
      '10/13/2025 8:00:00 PM',
      '10/13/2025 9:00:00 PM',
      '10/13/2025 10:00:00 PM',
      '10/13/2025 11:00:00 PM',
      '10/14/2025 12:00:00 AM',
    ]);
    expect(data[0]!.Attributes.StartDateTime).toBe('2025-10-13T20:00:00');
    expect(data[0]!.Attributes.EndDateTime).toBe('2025-10-13T21:00:00');
    expect(data.every((d) => d.Type === 'Statistics')).toBe(true);
    expect(await stats('Monitor', monitors[0]!.MonitorGuid, 'PresetPeriod=Last48Hours')).toHaveLength(48);
  });

  it('are daily up to 400 days, in local days of 23 and 25 hours across DST', async () => {
    const data = await stats('Monitor', monitors[2]!.MonitorGuid, 'Start=2025-10-01&End=2025-11-01');
    expect(data).toHaveLength(31);
    const oct26 = data.find((d) => d.Attributes.StartDateTime === '2025-10-26T00:00:00')!;
    expect(oct26.Attributes.EndDateTime).toBe('2025-10-27T00:00:00');
    expect(oct26.Id).toBe('10/26/2025 12:00:00 AM');
    const march = await stats('Monitor', monitors[2]!.MonitorGuid, 'Start=2025-03-29&End=2025-04-01');
    expect(march.map((d) => d.Attributes.StartDateTime)).toEqual([
      '2025-03-29T00:00:00',
      '2025-03-30T00:00:00',
      '2025-03-31T00:00:00',
    ]);
    // A monitor without DisableMonitoring maintenance is monitored for the whole 23-hour and 25-hour day.
    const plain = monitors.findIndex(
      (m, i) =>
        i >= 8 &&
        sim.truth.dailyStatistics(m.MonitorGuid, '2025-03-30').checks > 0 &&
        (apiMaintenance.get(m.MonitorGuid) ?? []).length === 0,
    );
    const guid = monitors[plain]!.MonitorGuid;
    const day = async (d: string): Promise<number> =>
      (await stats('Monitor', guid, `Start=${d}&End=${nextDay(d)}&Filter=Uptime,Downtime`)).reduce(
        (acc, b) => acc + b.Attributes.Uptime + b.Attributes.Downtime,
        0,
      );
    expect(await day('2025-03-30')).toBe(23 * 3600);
    expect(await day('2025-10-26')).toBe(25 * 3600);
    expect(await day('2025-10-27')).toBe(24 * 3600);
  });

  it('are monthly beyond 400 days; months before the history hold no monitored time', async () => {
    const data = await stats('Monitor', monitors[5]!.MonitorGuid, 'PresetPeriod=Last24Months');
    // Mid-month, Last24Months holds the 23 months completed inside the rolling window (the spec).
    expect(data).toHaveLength(23);
    expect(data[0]!.Attributes.StartDateTime).toBe('2023-12-01T00:00:00');
    expect(data[0]!.Attributes.Checks).toBe(0);
    expect(data[0]!.Attributes.UptimePercentage).toBeUndefined();
    expect(data.at(-1)!.Attributes.StartDateTime).toBe('2025-10-01T00:00:00');
    expect(data.at(-1)!.Attributes.Checks).toBeGreaterThan(0);
  });

  it('follow a rule set while running: the control route makes a month come back as one bucket', async () => {
    const guid = monitors[5]!.MonitorGuid;
    const query = 'Start=2025-09-01T00:00:00&End=2025-10-01T00:00:00';
    const daily = await stats('Monitor', guid, query);
    expect(daily).toHaveLength(30);
    const set = await fetch(`${sim.controlUrl}/control/statistics-buckets`, {
      method: 'POST',
      body: JSON.stringify({ hourlyUpToHours: 24, dailyUpToDays: 7 }),
    });
    try {
      expect(await set.json()).toEqual({ statisticsBuckets: 'hourly=24h,daily=7d' });
      expect(sim.options.statisticsBuckets).toEqual({ hourlyUpToHours: 24, dailyUpToDays: 7 });
      const monthly = await stats('Monitor', guid, query);
      expect(monthly.map((d) => [d.Attributes.StartDateTime, d.Attributes.EndDateTime])).toEqual([
        ['2025-09-01T00:00:00', '2025-10-01T00:00:00'],
      ]);
      // The same counters, cut coarser.
      const sum = (items: StatisticsItem[], key: 'Uptime' | 'Downtime' | 'Checks'): number =>
        items.reduce((n, d) => n + Number(d.Attributes[key] ?? 0), 0);
      for (const key of ['Uptime', 'Downtime', 'Checks'] as const)
        expect(sum(monthly, key)).toBe(sum(daily, key));
      // Two days are hourly no more: 48 hours is past the 24-hour limit.
      const twoDays = await stats('Monitor', guid, 'Start=2025-09-01T00:00:00&End=2025-09-03T00:00:00');
      expect(twoDays).toHaveLength(2);
      const bad = await fetch(`${sim.controlUrl}/control/statistics-buckets`, {
        method: 'POST',
        body: 'weekly=2w',
      });
      expect(bad.status).toBe(400);
    } finally {
      sim.setStatisticsBuckets('hourly=48h,daily=400d');
    }
    expect(await stats('Monitor', guid, query)).toHaveLength(30);
  });

  it('show the repeated autumn hour twice and skip the missing spring hour', async () => {
    const autumn = await stats(
      'Monitor',
      monitors[3]!.MonitorGuid,
      'Start=2025-10-26T00:00:00&End=2025-10-26T05:00:00',
    );
    expect(autumn.map((d) => d.Attributes.StartDateTime)).toEqual([
      '2025-10-26T00:00:00',
      '2025-10-26T01:00:00',
      '2025-10-26T02:00:00',
      '2025-10-26T02:00:00',
      '2025-10-26T03:00:00',
      '2025-10-26T04:00:00',
    ]);
    const spring = await stats(
      'Monitor',
      monitors[3]!.MonitorGuid,
      'Start=2025-03-30T00:00:00&End=2025-03-30T05:00:00',
    );
    expect(spring.map((d) => d.Attributes.StartDateTime)).toEqual([
      '2025-03-30T00:00:00',
      '2025-03-30T01:00:00',
      '2025-03-30T03:00:00',
      '2025-03-30T04:00:00',
    ]);
  });

  it('stop at the clock: no bucket starts after now, the current one is partial', async () => {
    const data = await stats('Monitor', monitors[0]!.MonitorGuid, 'PresetPeriod=CurrentDay');
    // 10:00Z is 11:00 CET: buckets for 00:00 .. 10:00 local, the last one empty so far.
    expect(data).toHaveLength(11);
    expect(data.at(-1)!.Attributes.StartDateTime).toBe('2025-11-20T10:00:00');
  });
});

describe('statistics values', () => {
  it('consistency: alert-derived downtime equals statistics downtime for each monitor and day', async () => {
    const days = [
      '2025-03-30',
      '2025-10-26',
      '2025-05-31',
      '2025-06-01',
      '2025-10-25',
      '2025-10-31',
      '2025-11-19',
      '2025-11-20',
    ];
    let compared = 0;
    let nonZero = 0;
    for (const m of monitors.slice(0, 25)) {
      const guid = m.MonitorGuid;
      for (const d of days) {
        const start = local(d);
        const end = local(nextDay(d));
        const pages = await pageAll(
          sim,
          `/Alert/Monitor/${guid}?Start=${nextDayMinus(d, 3)}&End=${nextDay(d)}&Sorting=Ascending`,
        );
        const incidents = new Map<string, { from: number; to: number }>();
        // The documented exception: wall-clock times in the repeated autumn hour are ambiguous on the
        // wire. Only those are resolved with the ground truth; everything else comes from the alerts.
        const ambiguous = (t: string): boolean => t.startsWith('2025-10-26T02:');
        const truthStart = new Map(sim.truth.incidents().map((i) => [i.incidentKey, i.startUtc.getTime()]));
        const truthTime = new Map(
          sim.truth
            .alerts({ monitorGuids: [guid], start: local(nextDayMinus(d, 3)), end })
            .map((a) => [a.Id, a.timestampUtc.getTime()]),
        );
        for (const x of pages.flatMap((p) => p.json.Data)) {
          const a = x.Attributes;
          const from = ambiguous(a.FirstError)
            ? truthStart.get(a.IncidentKey)!
            : local(a.FirstError).getTime();
          const entry = incidents.get(a.IncidentKey) ?? { from, to: NOW.getTime() };
          if (a.AlertType === 'Ok')
            entry.to = ambiguous(a.Timestamp) ? truthTime.get(x.Id)! : local(a.Timestamp).getTime();
          incidents.set(a.IncidentKey, entry);
        }
        let fromAlerts = 0;
        for (const { from, to } of incidents.values())
          fromAlerts +=
            Math.max(0, Math.min(to, end.getTime(), NOW.getTime()) - Math.max(from, start.getTime())) / 1000;
        const buckets = await stats('Monitor', guid, `Start=${d}&End=${nextDay(d)}&Filter=Downtime`);
        const fromStats = buckets.reduce((acc, b) => acc + b.Attributes.Downtime, 0);
        expect({ guid, d, downtime: fromStats }).toEqual({ guid, d, downtime: fromAlerts });
        expect(sim.truth.dailyStatistics(guid, d).downtimeSeconds).toBe(fromStats);
        compared++;
        if (fromStats > 0) nonZero++;
      }
    }
    expect(compared).toBe(25 * days.length);
    expect(nonZero).toBeGreaterThan(10);
  });

  it('DisableMonitoring maintenance has no checks, no alerts and no downtime', async () => {
    const withDaily = monitors.find((m) =>
      apiMaintenance
        .get(m.MonitorGuid)!
        .some(
          (p) =>
            p.ScheduleMode === 'Daily' &&
            p.MaintenanceType === 'DisableMonitoring' &&
            p.StartTime === '23:30',
        ),
    );
    expect(withDaily).toBeDefined();
    const guid = withDaily!.MonitorGuid;
    const day = '2025-11-10';
    const occurrences = expandMaintenancePeriods(
      apiMaintenance.get(guid)!.filter((p) => p.MaintenanceType === 'DisableMonitoring'),
      { start: local(day), end: local(nextDay(day)) },
      ZONE,
    );
    const pausedSeconds = occurrences.reduce(
      (acc, o) => acc + (o.end.getTime() - o.start.getTime()) / 1000,
      0,
    );
    expect(pausedSeconds).toBeGreaterThanOrEqual(45 * 60);
    const buckets = await stats('Monitor', guid, `Start=${day}&End=${nextDay(day)}`);
    const monitored = buckets.reduce((acc, b) => acc + b.Attributes.Uptime + b.Attributes.Downtime, 0);
    expect(monitored).toBe(86_400 - pausedSeconds);
    const last = buckets.find((b) => b.Attributes.StartDateTime === '2025-11-10T23:00:00')!;
    expect(last.Attributes.Uptime + last.Attributes.Downtime).toBe(1800);
    const alerts = (
      await pageAll(sim, `/Alert/Monitor/${guid}?PresetPeriod=Last90Days&IncludeReminders=true`)
    ).flatMap((p) => p.json.Data);
    for (const a of alerts) {
      const t = local(a.Attributes.Timestamp).getTime();
      const inPause = expandMaintenancePeriods(
        apiMaintenance.get(guid)!.filter((p) => p.MaintenanceType === 'DisableMonitoring'),
        { start: new Date(t - 86_400_000), end: new Date(t + 86_400_000) },
        ZONE,
      ).some((o) => o.start.getTime() <= t && t < o.end.getTime());
      expect(inPause).toBe(false);
    }
  });

  it('count checks from the check interval plus one re-check per unconfirmed error', () => {
    for (const m of monitors.slice(8, 20)) {
      if (apiMaintenance.get(m.MonitorGuid)!.length > 0) continue;
      const d = sim.truth.dailyStatistics(m.MonitorGuid, '2025-11-12');
      if (d.checks === 0) continue;
      const grid = 86_400 / (m.CheckInterval * 60);
      expect(Math.abs(d.checks - grid - d.unconfirmedErrors)).toBeLessThanOrEqual(2);
      expect(d.uptimeSeconds + d.downtimeSeconds).toBe(86_400);
    }
  });

  it('a group bucket is the sum of its members', async () => {
    const g = groups.find((x) => x.Description === 'Websites')!;
    const members = (
      await getJson<{ MonitorGuid: string }[]>(sim, `/MonitorGroup/${g.MonitorGroupGuid}/Member`)
    ).map((x) => x.MonitorGuid);
    const data = await stats('MonitorGroup', g.MonitorGroupGuid, 'Start=2025-11-01&End=2025-11-08');
    expect(data).toHaveLength(7);
    for (const b of data) {
      const d = b.Attributes.StartDateTime.slice(0, 10);
      const sum = members.reduce((acc, guid) => acc + sim.truth.dailyStatistics(guid, d).downtimeSeconds, 0);
      expect(b.Attributes.Downtime).toBe(sum);
      const up = members.reduce((acc, guid) => acc + sim.truth.dailyStatistics(guid, d).uptimeSeconds, 0);
      expect(b.Attributes.Uptime).toBe(up);
      expect(b.Attributes.UptimePercentage).toBeCloseTo((100 * up) / (up + sum), 3);
      expect(b.Relationships[0]).toEqual({
        Id: g.MonitorGroupGuid,
        Type: 'MonitorGroup',
        Links: { Self: `/MonitorGroup/${g.MonitorGroupGuid}` },
      });
    }
  });

  it('carry SlaTarget only where an SLA applies, with a threshold of a served SLA', async () => {
    const thresholds = new Set((await getJson<SlaWire[]>(sim, '/Sla')).map((s) => s.UptimeErrorThreshold));
    let withSla = 0;
    let without = 0;
    for (const m of monitors) {
      const b = (
        await stats(
          'Monitor',
          m.MonitorGuid,
          'Start=2025-11-01&End=2025-11-02T00:00:00&Filter=SlaTarget,Alerts',
        )
      )[0]!;
      if (b.Attributes.SlaTarget === undefined) without++;
      else {
        withSla++;
        expect(thresholds.has(b.Attributes.SlaTarget)).toBe(true);
      }
      expect(
        Object.keys(b.Attributes).every((k) =>
          ['StartDateTime', 'EndDateTime', 'SlaTarget', 'Alerts'].includes(k),
        ),
      ).toBe(true);
    }
    expect(withSla).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
  });

  it('answer 400 and 404 with a bare {"Message"} body', async () => {
    const bad = await apiGet(
      sim,
      `/Statistics/Monitor/${monitors[0]!.MonitorGuid}?PresetPeriod=Last7Days&Start=2025-11-01`,
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ Message: expect.any(String) });
    const missing = await apiGet(sim, '/Statistics/Monitor/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ Message: 'The monitor could not be found.' });
    const missingGroup = await apiGet(sim, '/Statistics/MonitorGroup/00000000-0000-4000-8000-000000000000');
    expect(missingGroup.json).toEqual({ Message: 'The monitor group could not be found.' });
  });
});

function nextDayMinus(d: string, days: number): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
