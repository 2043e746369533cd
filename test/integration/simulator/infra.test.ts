import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { infraGet } from './sim-http.ts';
import type { DeviceGroupDataWire } from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 4, monitors: 60, days: 90, now: NOW });
});
afterAll(() => sim.close());

const data = async (query: string): Promise<DeviceGroupDataWire> => {
  const r = await infraGet<DeviceGroupDataWire>(sim, `/v1/DeviceGroupData${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const RANK: Record<string, number> = { Error: 0, Warning: 1, Unknown: 2, OK: 3 };

describe('Infra API v1', () => {
  it('/v1/account names the account and the API user', async () => {
    const r = await infraGet<unknown>(sim, '/v1/account');
    expect(r.json).toEqual({ AccountName: expect.any(String), UserName: sim.credentials.infraUsername });
  });

  it('defaults: all devices, items only, by status, Take 10, first two sensors', async () => {
    const d = await data('');
    expect(d.Count).toBe(sim.truth.counts().infraDevices);
    expect(d.Devices).toHaveLength(10);
    expect(d.Devices.every((x) => x.Type === 'Device' && x.DataFeeds.length <= 2)).toBe(true);
    const ranks = d.Devices.map((x) => RANK[x.Status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a! - b!));
    expect(['Error', 'Warning', 'Unknown', 'OK']).toContain(d.Status);
    const feed = d.Devices.find((x) => x.DataFeeds.length > 0)!.DataFeeds[0];
    expect(feed).toEqual({
      Id: expect.any(String),
      Name: expect.any(String),
      Type: 'Double',
      Status: expect.any(String),
      Value: expect.stringMatching(/^\d+\.\d\d$/),
      FriendlyValue: expect.any(String),
    });
  });

  it('Skip and Take page through every item exactly once', async () => {
    const total = (await data('?Take=0')).Count;
    const seen: number[] = [];
    for (let skip = 0; skip < total; skip += 7)
      seen.push(...(await data(`?Skip=${skip}&Take=7&SortOrder=Alphabetical`)).Devices.map((x) => x.Id));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('nested device groups at least three levels deep, with GroupFilter', async () => {
    const top = await data('?GroupFilter=GroupsOnly');
    expect(top.Devices.map((g) => g.Name).sort()).toEqual([
      'Cloud',
      'Datacenter Amsterdam',
      'Datacenter Frankfurt',
    ]);
    const ams = top.Devices.find((g) => g.Name === 'Datacenter Amsterdam')!;
    const racks = await data(`?DeviceGroup=${ams.Id}&GroupFilter=GroupsOnly`);
    const rackA = racks.Devices.find((g) => g.Name === 'Rack A')!;
    const level3 = await data(`?DeviceGroup=${rackA.Id}&GroupFilter=All&Take=100`);
    const hyper = level3.Devices.find((g) => g.Type === 'Group')!;
    expect(hyper.Name).toBe('Hypervisors');
    expect(level3.Devices.some((x) => x.Type === 'Device')).toBe(true);
    const level4 = await data(`?DeviceGroup=${hyper.Id}&Take=100`);
    expect(level4.Count).toBeGreaterThan(0);
    expect(level4.Devices.every((x) => x.Type === 'Device')).toBe(true);
  });

  it('SortOrder, StatusFilter and ShowDetailInfo', async () => {
    const alpha = (await data('?SortOrder=Alphabetical&Take=100')).Devices.map((x) => x.Name);
    expect(alpha).toEqual([...alpha].sort((a, b) => a.localeCompare(b)));
    const noData = await data('?StatusFilter=NoData&Take=100');
    expect(noData.Count).toBeGreaterThan(0);
    expect(
      noData.Devices.every((x) => x.Status === 'Unknown' && x.Uptime === 0 && x.DataFeeds.length === 0),
    ).toBe(true);
    const all = await data('?Take=100');
    for (const [filter, allowed] of [
      ['Errors', ['Error']],
      ['ErrorsAndWarnings', ['Error', 'Warning']],
    ] as const) {
      const f = await data(`?StatusFilter=${filter}&Take=100`);
      expect(f.Devices.every((x) => (allowed as readonly string[]).includes(x.Status))).toBe(true);
      expect(f.Count).toBe(
        all.Devices.filter((x) => (allowed as readonly string[]).includes(x.Status)).length,
      );
    }
    const bare = await data('?ShowDetailInfo=False&Take=100');
    expect(bare.Devices.every((x) => x.DataFeeds.length === 0)).toBe(true);
  });

  it('uptime per period follows the device timeline, including custom yyyymmdd-yyyymmdd ranges', async () => {
    const devices = sim.truth.infraDevices().filter((d) => !d.noData);
    let belowHundred = 0;
    for (const day of ['2025-11-01', '2025-11-02', '2025-10-26', '2025-11-19']) {
      const compact = day.replaceAll('-', '');
      const d = await data(`?Period=${compact}-${compact}&Take=500&SortOrder=Alphabetical`);
      for (const dev of devices) {
        const served = d.Devices.find((x) => x.Id === dev.id)!;
        expect(served.Uptime).toBe(sim.truth.infraDailyUptime(dev.id, day).uptimePercentage);
        if (served.Uptime < 100) belowHundred++;
      }
    }
    expect(belowHundred).toBeGreaterThan(0);
    const week = await data('?Period=Last7Days&Take=500');
    expect(week.Devices.every((x) => x.Uptime >= 0 && x.Uptime <= 100 && x.FriendlyUptime.length > 0)).toBe(
      true,
    );
  });

  it('400 for bad parameters, 404 for an unknown group', async () => {
    for (const q of [
      '?Period=Fortnight',
      '?Period=20251105-20251101',
      '?Skip=-1',
      '?SortOrder=Random',
      '?DeviceGroup=abc',
    ]) {
      expect((await infraGet(sim, `/v1/DeviceGroupData${q}`)).status).toBe(400);
    }
    expect((await infraGet(sim, '/v1/DeviceGroupData?DeviceGroup=999')).status).toBe(404);
  });

  it('answers XML when Accept asks for it, with the same content', async () => {
    const json = await data('?Take=5&SortOrder=Alphabetical');
    const r = await infraGet(sim, '/v1/DeviceGroupData?Take=5&SortOrder=Alphabetical', 'application/xml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/xml/);
    const parsed = new XMLParser({ isArray: (name) => name === 'Device' || name === 'DataFeed' }).parse(
      r.text,
    ) as { DeviceGroupData: { Count: number; Devices: { Device: { Id: number }[] } } };
    expect(parsed.DeviceGroupData.Count).toBe(json.Count);
    expect(parsed.DeviceGroupData.Devices.Device.map((d) => d.Id)).toEqual(json.Devices.map((d) => d.Id));
    const acc = await infraGet(sim, '/v1/account', 'application/xml');
    expect((new XMLParser().parse(acc.text) as { Account: { UserName: string } }).Account.UserName).toBe(
      sim.credentials.infraUsername,
    );
  });
});
