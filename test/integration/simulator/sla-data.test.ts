/**
 * What the SLA overview needs from the simulator: exclusion periods inside the generated months
 * that lie over incidents, over DisableMonitoring maintenance and across a DST change; load times
 * and operator response times that make some monitors miss their SLA's targets; and hourly
 * statistics that add up to the daily ones (counters summed, averages weighted by checks and
 * alerts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';
import { expandMaintenancePeriods } from '../../../src/transform/expand-maintenance-periods.ts';
import { apiGet, getJson } from './sim-http.ts';
import type { ExclusionWire, MaintenanceWire, MonitorWire, SlaWire, StatisticsList } from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const ZONE = 'Europe/Amsterdam';
const HISTORY_START = new Date('2025-07-22T22:00:00Z');
let sim: RunningSimulator;
let monitors: MonitorWire[];
let slas: SlaWire[];
const exclusions = new Map<string, { from: number; until: number; text: ExclusionWire }[]>();

const local = (text: string): Date => localToUtc(text, ZONE)!;
const overlaps = (a: [number, number], b: [number, number]): boolean => a[0] < b[1] && b[0] < a[1];

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, monitors: 30, days: 120, now: NOW });
  monitors = await getJson<MonitorWire[]>(sim, '/Monitor');
  slas = await getJson<SlaWire[]>(sim, '/Sla');
  for (const s of slas) {
    const list = await getJson<ExclusionWire[]>(sim, `/Sla/${s.SlaGuid}/ExclusionPeriod`);
    exclusions.set(
      s.SlaGuid,
      list.map((e) => ({
        from: local(String(e.From)).getTime(),
        until: local(String(e.Until)).getTime(),
        text: e,
      })),
    );
  }
});
afterAll(() => sim.close());

describe('SLA data of the simulator', () => {
  it('serves exclusion periods inside the history over incidents, over maintenance and across a DST change', async () => {
    const incidents = sim.truth
      .incidents()
      .map((i): [number, number] => [i.startUtc.getTime(), (i.endUtc ?? NOW).getTime()]);
    const pauses: [number, number][] = [];
    for (const m of monitors) {
      const periods = await getJson<MaintenanceWire[]>(sim, `/Monitor/${m.MonitorGuid}/MaintenancePeriod`);
      for (const o of expandMaintenancePeriods(
        periods.filter((p) => p.MaintenanceType === 'DisableMonitoring'),
        { start: HISTORY_START, end: NOW },
        ZONE,
      ))
        pauses.push([o.start.getTime(), o.end.getTime()]);
    }
    for (const s of slas) {
      const list = exclusions.get(s.SlaGuid)!;
      const inside = list.filter((e) => e.from >= HISTORY_START.getTime() && e.until <= NOW.getTime());
      expect(inside.some((e) => incidents.some((i) => overlaps([e.from, e.until], i)))).toBe(true);
      expect(inside.some((e) => pauses.some((p) => overlaps([e.from, e.until], p)))).toBe(true);
    }
    // The autumn change (26 October, 03:00 CEST -> 02:00 CET) lies inside one exclusion: six real
    // hours, five on the wall clock.
    const dst = Date.parse('2025-10-26T01:00:00Z');
    const across = [...exclusions.values()].flat().filter((e) => e.from < dst && e.until > dst);
    expect(across).toHaveLength(1);
    expect((across[0]!.until - across[0]!.from) / 3_600_000).toBe(6);
    expect(String(across[0]!.text.From)).toBe('2025-10-26T00:00:00');
    expect(String(across[0]!.text.Until)).toBe('2025-10-26T05:00:00');
  });

  it('has hourly statistics that add up to the daily ones, averages weighted by checks and alerts', async () => {
    let compared = 0;
    for (const m of monitors.slice(0, 12)) {
      for (const day of ['2025-10-26', '2025-11-03']) {
        const next = day === '2025-10-26' ? '2025-10-27' : '2025-11-04';
        const get = async (query: string) =>
          (await apiGet<StatisticsList>(sim, `/Statistics/Monitor/${m.MonitorGuid}?${query}`)).json.Data.map(
            (d) => d.Attributes,
          );
        // More than 48 hours comes back in days.
        const daily = (await get('Start=2025-10-20&End=2025-11-05')).find(
          (d) => d.StartDateTime === `${day}T00:00:00`,
        );
        expect(daily).toBeDefined();
        // Two requests of less than 48 hours each come back hourly.
        const hours = [
          ...(await get(`Start=${day}T00:00:00&End=${day}T12:00:00`)),
          ...(await get(`Start=${day}T12:00:00&End=${next}T00:00:00`)),
        ];
        expect(hours).toHaveLength(day === '2025-10-26' ? 25 : 24);
        const sum = (k: string): number => hours.reduce((acc, h) => acc + Number(h[k] ?? 0), 0);
        for (const k of ['Checks', 'ConfirmedErrors', 'UnconfirmedErrors', 'Uptime', 'Downtime', 'Alerts'])
          expect({ m: m.MonitorGuid, day, k, v: sum(k) }).toEqual({ m: m.MonitorGuid, day, k, v: daily![k] });
        if (daily!.Checks! > 0) {
          const weighted =
            hours.reduce((acc, h) => acc + Number(h.TotalTime ?? 0) * h.Checks!, 0) / daily!.Checks!;
          expect(weighted).toBeCloseTo(Number(daily!.TotalTime), 3);
        }
        if (daily!.Alerts! > 0 && daily!.OperatorResponseTime !== undefined) {
          const weighted =
            hours.reduce((acc, h) => acc + Number(h.OperatorResponseTime ?? 0) * h.Alerts!, 0) /
            daily!.Alerts!;
          expect(weighted).toBeCloseTo(Number(daily!.OperatorResponseTime), 2);
        }
        compared++;
      }
    }
    expect(compared).toBe(24);
  });

  it('makes some monitors miss their load-time target and some their response-time target', async () => {
    let loadMisses = 0;
    let responseMisses = 0;
    for (const m of monitors) {
      const { json } = await apiGet<StatisticsList>(
        sim,
        `/Statistics/Monitor/${m.MonitorGuid}?Start=2025-10-01&End=2025-11-01`,
      );
      const days = json.Data.map((d) => d.Attributes).filter((a) => a.SlaTargetTotalTime !== undefined);
      if (days.some((a) => Number(a.TotalTime) > Number(a.SlaTargetTotalTime))) loadMisses++;
      if (
        days.some((a) => a.Alerts! > 0 && Number(a.OperatorResponseTime) > Number(a.OperatorResponseTarget))
      )
        responseMisses++;
    }
    expect(loadMisses).toBeGreaterThan(0);
    expect(responseMisses).toBeGreaterThan(0);
  });
});
