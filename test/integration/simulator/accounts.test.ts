/**
 * `simulate --accounts N`: several accounts behind one port, each answered by its own credentials,
 * with its own seed, zone, size and ground truth; account 1 is the single-account simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { apiGet, basic } from './sim-http.ts';

const NOW = new Date('2025-06-18T09:00:00Z');
let multi: RunningSimulator;
let single: RunningSimulator;

beforeAll(async () => {
  [multi, single] = await Promise.all([
    startSimulator({ seed: 5, monitors: 8, days: 20, now: NOW, accounts: 4 }),
    startSimulator({ seed: 5, monitors: 8, days: 20, now: NOW }),
  ]);
});
afterAll(async () => {
  await Promise.all([multi.close(), single.close()]);
});

const as = (sim: RunningSimulator, n: number) => {
  const c = sim.accounts[n]!.credentials;
  return { api: basic(c.username, c.password), infra: basic(c.infraUsername, c.infraPassword) };
};

describe('a simulator with several accounts', () => {
  it('answers each account with its own id, zone and monitors, by the credentials a request carries', async () => {
    expect(multi.accounts).toHaveLength(4);
    const ids = new Set<string>();
    for (const [n, account] of multi.accounts.entries()) {
      const who = await apiGet<{ AccountId: number }>(multi, '/Account', { auth: as(multi, n).api });
      expect(who.status).toBe(200);
      expect(String(who.json.AccountId)).toBe(account.accountId);
      ids.add(account.accountId);
      const monitors = await apiGet<unknown[]>(multi, '/Monitor', { auth: as(multi, n).api });
      expect(monitors.json).toHaveLength(account.truth.counts().monitors);
      expect(account.truth.counts().monitors).toBe(account.monitors);
      const devices = await apiGet<unknown>(multi, `${multi.infraUrl}/v1/account`, {
        auth: as(multi, n).infra,
      });
      expect(devices.status).toBe(200);
    }
    expect(ids.size).toBe(4);
    expect(new Set(multi.accounts.map((a) => a.timeZone)).size).toBe(4);
    expect(new Set(multi.accounts.map((a) => a.monitors)).size).toBeGreaterThan(1);
    expect(new Set(multi.accounts.map((a) => a.credentials.password)).size).toBe(4);
  });

  it('serves each zone in its settings and its local times', async () => {
    const settings = await Promise.all(
      multi.accounts.map((_, n) =>
        apiGet<{ TimezoneId: number }>(multi, '/Account/Settings', { auth: as(multi, n).api }),
      ),
    );
    expect(new Set(settings.map((s) => s.json.TimezoneId)).size).toBe(4);
  });

  it('refuses unknown credentials and one account password used with another user', async () => {
    expect((await apiGet(multi, '/Account', { auth: basic('nobody', 'x') })).status).toBe(401);
    const [a, b] = [multi.accounts[1]!.credentials, multi.accounts[2]!.credentials];
    expect((await apiGet(multi, '/Account', { auth: basic(a.username, b.password) })).status).toBe(401);
  });

  it('account 1 is the single-account simulator', () => {
    expect(multi.accountId).toBe(single.accountId);
    expect(multi.timeZone).toBe(single.timeZone);
    expect(multi.credentials).toEqual(single.credentials);
    expect(multi.accounts[0]!.truth.counts()).toEqual(single.truth.counts());
    expect(multi.accounts[0]!.truth.alertCount()).toBe(single.truth.alertCount());
  });

  it('gives each account its ground truth on the control surface under /_sim/account/<k>', async () => {
    for (const [n, account] of multi.accounts.entries()) {
      const res = await fetch(`${multi.controlUrl}/account/${n + 1}/truth/counts`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(account.truth.counts())));
    }
  });

  it('moves every account clock together', () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    multi.setNow(later);
    for (const account of multi.accounts) expect(account.truth.now()).toEqual(later);
    multi.setNow(NOW);
  });
});
