import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatSimulatorBanner } from '../../../src/simulator/format-simulator-banner.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localToUtc, utcToLocal } from '../../../src/time/zone-clock.ts';
import { apiGet, getJson, infraGet } from './sim-http.ts';
import type { AlertAttributes, GroupWire, MonitorWire } from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function snapshot(sim: RunningSimulator): Promise<string[]> {
  const groups = await getJson<GroupWire[]>(sim, '/MonitorGroup');
  const monitors = await getJson<MonitorWire[]>(sim, '/Monitor');
  const paths = [
    '/Monitor',
    '/MonitorGroup',
    '/Sla',
    '/Operator',
    '/PublicStatusPage',
    `/Monitor/${monitors[1]!.MonitorGuid}/MaintenancePeriod`,
    `/Alert/MonitorGroup/${groups[0]!.MonitorGroupGuid}?PresetPeriod=Last30Days&IncludeReminders=true`,
    `/Statistics/MonitorGroup/${groups[0]!.MonitorGroupGuid}?PresetPeriod=Last7Days`,
    `/Statistics/Monitor/${monitors[3]!.MonitorGuid}?PresetPeriod=Last24Hours`,
  ];
  const out = [];
  for (const p of paths) out.push((await apiGet(sim, p)).text);
  out.push((await infraGet(sim, '/v1/DeviceGroupData?Take=100&Period=Last30Days')).text);
  return out;
}

describe('determinism', () => {
  it('the same seed and options give byte-identical responses; another seed does not', async () => {
    const a = await startSimulator({ seed: 21, monitors: 30, days: 45, now: NOW });
    const b = await startSimulator({ seed: 21, monitors: 30, days: 45, now: NOW });
    const c = await startSimulator({ seed: 22, monitors: 30, days: 45, now: NOW });
    try {
      const [sa, sb, sc] = [await snapshot(a), await snapshot(b), await snapshot(c)];
      expect(sb).toEqual(sa);
      expect(sa[6]!.length).toBeGreaterThan(1000);
      expect(sc[0]).not.toEqual(sa[0]);
      expect(b.truth.incidents()).toEqual(a.truth.incidents());
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('DST-crossing data', () => {
  it('alerts exist in the repeated autumn hour (both instants) and none in the missing spring hour', async () => {
    const sim = await startSimulator({ seed: 2, monitors: 120, days: 260, now: NOW });
    try {
      const zone = sim.timeZone;
      const autumn = sim.truth.alerts({
        start: new Date('2025-10-25T23:00:00Z'),
        end: new Date('2025-10-26T03:00:00Z'),
        includeReminders: true,
      });
      const repeated = autumn.filter((a) =>
        (a.Attributes as AlertAttributes).Timestamp.startsWith('2025-10-26T02:'),
      );
      const instants = new Set(repeated.map((a) => a.timestampUtc.toISOString().slice(11, 13)));
      expect(instants).toEqual(new Set(['00', '01']));
      for (const a of autumn)
        expect(utcToLocal(a.timestampUtc, zone)).toBe((a.Attributes as AlertAttributes).Timestamp);
      const spring = sim.truth.alerts({
        start: new Date('2025-03-29T23:00:00Z'),
        end: new Date('2025-03-30T04:00:00Z'),
        includeReminders: true,
      });
      expect(spring.length).toBeGreaterThan(0);
      expect(
        spring.some((a) => (a.Attributes as AlertAttributes).Timestamp.startsWith('2025-03-30T02:')),
      ).toBe(false);
      // Incidents span both DST changes, a local midnight and a month end.
      const spans = (instant: string): boolean =>
        sim.truth
          .incidents()
          .some((i) => i.startUtc < new Date(instant) && (i.endUtc === null || i.endUtc > new Date(instant)));
      expect(spans('2025-03-30T01:00:00Z')).toBe(true);
      expect(spans('2025-10-26T01:00:00Z')).toBe(true);
      expect(spans(localToUtc('2025-11-01T00:00:00', zone)!.toISOString())).toBe(true);
      const midnights = sim.truth
        .incidents()
        .filter(
          (i) =>
            i.endUtc !== null &&
            utcToLocal(i.startUtc, zone).slice(0, 10) !== utcToLocal(i.endUtc, zone).slice(0, 10),
        );
      expect(midnights.length).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});

describe('standalone entry and banner', () => {
  it('main.ts prints one JSON line when listening and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/simulator/main.ts',
        '--port',
        '0',
        '--seed',
        '3',
        '--monitors',
        '10',
        '--days',
        '10',
        '--now',
        '2025-11-20T10:00:00Z',
        '--latency-ms',
        '5',
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const info = JSON.parse(line) as {
        apiUrl: string;
        credentials: { username: string; password: string };
      };
      expect(info).toMatchObject({
        apiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v4$/),
        infraUrl: expect.stringMatching(/\/infra$/),
        controlUrl: expect.stringMatching(/\/_sim$/),
      });
      const r = await fetch(`${info.apiUrl}/Account/Settings`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${info.credentials.username}:${info.credentials.password}`).toString('base64')}`,
        },
      });
      expect(await r.json()).toEqual({ TimezoneId: 80 });
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('the banner names both base URLs, the credentials and a curl example', async () => {
    const sim = await startSimulator({ monitors: 3, days: 2, now: NOW, faults: 'latency=1' });
    try {
      const text = formatSimulatorBanner(sim).join('\n');
      for (const part of [
        sim.apiUrl,
        sim.infraUrl,
        sim.controlUrl,
        sim.credentials.username,
        sim.credentials.password,
        sim.credentials.infraUsername,
        sim.credentials.infraPassword,
        'curl -u',
        'NOT behaviour of the real service',
      ]) {
        expect(text).toContain(part);
      }
    } finally {
      await sim.close();
    }
  });
});
