import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { PRESET_PERIODS } from '../../../src/terms.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';
import { resolvePresetPeriod } from '../../../src/time/calendar-periods.ts';
import { apiGet, getJson, ids, pageAll } from './sim-http.ts';
import type { AlertAttributes, AlertList, GroupWire, MessageList } from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;
let allGroup: string;
let busyMonitor: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, monitors: 40, days: 260, now: NOW });
  const groups = await getJson<GroupWire[]>(sim, '/MonitorGroup');
  allGroup = groups.find((g) => g.IsAll)!.MonitorGroupGuid;
  // The monitor with the most incidents gives multi-page results per monitor.
  const perMonitor = new Map<string, number>();
  for (const i of sim.truth.incidents())
    perMonitor.set(i.monitorGuid, (perMonitor.get(i.monitorGuid) ?? 0) + 1);
  busyMonitor = [...perMonitor].sort((a, b) => b[1] - a[1])[0]![0];
});
afterAll(() => sim.close());

const local = (text: string): Date => localToUtc(text, 'Europe/Amsterdam')!;

describe('alert paging to the end', () => {
  const windows = [
    {
      name: 'Last7Days',
      query: 'PresetPeriod=Last7Days',
      start: () => resolvePresetPeriod('Last7Days', NOW, 'Europe/Amsterdam').start,
      end: () => resolvePresetPeriod('Last7Days', NOW, 'Europe/Amsterdam').end,
    },
    {
      name: 'October (autumn DST change), date-only Start/End',
      query: 'Start=2025-10-01&End=2025-11-01',
      start: () => local('2025-10-01'),
      end: () => local('2025-11-01'),
    },
    {
      name: 'date-time Start/End around the spring change',
      query: 'Start=2025-03-29T12:00:00&End=2025-03-31T06:30:00',
      start: () => local('2025-03-29T12:00:00'),
      end: () => local('2025-03-31T06:30:00'),
    },
  ];
  for (const w of windows) {
    for (const sorting of ['Ascending', 'Descending'] as const) {
      for (const includeReminders of [false, true]) {
        it(`group, ${w.name}, ${sorting}, reminders ${includeReminders}: the pages hold exactly the ground truth, in order`, async () => {
          const pages = await pageAll(
            sim,
            `/Alert/MonitorGroup/${allGroup}?${w.query}&Sorting=${sorting}&IncludeReminders=${includeReminders}&Take=37`,
          );
          const truth = sim.truth
            .alerts({ start: w.start(), end: w.end(), includeReminders })
            .map((a) => a.Id as string);
          expect(truth.length).toBeGreaterThan(37);
          expect(ids(pages)).toEqual(sorting === 'Ascending' ? truth : [...truth].reverse());
          expect(pages.slice(0, -1).every((p) => p.json.Data.length === 37)).toBe(true);
          expect(pages.at(-1)!.json.Cursors?.Next).toBeUndefined();
          expect(sim.truth.alertCount({ start: w.start(), end: w.end(), includeReminders })).toBe(
            truth.length,
          );
        });
      }
    }
  }

  it('a monitor pages the same way, and its reminders are only there with IncludeReminders=true', async () => {
    const all = ids(
      await pageAll(
        sim,
        `/Alert/Monitor/${busyMonitor}?PresetPeriod=Last90Days&Take=20&IncludeReminders=true`,
      ),
    );
    const noReminders = await pageAll(sim, `/Alert/Monitor/${busyMonitor}?PresetPeriod=Last90Days&Take=20`);
    const types = noReminders.flatMap((p) => p.json.Data.map((a) => a.Attributes.AlertType));
    expect(types).not.toContain('Reminder');
    expect(new Set(types)).toEqual(new Set(['Error', 'Ok']));
    expect(all.length).toBeGreaterThan(ids(noReminders).length);
    const period = resolvePresetPeriod('Last90Days', NOW, 'Europe/Amsterdam');
    expect(all).toEqual(
      sim.truth
        .alerts({ ...period, includeReminders: true, monitorGuids: [busyMonitor] })
        .map((a) => a.Id)
        .reverse(),
    );
  });
});

