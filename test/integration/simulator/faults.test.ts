import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { apiGet, basic, getJson } from './sim-http.ts';
import type { AlertList, GroupWire, MessageList } from './wire-types.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;
let group: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 9, monitors: 20, days: 30, now: NOW });
  group = (await getJson<GroupWire[]>(sim, '/MonitorGroup'))[0]!.MonitorGroupGuid;
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.setFaults(undefined);
  sim.resetCounts();
});

describe('fault kinds (simulated, not behaviour of the real service)', () => {
  it('rate429 answers 429 with Retry-After', async () => {
    sim.setFaults('rate429=1,retryAfter=7');
    const r = await apiGet(sim, '/Monitor');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
  });

  it('error500 and error503 answer those statuses with a MessageList', async () => {
    sim.setFaults('error500=1');
    const a = await apiGet<MessageList>(sim, '/Monitor');
    expect(a.status).toBe(500);
    expect(a.json.Messages).toHaveLength(1);
    sim.setFaults('error503=1');
    expect((await apiGet(sim, '/Monitor')).status).toBe(503);
  });

  it('reset destroys the connection without an answer', async () => {
    sim.setFaults('reset=1');
    await expect(apiGet(sim, '/Monitor')).rejects.toThrow();
    expect(sim.requestCounts().byRoute['GET /Monitor']).toEqual({ reset: 1 });
  });

  it('truncate sends a complete response whose JSON body is cut short', async () => {
    const full = (await apiGet(sim, '/Monitor')).text;
    sim.setFaults('truncate=1');
    const r = await apiGet(sim, '/Monitor');
    expect(r.status).toBe(200);
    expect(r.json).toBeUndefined();
    expect(r.text.length).toBeLessThan(full.length);
    expect(full.startsWith(r.text)).toBe(true);
  });

  it('malformed sends an HTML page as a JSON response', async () => {
    sim.setFaults('malformed=1');
    const r = await apiGet(sim, '/Monitor');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/json/);
    expect(r.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('latency, jitter and slow delay the answer', async () => {
    sim.setFaults('latency=120,jitter=30');
    let t = performance.now();
    await apiGet(sim, '/Timezone');
    expect(performance.now() - t).toBeGreaterThanOrEqual(115);
    sim.setFaults('slow=1,slowMs=400');
    t = performance.now();
    const r = await apiGet(sim, '/Timezone');
    expect(performance.now() - t).toBeGreaterThanOrEqual(390);
    expect(r.status).toBe(200);
  });

  it('expireCursor refuses a cursor request with 400; the first page is unaffected', async () => {
    sim.setFaults('expireCursor=1');
    const first = await apiGet<AlertList>(sim, `/Alert/MonitorGroup/${group}?PresetPeriod=Last30Days&Take=3`);
    expect(first.status).toBe(200);
    const next = await apiGet<MessageList>(
      sim,
      `/Alert/MonitorGroup/${group}?Cursor=${encodeURIComponent(first.json.Cursors!.Next!)}`,
    );
    expect(next.status).toBe(400);
    expect(next.json.Messages[0]!.Message).toMatch(/expired/);
  });

  it('repeatCursor answers with a Next cursor equal to the one sent', async () => {
    const first = await apiGet<AlertList>(sim, `/Alert/MonitorGroup/${group}?PresetPeriod=Last30Days&Take=3`);
    sim.setFaults('repeatCursor=1');
    const cursor = first.json.Cursors!.Next!;
    const r = await apiGet<AlertList>(
      sim,
      `/Alert/MonitorGroup/${group}?Cursor=${encodeURIComponent(cursor)}`,
    );
    expect(r.status).toBe(200);
    expect(r.json.Cursors?.Next).toBe(cursor);
  });

  it('outage=<regex> is a permanent 500 on matching paths only', async () => {
    sim.setFaults('outage=/Monitor$');
    for (let i = 0; i < 6; i++) expect((await apiGet(sim, '/Monitor')).status).toBe(500);
    expect((await apiGet(sim, '/MonitorGroup')).status).toBe(200);
  });

  it('control routes are never faulted', async () => {
    sim.setFaults('error500=1');
    const r = await fetch(`${sim.controlUrl}/stats`);
    expect(r.status).toBe(200);
  });

  it('rejects an invalid specification', () => {
    expect(() => sim.setFaults('error500=2')).toThrow(/at most 1/);
    expect(() => sim.setFaults('bogus=1')).toThrow(/unknown key/);
    expect(() => sim.setFaults('error500=0.6,error503=0.6')).toThrow(/more than 1/);
    expect(() => sim.setFaults('outage=(')).toThrow(/regular expression/);
  });
});

describe('fault determinism', () => {
  const urls = Array.from({ length: 15 }, (_, i) => `/Timezone/${[1, 3, 56, 58, 62][i % 5]}?probe=${i}`);
  const statuses = async (s: RunningSimulator): Promise<string[]> => {
    const out: string[] = [];
    for (const u of urls)
      for (let attempt = 0; attempt < 3; attempt++)
        out.push(
          await apiGet(s, u).then(
            (r) => String(r.status),
            () => 'reset',
          ),
        );
    return out;
  };

  it('the same seed and spec replay the same faults; retries of a URL end in success', async () => {
    const spec = 'rate429=0.2,error500=0.2,error503=0.1,reset=0.1,maxPerUrl=2';
    sim.setFaults(spec);
    const a = await statuses(sim);
    sim.setFaults(spec);
    const b = await statuses(sim);
    expect(b).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(2);
    // With maxPerUrl=2 no URL is faulted more than twice...
    for (let i = 0; i < urls.length; i++)
      expect(a.slice(i * 3, i * 3 + 3).filter((x) => x !== '200').length).toBeLessThanOrEqual(2);
    // ...so a client retrying a fresh URL until it succeeds needs at most three attempts.
    for (let i = 0; i < 10; i++) {
      let attempts = 0;
      let status = '';
      while (status !== '200') {
        attempts++;
        status = await apiGet(sim, `/Sla?retry=${i}`).then(
          (r) => String(r.status),
          () => 'reset',
        );
      }
      expect(attempts).toBeLessThanOrEqual(3);
    }
    sim.setFaults(`${spec},seed=12345`);
    expect(await statuses(sim)).not.toEqual(a);
  });

  it('through the control surface as well', async () => {
    const post = await fetch(`${sim.controlUrl}/control/faults`, {
      method: 'POST',
      body: JSON.stringify({ faults: 'error503=1' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(200);
    expect((await apiGet(sim, '/Monitor')).status).toBe(503);
  });
});

describe('request counts', () => {
  it('count by route template and status, also over /_sim/stats', async () => {
    await apiGet(sim, '/Monitor');
    await apiGet(sim, '/Monitor');
    await apiGet(sim, `/Alert/MonitorGroup/${group}`);
    await apiGet(sim, '/Monitor/00000000-0000-4000-8000-000000000000');
    await apiGet(sim, '/Monitor', { auth: null });
    sim.setFaults('truncate=1');
    await apiGet(sim, '/Sla');
    const c = sim.requestCounts();
    expect(c.byRoute['GET /Monitor']).toEqual({ '200': 2, '401': 1 });
    expect(c.byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}']).toEqual({ '200': 1 });
    expect(c.byRoute['GET /Monitor/{monitorGuid}']).toEqual({ '404': 1 });
    expect(c.byRoute['GET /Sla']).toEqual({ '200 truncate': 1 });
    expect(c.total).toBe(6);
    const stats = (await (await fetch(`${sim.controlUrl}/stats`)).json()) as { requests: unknown };
    expect(stats.requests).toEqual(c);
    sim.resetCounts();
    expect(sim.requestCounts()).toEqual({ total: 0, byRoute: {} });
  });
});

describe('injected bodies streamed to a slow reader', () => {
  it('wait for the reader without leaving a listener per full buffer on the response', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    sim.inject({ match: '/v4/Monitor$', stream: { bytes: 4 * 1024 * 1024 }, times: 1 });
    try {
      const res = await fetch(`${sim.apiUrl}/Monitor`, {
        headers: { authorization: basic(sim.credentials.username, sim.credentials.password) },
      });
      // Read slowly, so that the simulator finds its buffer full again and again.
      let received = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(received).toBe('{"Data":['.length + 4 * 1024 * 1024);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
      sim.clearInjections();
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
