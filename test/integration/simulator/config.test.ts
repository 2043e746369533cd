import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_SECRET } from '../../../src/simulator/generate/generate-monitors.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { apiGet, basic, getJson, infraGet } from './sim-http.ts';
import type {
  AlertList,
  GroupWire,
  MaintenanceWire,
  MessageList,
  MonitorWire,
  OperatorGroupWire,
  OperatorWire,
  SlaWire,
  StatusPageWire,
  TimezoneWire,
} from './wire-types.ts';

type Member = { MonitorGuid: string };

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;
let monitors: MonitorWire[];
let groups: GroupWire[];

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, monitors: 60, days: 90, now: NOW });
  monitors = await getJson<MonitorWire[]>(sim, '/Monitor');
  groups = await getJson<GroupWire[]>(sim, '/MonitorGroup');
});
afterAll(() => sim.close());

describe('monitors', () => {
  it('use the exact MonitorType wire spellings, modes and minute intervals', () => {
    expect(new Set(monitors.map((m) => m.MonitorType))).toEqual(
      new Set([
        'Http',
        'Https',
        'Connect',
        'Ping',
        'POP3',
        'SMTP',
        'FTP',
        'MySQL',
        'MSSQL',
        'WebserviceHttp',
        'WebserviceHttps',
        'Transaction',
        'DNS',
        'FullPageCheck',
        'Certificate',
        'SFTP',
        'MultiStepApi',
        'IMAP',
        'PostmanApi',
      ]),
    );
    const modes = monitors.map((m) => m.MonitorMode);
    expect(modes.filter((m) => m === 'Production').length).toBeGreaterThan(monitors.length / 2);
    expect(modes.some((m) => m !== 'Production')).toBe(true);
    expect(
      monitors.every(
        (m) => Number.isInteger(m.CheckInterval) && m.CheckInterval >= 1 && m.CheckInterval <= 240,
      ),
    ).toBe(true);
  });

  it('carry ErrorConditions (string values) or, on older monitors, the deprecated fields', () => {
    const modern = monitors.filter((m) => m.ErrorConditions !== undefined);
    const legacy = monitors.filter((m) => m.LoadTimeLimit1 !== undefined);
    expect(modern.length).toBeGreaterThan(0);
    expect(legacy.length).toBeGreaterThan(0);
    expect(modern.every((m) => m.ErrorConditions!.every((c) => typeof c.Value === 'string'))).toBe(true);
    expect(legacy.every((m) => m.ErrorConditions === undefined && m.AlertOnLoadTimeLimit1 === true)).toBe(
      true,
    );
    expect(legacy.some((m) => m.ExpectedHttpStatusCodeSpecified === true)).toBe(true);
  });

  it('have CreatedDate and LastModifiedDate, some created during the history; unknown fields; omitted nulls', () => {
    expect(
      monitors.every(
        (m) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(m.CreatedDate) && m.LastModifiedDate >= m.CreatedDate,
      ),
    ).toBe(true);
    expect(monitors.some((m) => m.CreatedDate >= '2025-08-22')).toBe(true);
    expect(monitors.some((m) => m.SimulatorFutureField !== undefined)).toBe(true);
    expect(monitors.some((m) => !('Notes' in m))).toBe(true);
    expect(JSON.stringify(monitors)).not.toContain('null');
  });

  it('some carry a password the ETL must not store', () => {
    const withSecret = monitors.filter((m) => m.Password === MONITOR_SECRET);
    expect(MONITOR_SECRET).toBe('sim-monitor-secret-DO-NOT-STORE');
    expect(withSecret.length).toBeGreaterThanOrEqual(4);
    expect(withSecret.every((m) => typeof m.Username === 'string')).toBe(true);
  });

  it('one monitor, a filter of fields, 404 for an unknown GUID, 400 for a malformed one', async () => {
    const one = await apiGet<MonitorWire>(sim, `/Monitor/${monitors[4]!.MonitorGuid}`);
    expect(one.json).toEqual(monitors[4]);
    const filtered = await getJson<Record<string, unknown>[]>(sim, `/Monitor?filter=Name,IsActive`);
    expect(Object.keys(filtered[0]!).sort()).toEqual(['IsActive', 'Name']);
    const missing = await apiGet(sim, '/Monitor/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ Messages: [{ Message: expect.any(String) }] });
    expect((await apiGet(sim, '/Monitor/not-a-guid')).status).toBe(400);
  });
});

describe('monitor groups', () => {
  it('"All Monitors" (IsAll) holds every monitor; other groups overlap', async () => {
    const all = groups.find((g) => g.IsAll)!;
    expect(all.Description).toBe('All Monitors');
    expect(groups.filter((g) => g.IsAll)).toHaveLength(1);
    const members = async (g: GroupWire): Promise<string[]> =>
      (await getJson<Member[]>(sim, `/MonitorGroup/${g.MonitorGroupGuid}/Member`)).map((m) => m.MonitorGuid);
    expect(new Set(await members(all))).toEqual(new Set(monitors.map((m) => m.MonitorGuid)));
    const sets = await Promise.all(groups.filter((g) => !g.IsAll).map(members));
    const seen = new Map<string, number>();
    for (const s of sets) for (const m of s) seen.set(m, (seen.get(m) ?? 0) + 1);
    expect([...seen.values()].some((n) => n > 1)).toBe(true);
    expect(sets.some((s) => s.length === 0)).toBe(true);
  });

  it('answer the plural Members route, /Monitor/{g}/MonitorGroup and /Monitor/MonitorGroup/{g} consistently', async () => {
    const g = groups.find((x) => x.Description === 'Websites')!;
    const singular = await getJson<Member[]>(sim, `/MonitorGroup/${g.MonitorGroupGuid}/Member`);
    const plural = await getJson<Member[]>(sim, `/MonitorGroup/${g.MonitorGroupGuid}/Members`);
    expect(plural).toEqual(singular);
    const full = await getJson<MonitorWire[]>(sim, `/Monitor/MonitorGroup/${g.MonitorGroupGuid}`);
    expect(full.map((m) => m.MonitorGuid)).toEqual(singular.map((m) => m.MonitorGuid));
    const ofMonitor = await getJson<string[]>(sim, `/Monitor/${singular[0]!.MonitorGuid}/MonitorGroup`);
    expect(ofMonitor).toContain(g.MonitorGroupGuid);
    expect(ofMonitor).toContain(groups.find((x) => x.IsAll)!.MonitorGroupGuid);
  });

  it('serve Used*Quota counters that change from day to day and match the ground truth', async () => {
    const g = groups[0]!;
    const values = new Set<string>();
    for (let d = 0; d < 6; d++) {
      const at = new Date(NOW.getTime() + d * 86_400_000);
      sim.setNow(at);
      const served = await getJson<GroupWire>(sim, `/MonitorGroup/${g.MonitorGroupGuid}`);
      const localDate = new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
      const truth = sim.truth.quotaSnapshot(g.MonitorGroupGuid, localDate);
      expect(served).toMatchObject(truth);
      values.add(JSON.stringify(truth));
    }
    sim.setNow(NOW);
    expect(values.size).toBeGreaterThan(1);
    expect(groups[0]!.BasicMonitorQuota).toBeGreaterThanOrEqual(groups[0]!.UsedBasicMonitorQuota);
  });
});

describe('other configuration', () => {
  it('maintenance periods cover all four schedule modes and both maintenance types', async () => {
    const all = (
      await Promise.all(
        monitors.map((m) => getJson<MaintenanceWire[]>(sim, `/Monitor/${m.MonitorGuid}/MaintenancePeriod`)),
      )
    ).flat();
    expect(new Set(all.map((p) => p.ScheduleMode))).toEqual(
      new Set(['OneTime', 'Daily', 'Weekly', 'Monthly']),
    );
    expect(new Set(all.map((p) => p.MaintenanceType))).toEqual(
      new Set(['DisableMonitoring', 'DisableNotifications']),
    );
    expect(
      all
        .filter((p) => p.ScheduleMode === 'Daily')
        .every((p) => p.WeekDay === undefined && p.MonthDay === undefined && p.StartDateTime === undefined),
    ).toBe(true);
    expect(all.some((p) => p.ScheduleMode === 'Monthly' && p.MonthDay === 31)).toBe(true);
    expect(all.some((p) => p.ScheduleMode === 'Daily' && p.EndTime! < p.StartTime!)).toBe(true);
  });

  it('SLAs keep the OperatorReponseTimeThreshold typo; exclusion periods exist', async () => {
    const slas = await getJson<SlaWire[]>(sim, '/Sla');
    expect(
      slas.every(
        (s) => typeof s.OperatorReponseTimeThreshold === 'number' && !('OperatorResponseTimeThreshold' in s),
      ),
    ).toBe(true);
    expect(slas.every((s) => s.UptimeErrorThreshold < s.UptimeWarningThreshold)).toBe(true);
    const exclusions = (
      await Promise.all(slas.map((s) => getJson<unknown[]>(sim, `/Sla/${s.SlaGuid}/ExclusionPeriod`)))
    ).flat();
    expect(exclusions.length).toBeGreaterThan(0);
  });

  it('operators, operator groups with array members, status pages', async () => {
    const operators = await getJson<OperatorWire[]>(sim, '/Operator');
    const opGroups = await getJson<OperatorGroupWire[]>(sim, '/OperatorGroup');
    expect(opGroups.find((g) => g.IsEveryone)).toBeDefined();
    expect(opGroups.find((g) => g.IsAdministratorsGroup)).toBeDefined();
    const everyone = await getJson<{ OperatorGuid: string }[]>(
      sim,
      `/OperatorGroup/${opGroups.find((g) => g.IsEveryone)!.OperatorGroupGuid}/Member`,
    );
    expect(everyone.map((m) => m.OperatorGuid).sort()).toEqual(operators.map((o) => o.OperatorGuid).sort());
    expect(operators.some((o) => !('TimeZoneId' in o))).toBe(true);
    const pages = await getJson<StatusPageWire[]>(sim, '/PublicStatusPage');
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((p) => Array.isArray(p.MonitorGuids) && Array.isArray(p.MonitorGroupGuids))).toBe(
      true,
    );
  });

  it('time zones: the reference list, the account zone, DST dates for the clock year', async () => {
    const zones = await getJson<TimezoneWire[]>(sim, '/Timezone');
    const ams = zones.find(
      (z) => z.Description === 'GMT+01:00* Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
    )!;
    expect(ams).toMatchObject({
      OffsetFromUtc: 60,
      HasDaylightSaving: true,
      DaylightSavingOffset: 60,
      DaylightSavingStart: '2025-03-30T02:00:00',
      DaylightSavingEnd: '2025-10-26T03:00:00',
    });
    expect((await apiGet(sim, '/Account/Settings')).json).toEqual({ TimezoneId: ams.TimezoneId });
    expect((await apiGet(sim, `/Timezone/${ams.TimezoneId}`)).json).toEqual(ams);
    const utc = zones.find((z) => z.Description === 'UTC')!;
    expect(utc).toEqual({
      TimezoneId: utc.TimezoneId,
      Description: 'UTC',
      OffsetFromUtc: 0,
      HasDaylightSaving: false,
    });
    expect(
      zones.find((z) => z.Description === 'GMT+05:30 Chennai, Kolkata, Mumbai, New Delhi')!.OffsetFromUtc,
    ).toBe(330);
    const sydney = zones.find((z) => z.Description === 'GMT+10:00# Canberra, Melbourne, Sydney')!;
    expect(sydney.DaylightSavingStart!.slice(0, 10)).toBe('2025-10-05');
    expect(sydney.DaylightSavingEnd!.slice(0, 10)).toBe('2025-04-06');
    expect(zones.length).toBeGreaterThanOrEqual(11);
    expect((await apiGet(sim, '/Timezone/9999')).status).toBe(404);
    expect((await getJson<{ AccountId: string }>(sim, '/Account')).AccountId).toBe(sim.accountId);
  });

  it('ground-truth counts match what the routes serve', async () => {
    const c = sim.truth.counts();
    expect(c.monitors).toBe(monitors.length);
    expect(c.monitorGroups).toBe(groups.length);
    let memberships = 0;
    for (const g of groups)
      memberships += (await getJson<Member[]>(sim, `/MonitorGroup/${g.MonitorGroupGuid}/Member`)).length;
    expect(c.monitorGroupMemberships).toBe(memberships);
    expect(c.slas).toBe((await getJson<unknown[]>(sim, '/Sla')).length);
    expect(c.operators).toBe((await getJson<unknown[]>(sim, '/Operator')).length);
    expect(c.statusPages).toBe((await getJson<unknown[]>(sim, '/PublicStatusPage')).length);
    expect(c.timezones).toBe((await getJson<unknown[]>(sim, '/Timezone')).length);
    const control = await fetch(`${sim.controlUrl}/truth/counts`);
    expect(await control.json()).toEqual(c);
  });
});

