/**
 * The simulator's response injection (a test facility, docs/simulator.md): raw bodies, edits of
 * the real body, transforms, skip/times accounting, the HTTP control route, and invalid rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';

let sim: RunningSimulator;
const auth = (): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64')}`,
});
const get = async (path: string): Promise<{ status: number; text: string; headers: Headers }> => {
  const res = await fetch(`${sim.apiUrl}${path}`, { headers: auth() });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

beforeAll(async () => {
  sim = await startSimulator({ seed: 4, monitors: 5, days: 5, now: new Date('2025-11-20T10:00:00Z') });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.clearInjections();
  sim.resetCounts();
});

describe('response injection (test facility)', () => {
  it('sends a raw body with the given status and headers, then answers normally again', async () => {
    const rule = sim.inject({
      match: '/Monitor$',
      status: 503,
      headers: { 'Retry-After': '9' },
      body: '<html>down</html>',
    });
    const first = await get('/Monitor');
    expect([first.status, first.text, first.headers.get('retry-after')]).toEqual([
      503,
      '<html>down</html>',
      '9',
    ]);
    expect([rule.served, rule.remaining]).toEqual([1, 0]);
    const second = await get('/Monitor');
    expect(second.status).toBe(200);
    expect((JSON.parse(second.text) as unknown[]).length).toBe(5);
    expect(sim.requestCounts().byRoute['GET /Monitor']).toEqual({ '200': 1, '503 injected': 1 });
  });

  it('edits the real body: set a nested field, remove an array item', async () => {
    const real = JSON.parse((await get('/Monitor')).text) as { MonitorGuid: string; MonitorType: string }[];
    sim.inject({ match: '/Monitor$', edits: [{ set: '0.MonitorType', value: 'Quantum' }, { remove: '1' }] });
    const edited = JSON.parse((await get('/Monitor')).text) as typeof real;
    expect(edited).toHaveLength(4);
    expect(edited[0]).toEqual({ ...real[0], MonitorType: 'Quantum' });
    expect(edited[1]!.MonitorGuid).toBe(real[2]!.MonitorGuid);
  });

  it('skips the first matches and serves `times` answers; a transform sees the request', async () => {
    const rule = sim.inject({
      match: 'MonitorGroup$',
      skip: 1,
      times: 2,
      transform: (_b, req) => `seen ${req.url.pathname}`,
    });
    expect((await get('/MonitorGroup')).text.startsWith('[')).toBe(true);
    expect((await get('/MonitorGroup')).text).toBe('seen /v4/MonitorGroup');
    expect((await get('/MonitorGroup')).text).toBe('seen /v4/MonitorGroup');
    expect((await get('/MonitorGroup')).text.startsWith('[')).toBe(true);
    expect(rule.served).toBe(2);
  });

  it('delays an otherwise real answer by delayMs', async () => {
    sim.inject({ match: '/Monitor$', delayMs: 300 });
    const started = Date.now();
    const r = await get('/Monitor');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((JSON.parse(r.text) as unknown[]).length).toBe(5);
  });

  it('does not use a rule up on an unauthenticated request', async () => {
    const rule = sim.inject({ match: '/Monitor$', body: 'x' });
    expect((await fetch(`${sim.apiUrl}/Monitor`)).status).toBe(401);
    expect(rule.remaining).toBe(1);
  });

  it('takes rules over HTTP (POST /_sim/control/inject) and drops them with DELETE', async () => {
    const post = await fetch(`${sim.controlUrl}/control/inject`, {
      method: 'POST',
      body: JSON.stringify({ match: '/Account$', edits: [{ set: 'AccountId', value: 'changed' }], times: 2 }),
    });
    expect(post.status).toBe(200);
    expect((JSON.parse((await get('/Account')).text) as { AccountId: string }).AccountId).toBe('changed');
    await fetch(`${sim.controlUrl}/control/inject`, { method: 'DELETE' });
    expect((JSON.parse((await get('/Account')).text) as { AccountId: string }).AccountId).toBe(sim.accountId);
    const bad = await fetch(`${sim.controlUrl}/control/inject`, { method: 'POST', body: '{"times": 1}' });
    expect(bad.status).toBe(400);
  });

  it('refuses invalid rules with a ConfigError naming the option', () => {
    expect(() => sim.inject({ match: 'x', times: 0 })).toThrow(ConfigError);
    expect(() => sim.inject({ match: 'x', status: 99 })).toThrow(/status/);
    expect(() => sim.inject({ match: 'x', body: 'a', edits: [] })).toThrow(/not both/);
  });
});