describe('cursors', () => {
  it('are long standard base64 with + / =, omitted when the first batch holds everything', async () => {
    const first = await apiGet<AlertList>(
      sim,
      `/Alert/MonitorGroup/${allGroup}?PresetPeriod=Last30Days&Take=5`,
    );
    const { Next = '', Self = '' } = first.json.Cursors ?? {};
    for (const c of [Next, Self]) {
      expect(c.length).toBeGreaterThanOrEqual(100);
      expect(c).toMatch(/^[A-Za-z0-9+/]+={1,2}$/);
    }
    expect(`${Next}${Self}`).toMatch(/\+/);
    expect(`${Next}${Self}`).toMatch(/\//);
    const small = await apiGet<AlertList>(
      sim,
      `/Alert/Monitor/${busyMonitor}?PresetPeriod=Last2Hours&Take=100`,
    );
    expect(small.status).toBe(200);
    expect(small.json.Cursors).toBeUndefined();
  });

  it('Self returns the same batch again; Next the following one', async () => {
    const base = `/Alert/MonitorGroup/${allGroup}`;
    const p1 = await apiGet<AlertList>(sim, `${base}?PresetPeriod=Last7Days&Take=10`);
    const p2 = await apiGet<AlertList>(sim, `${base}?Cursor=${encodeURIComponent(p1.json.Cursors!.Next!)}`);
    const again = await apiGet<AlertList>(
      sim,
      `${base}?Cursor=${encodeURIComponent(p2.json.Cursors!.Self!)}`,
    );
    expect(again.json.Data).toEqual(p2.json.Data);
    const first = await apiGet<AlertList>(
      sim,
      `${base}?Cursor=${encodeURIComponent(p1.json.Cursors!.Self!)}`,
    );
    expect(first.json.Data).toEqual(p1.json.Data);
    expect(p2.json.Data.map((a) => a.Id)).not.toContain(p1.json.Data[0]!.Id);
  });

  it('a garbled, edited, unencoded or foreign cursor is a 400 MessageList', async () => {
    const base = `/Alert/MonitorGroup/${allGroup}`;
    const p1 = await apiGet<AlertList>(sim, `${base}?PresetPeriod=Last7Days&Take=10`);
    const next = p1.json.Cursors!.Next!;
    const edited = `${next.slice(0, 20)}${next[20] === 'A' ? 'B' : 'A'}${next.slice(21)}`;
    for (const cursor of [
      'not-a-cursor',
      encodeURIComponent(edited),
      next /* '+' not encoded: becomes a space */,
    ]) {
      const r = await apiGet(sim, `${base}?Cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ Messages: [{ Message: expect.stringMatching(/cursor/i) }] });
    }
    const foreign = await apiGet(sim, `/Alert/Monitor/${busyMonitor}?Cursor=${encodeURIComponent(next)}`);
    expect(foreign.status).toBe(400);
  });

  it('expires when the clock has moved on by more than a week', async () => {
    const s2 = await startSimulator({ seed: 7, monitors: 5, days: 30, now: NOW });
    try {
      const g = (await getJson<GroupWire[]>(s2, '/MonitorGroup'))[0]!.MonitorGroupGuid;
      const p1 = await apiGet<AlertList>(s2, `/Alert/MonitorGroup/${g}?PresetPeriod=Last30Days&Take=2`);
      s2.setNow(new Date(NOW.getTime() + 8 * 86_400_000));
      const r = await apiGet<MessageList>(
        s2,
        `/Alert/MonitorGroup/${g}?Cursor=${encodeURIComponent(p1.json.Cursors!.Next!)}`,
      );
      expect(r.status).toBe(400);
      expect(r.json.Messages[0]!.Message).toMatch(/expired/);
    } finally {
      await s2.close();
    }
  });
});

describe('parameters', () => {
  it.each([
    ['Take=101', /Take/],
    ['Take=0', /Take/],
    ['Take=ten', /Take/],
    ['PresetPeriod=Last7Days&Start=2025-11-01', /PresetPeriod/],
    ['PresetPeriod=Last7Days&End=2025-11-01', /PresetPeriod/],
    ['Start=2025-11-01', /together/],
    ['Start=yesterday&End=2025-11-01', /Start/],
    ['Start=2025-11-02&End=2025-11-01', /later/],
    ['PresetPeriod=Fortnight', /PresetPeriod/],
    ['Sorting=Sideways', /Sorting/],
    ['IncludeReminders=maybe', /IncludeReminders/],
  ])('%s -> 400 MessageList', async (query, message) => {
    const r = await apiGet<MessageList>(sim, `/Alert/MonitorGroup/${allGroup}?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.Messages[0]!.Message).toMatch(message);
  });

  it('defaults to Last24Hours, Descending, no reminders, Take 100', async () => {
    const r = await apiGet<AlertList>(sim, `/Alert/MonitorGroup/${allGroup}`);
    const period = resolvePresetPeriod('Last24Hours', NOW, 'Europe/Amsterdam');
    const truth = sim.truth
      .alerts({ ...period, includeReminders: false })
      .map((a) => a.Id)
      .reverse();
    expect(r.json.Data.map((a) => a.Id)).toEqual(truth.slice(0, 100));
  });

  it('binds parameter names case-insensitively', async () => {
    const a = await apiGet<AlertList>(
      sim,
      `/Alert/MonitorGroup/${allGroup}?presetperiod=Last7Days&take=3&sorting=ascending`,
    );
    const b = await apiGet<AlertList>(
      sim,
      `/Alert/MonitorGroup/${allGroup}?PresetPeriod=Last7Days&Take=3&Sorting=Ascending`,
    );
    expect(a.json.Data).toHaveLength(3);
    expect(a.json.Data).toEqual(b.json.Data);
  });

  for (const preset of PRESET_PERIODS) {
    it(`PresetPeriod=${preset} selects the window resolvePresetPeriod gives at the clock`, async () => {
      const pages = await pageAll(
        sim,
        `/Alert/Monitor/${busyMonitor}?PresetPeriod=${preset}&Sorting=Ascending&Take=100`,
      );
      const period = resolvePresetPeriod(preset, NOW, 'Europe/Amsterdam');
      expect(ids(pages)).toEqual(
        sim.truth.alerts({ ...period, monitorGuids: [busyMonitor] }).map((a) => a.Id),
      );
    });
  }
});

describe('alert records', () => {
  it('share FirstError and IncidentKey across Error, Reminder and Ok; Ok says OK; check ids grow with time', async () => {
    const pages = await pageAll(
      sim,
      `/Alert/Monitor/${busyMonitor}?PresetPeriod=Last90Days&IncludeReminders=true&Sorting=Ascending`,
    );
    const alerts = pages.flatMap((p) => p.json.Data.map((a) => a.Attributes));
    const byKey = new Map<string, AlertAttributes[]>();
    for (const a of alerts) byKey.set(a.IncidentKey, [...(byKey.get(a.IncidentKey) ?? []), a]);
    let withReminders = 0;
    for (const [key, group] of byKey) {
      expect(key).toBe(`${busyMonitor}-0-${group[0]!.FirstErrorMonitorCheckId}`);
      expect(new Set(group.map((a) => a.FirstError)).size).toBe(1);
      const types = group.map((a) => a.AlertType);
      if (types.includes('Ok')) {
        expect(types.at(-1)).toBe('Ok');
        expect(group.at(-1)!.ErrorDescription).toBe('OK');
      }
      if (types.includes('Reminder')) withReminders++;
    }
    expect(withReminders).toBeGreaterThan(0);
    const checkIds = alerts.map((a) => a.MonitorCheckId);
    expect(checkIds).toEqual([...checkIds].sort((x, y) => x - y));
    expect(
      alerts.every(
        (a) => a.MonitorCheckId >= a.FirstErrorMonitorCheckId && Number.isSafeInteger(a.MonitorCheckId),
      ),
    ).toBe(true);
    expect(alerts.every((a) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(a.Timestamp))).toBe(true);
  });

  it('include awkward descriptions: formulas, control characters and very long text', () => {
    const texts = new Set(sim.truth.incidents().map((i) => i.firstErrorDescription));
    expect([...texts].some((t) => t.startsWith('=HYPERLINK('))).toBe(true);
    expect([...texts].some((t) => [...t].some((c) => c.charCodeAt(0) < 9))).toBe(true);
    expect([...texts].some((t) => t.length > 5000)).toBe(true);
  });

  it('are visible only once the clock has passed them; moving the clock reveals more', async () => {
    const s2 = await startSimulator({ seed: 7, monitors: 40, days: 30, now: NOW });
    try {
      const g = (await getJson<GroupWire[]>(s2, '/MonitorGroup'))[0]!.MonitorGroupGuid;
      const before = await apiGet<AlertList>(
        s2,
        `/Alert/MonitorGroup/${g}?Start=2025-11-20T00:00:00&End=2025-11-25T00:00:00&Sorting=Descending&Take=1`,
      );
      expect(local(before.json.Data[0]!.Attributes.Timestamp).getTime()).toBeLessThanOrEqual(NOW.getTime());
      const countAt = (): number =>
        s2.truth.alertCount({ start: local('2025-11-20'), end: local('2025-11-25') });
      const n0 = countAt();
      s2.setNow(new Date(NOW.getTime() + 86_400_000));
      expect(countAt()).toBeGreaterThan(n0);
      const after = await pageAll(
        s2,
        `/Alert/MonitorGroup/${g}?Start=2025-11-20T00:00:00&End=2025-11-25T00:00:00`,
      );
      expect(ids(after).length).toBe(countAt());
    } finally {
      await s2.close();
    }
  });

  it('some incidents are ongoing at the clock: an Error alert without an Ok yet', () => {
    const ongoing = sim.truth.incidents().filter((i) => i.endUtc === null);
    expect(ongoing.length).toBeGreaterThan(0);
    for (const i of ongoing) {
      const alerts = sim.truth.alerts({ monitorGuids: [i.monitorGuid], start: i.startUtc });
      const mine = alerts
        .map((a) => a.Attributes as AlertAttributes)
        .filter((a) => a.IncidentKey === i.incidentKey);
      expect(mine.map((a) => a.AlertType)).toEqual(['Error']);
    }
  });
});

describe('feed cursors and the control surface', () => {
  it('with ascendingFeedCursors an open Ascending window keeps a Next cursor that later yields new alerts', async () => {
    const s2 = await startSimulator({
      seed: 7,
      monitors: 40,
      days: 20,
      now: NOW,
      ascendingFeedCursors: true,
    });
    try {
      const g = (await getJson<GroupWire[]>(s2, '/MonitorGroup'))[0]!.MonitorGroupGuid;
      const pages = [];
      let r = await apiGet<AlertList>(
        s2,
        `/Alert/MonitorGroup/${g}?PresetPeriod=CurrentWeek&Sorting=Ascending`,
      );
      pages.push(r.json);
      while (r.json.Data.length > 0) {
        r = await apiGet<AlertList>(
          s2,
          `/Alert/MonitorGroup/${g}?Cursor=${encodeURIComponent(r.json.Cursors!.Next!)}`,
        );
        pages.push(r.json);
      }
      const cursor = r.json.Cursors?.Next;
      expect(cursor).toBeDefined();
      s2.setNow(new Date(NOW.getTime() + 6 * 3_600_000));
      const later = await apiGet<AlertList>(
        s2,
        `/Alert/MonitorGroup/${g}?Cursor=${encodeURIComponent(cursor!)}`,
      );
      const fresh = s2.truth
        .alerts({ start: NOW, end: new Date(NOW.getTime() + 6 * 3_600_000 + 1000) })
        .map((a) => a.Id);
      expect(fresh.length).toBeGreaterThan(0);
      expect(later.json.Data.map((a) => a.Id)).toEqual(fresh.slice(0, 100));
    } finally {
      await s2.close();
    }
    // Without the switch the same window ends without a Next cursor.
    const plain = await pageAll(
      sim,
      `/Alert/MonitorGroup/${allGroup}?PresetPeriod=CurrentWeek&Sorting=Ascending`,
    );
    expect(plain.at(-1)!.json.Cursors?.Next).toBeUndefined();
  });

  it('/_sim/truth/alerts counts a window; /_sim/control/now moves the clock', async () => {
    const s2 = await startSimulator({ seed: 7, monitors: 10, days: 20, now: NOW });
    try {
      const q = `start=2025-11-10&end=2025-11-17T00:00:00&includeReminders=true`;
      const count = (await (await fetch(`${s2.controlUrl}/truth/alerts?${q}`)).json()) as {
        count: number;
        start: string;
      };
      expect(count.start).toBe('2025-11-09T23:00:00.000Z');
      expect(count.count).toBe(
        s2.truth.alertCount({
          start: new Date('2025-11-09T23:00:00Z'),
          end: new Date('2025-11-16T23:00:00Z'),
          includeReminders: true,
        }),
      );
      expect(count.count).toBeGreaterThan(0);
      const moved = await fetch(`${s2.controlUrl}/control/now`, {
        method: 'POST',
        body: JSON.stringify({ now: '2025-11-25T00:00:00Z' }),
      });
      expect(moved.status).toBe(200);
      expect(s2.truth.now().toISOString()).toBe('2025-11-25T00:00:00.000Z');
      const incidents = (await (await fetch(`${s2.controlUrl}/truth/incidents`)).json()) as unknown[];
      expect(incidents).toHaveLength(s2.truth.incidents().length);
    } finally {
      await s2.close();
    }
  });
});