describe('routing and authentication', () => {
  it('answers with and without /v4, case-insensitively, with or without a trailing slash', async () => {
    const base = sim.apiUrl.replace(/\/v4$/, '');
    const a = await apiGet(sim, `${base}/monitorgroup/`);
    const b = await apiGet(sim, `${base}/V4/MonitorGroup`);
    expect(a.json).toEqual(groups);
    expect(b.json).toEqual(groups);
  });

  it('401 with WWW-Authenticate: Basic on every API route without valid credentials; infra credentials are separate', async () => {
    const g = groups[0]!.MonitorGroupGuid;
    const m = monitors[0]!.MonitorGuid;
    const paths = [
      '/Monitor',
      `/Monitor/${m}`,
      `/MonitorGroup/${g}/Member`,
      `/Alert/MonitorGroup/${g}`,
      `/Statistics/Monitor/${m}`,
      '/Timezone',
      '/Account/Settings',
      '/Sla',
      '/Operator',
      '/PublicStatusPage',
      '/Nope',
    ];
    for (const path of paths) {
      for (const auth of [
        null,
        basic('sim-api-user', 'wrong'),
        basic(sim.credentials.infraUsername, sim.credentials.infraPassword),
        'Bearer abc',
      ]) {
        const r = await apiGet(sim, path, { auth });
        expect({ path, status: r.status }).toEqual({ path, status: 401 });
        expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
      }
    }
    const infraWithApiCreds = await apiGet(sim, `${sim.infraUrl}/v1/account`);
    expect(infraWithApiCreds.status).toBe(401);
    expect((await infraGet(sim, '/v1/account')).status).toBe(200);
  });

  it('unknown routes are 404, writes are 405, both MessageList', async () => {
    const unknown = await apiGet<MessageList>(sim, '/Nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json.Messages[0]!.Message).toMatch(/No HTTP resource/);
    const post = await fetch(`${sim.apiUrl}/Monitor`, {
      method: 'POST',
      headers: { authorization: basic(sim.credentials.username, sim.credentials.password) },
    });
    expect(post.status).toBe(405);
  });

  it('removeMonitor makes a monitor vanish from every list, route and truth', async () => {
    const s2 = await startSimulator({ seed: 5, monitors: 20, days: 30, now: NOW });
    try {
      const victim = (await getJson<MonitorWire[]>(s2, '/Monitor'))[2]!.MonitorGuid;
      const before = s2.truth.counts();
      const control = await fetch(`${s2.controlUrl}/control/remove-monitor/${victim}`, { method: 'POST' });
      expect(control.status).toBe(200);
      expect((await getJson<MonitorWire[]>(s2, '/Monitor')).map((m) => m.MonitorGuid)).not.toContain(victim);
      const all = (await getJson<GroupWire[]>(s2, '/MonitorGroup'))[0]!.MonitorGroupGuid;
      expect(
        (await getJson<Member[]>(s2, `/MonitorGroup/${all}/Member`)).map((m) => m.MonitorGuid),
      ).not.toContain(victim);
      expect((await apiGet(s2, `/Monitor/${victim}`)).status).toBe(404);
      expect((await apiGet(s2, `/Alert/Monitor/${victim}`)).status).toBe(404);
      const groupAlerts = (await getJson<AlertList>(s2, `/Alert/MonitorGroup/${all}?PresetPeriod=Last30Days`))
        .Data;
      expect(groupAlerts.every((a) => a.Attributes.MonitorGuid !== victim)).toBe(true);
      expect(s2.truth.counts().monitors).toBe(before.monitors - 1);
      expect(s2.truth.incidents().every((i) => i.monitorGuid !== victim)).toBe(true);
    } finally {
      await s2.close();
    }
  });
});
