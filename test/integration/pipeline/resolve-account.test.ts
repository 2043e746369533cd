/**
 * resolveAccount against the simulator: the account's settings are asked for beside the account
 * itself (one round trip less before any stream starts), the account's failure is the one reported,
 * and an override of the zone asks for no settings at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/extract/http/api-client.ts';
import { silentLogger } from '../../../src/logger.ts';
import { resolveAccount } from '../../../src/pipeline/resolve-account.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';

const NOW = new Date('2025-06-18T09:00:00Z');
let sim: RunningSimulator;
let api: ApiClient;

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, monitors: 3, days: 2, now: NOW });
  api = new ApiClient({
    name: 'api',
    baseUrl: sim.apiUrl,
    username: sim.credentials.username,
    password: sim.credentials.password,
    concurrency: 4,
  });
});
afterAll(async () => {
  await api.close();
  await sim.close();
});
beforeEach(() => {
  sim.clearInjections();
  sim.resetCounts();
});

/** Answers of `route` so far, whatever their status. */
function answered(route: string): number {
  return Object.values(sim.requestCounts().byRoute[route] ?? {}).reduce((a, b) => a + b, 0);
}

describe('resolveAccount', () => {
  it('asks for the settings while the account is still on its way', async () => {
    // /Account answers half a second late: asked one after the other, the settings could not be
    // answered before it.
    sim.inject({ match: '/v4/Account$', delayMs: 500, times: 1 });
    let settingsFirst: boolean | undefined;
    const resolving = resolveAccount(api, undefined, NOW, silentLogger());
    while (settingsFirst === undefined) {
      if (answered('GET /Account/Settings') > 0) settingsFirst = answered('GET /Account') === 0;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const resolved = await resolving;
    expect(settingsFirst).toBe(true);
    expect(resolved.accountId).toBe(sim.accountId);
    expect(resolved.resolution).toMatchObject({ zone: sim.timeZone, source: 'api' });
    expect(answered('GET /Timezone/{timezoneId}')).toBe(1);
  });

  it('reports the failure of the account when both fail, even when the settings fail first', async () => {
    const once = new ApiClient({
      name: 'api',
      baseUrl: sim.apiUrl,
      username: sim.credentials.username,
      password: sim.credentials.password,
      retry: { maxAttempts: 1 },
    });
    sim.inject({ match: '/v4/Account$', status: 500, delayMs: 300, times: 1 });
    sim.inject({ match: '/v4/Account/Settings$', status: 500, times: 1 });
    try {
      await expect(resolveAccount(once, undefined, NOW, silentLogger())).rejects.toThrow(
        /GET \/Account answered 500/,
      );
    } finally {
      await once.close();
    }
  });

  it('asks for no settings when the zone is set', async () => {
    const resolved = await resolveAccount(api, 'Asia/Tokyo', NOW, silentLogger());
    expect(resolved.resolution).toMatchObject({ zone: 'Asia/Tokyo', source: 'UPTRENDS_TIMEZONE' });
    expect(answered('GET /Account')).toBe(1);
    expect(answered('GET /Account/Settings')).toBe(0);
  });
});
