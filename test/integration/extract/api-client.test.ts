// The HTTP client against the simulator (a real server on a random local port): retries for every
// fault kind, errors for what must not be retried, secrets kept out of errors and statistics.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthError, EtlError, HttpError, RateLimitError } from '../../../src/errors.ts';
import { ApiClient } from '../../../src/extract/http/api-client.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { captureLogger } from './capture-logger.ts';
import { type ApiClientOptions } from '../../../src/extract/http/client-settings.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;
const clients: ApiClient[] = [];

/** A client on the simulator with fast retries; sleeps are recorded and skipped unless `realSleep`. */
function client(extra: Partial<ApiClientOptions> = {}): { api: ApiClient; sleeps: number[] } {
  const sleeps: number[] = [];
  const api = new ApiClient({
    name: 'api',
    baseUrl: sim.apiUrl,
    username: sim.credentials.username,
    password: sim.credentials.password,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    random: () => 0.5,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...extra,
  });
  clients.push(api);
  return { api, sleeps };
}

function leavesAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leavesAsText);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leavesAsText(v)]));
  return String(value);
}

/** Every way an error could show a secret. */
function printed(error: unknown): string {
  const e = error as Error;
  return [
    JSON.stringify(error),
    e.message,
    String(e.cause),
    e.stack ?? '',
    JSON.stringify((error as EtlError).context),
  ].join('\n');
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, monitors: 20, days: 30, now: NOW });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.setFaults(undefined);
  sim.resetCounts();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe('ApiClient: normal answers', () => {
  it('GETs JSON with Basic auth and counts requests and bytes', async () => {
    const { api } = client();
    const res = await api.get<{ MonitorGuid: string }[]>('/Monitor');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(sim.truth.counts().monitors);
    expect(res.url).toBe(`${sim.apiUrl}/Monitor`);
    const stats = api.stats();
    expect(stats.requests).toBe(1);
    expect(stats.bytesReceived).toBe(res.bytes);
    expect(res.bytes).toBe(Buffer.byteLength(JSON.stringify(res.body)));
    expect(stats.bytesSent).toBeGreaterThan(100);
    expect(stats.byRoute).toEqual({ '/Monitor': { requests: 1, retries: 0, failures: 0 } });
  });

  it('groups statistics by route template', async () => {
    const { api } = client();
    const monitors = (await api.get<{ MonitorGuid: string }[]>('/Monitor')).body;
    for (const m of monitors.slice(0, 3)) await api.get(`/Monitor/${m.MonitorGuid}/MaintenancePeriod`);
    expect(api.stats().byRoute['/Monitor/{guid}/MaintenancePeriod']).toEqual({
      requests: 3,
      retries: 0,
      failures: 0,
    });
  });

  it('parses Infra XML into the JSON answer, leaf text aside', async () => {
    const infra = client({
      name: 'infra',
      baseUrl: sim.infraUrl,
      username: sim.credentials.infraUsername,
      password: sim.credentials.infraPassword,
    }).api;
    const query = { Take: 50, GroupFilter: 'All' };
    const json = await infra.get('/v1/DeviceGroupData', query);
    const xml = await infra.get('/v1/DeviceGroupData', query, {
      accept: 'xml',
      xmlArrays: ['Devices', 'DataFeeds'],
    });
    expect((json.body as { Devices: unknown[] }).Devices.length).toBeGreaterThan(1);
    // XML cannot say whether "42.74" was a number or text; the record schemas accept both, so the
    // shapes must match exactly and the leaves as text.
    expect(leavesAsText(xml.body)).toEqual(leavesAsText(json.body));
    const device = (xml.body as { Devices: { Id: unknown; Name: unknown; DataFeeds: unknown[] }[] })
      .Devices[0]!;
    expect(typeof device.Id).toBe('number');
    expect(typeof device.Name).toBe('string');
    expect(Array.isArray(device.DataFeeds)).toBe(true);
  });

  it('keeps one-element lists as arrays in XML', async () => {
    const infra = client({
      name: 'infra',
      baseUrl: sim.infraUrl,
      username: sim.credentials.infraUsername,
      password: sim.credentials.infraPassword,
    }).api;
    const xml = await infra.get<{ Devices: unknown[] }>(
      '/v1/DeviceGroupData',
      { Take: 1 },
      { accept: 'xml', xmlArrays: ['Devices', 'DataFeeds'] },
    );
    expect(Array.isArray(xml.body.Devices)).toBe(true);
    expect(xml.body.Devices).toHaveLength(1);
  });
});

describe('ApiClient: retried faults give the same answer', () => {
  it('429: waits what Retry-After says (seconds), then succeeds', async () => {
    const expected = (await client().api.get('/Monitor')).body;
    sim.resetCounts();
    sim.setFaults('rate429=1,retryAfter=7,maxPerUrl=2');
    const { api, sleeps } = client();
    const res = await api.get('/Monitor');
    expect(res.body).toEqual(expected);
    // Backoff alone would be 5 and 10 ms with random 0.5; the service asked for 7 s.
    expect(sleeps).toEqual([7000, 7000]);
    expect(sim.requestCounts().byRoute['GET /Monitor']).toEqual({ '429': 2, '200': 1 });
    expect(api.stats()).toMatchObject({ requests: 3, retries: 2 });
  });

  it('429: caps a long Retry-After at maxRetryAfterMs', async () => {
    sim.setFaults('rate429=1,retryAfter=3600,maxPerUrl=1');
    const { api, sleeps } = client({ retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 2000 } });
    await api.get('/Monitor');
    expect(sleeps).toEqual([2000]);
  });

  it.each([
    ['error500', '500'],
    ['error503', '503'],
    ['reset', 'reset'],
    ['truncate', '200 truncate'],
    ['malformed', '200 malformed'],
  ])('%s is retried and the result is identical', async (kind, counted) => {
    const expected = (await client().api.get('/MonitorGroup')).body;
    sim.resetCounts();
    sim.setFaults(`${kind}=1,maxPerUrl=2`);
    const logger = captureLogger();
    const { api, sleeps } = client({ logger: logger.logger });
    const res = await api.get('/MonitorGroup');
    expect(res.body).toEqual(expected);
    expect(sim.requestCounts().byRoute['GET /MonitorGroup']).toEqual({ [counted]: 2, '200': 1 });
    // Full jitter with random 0.5: half of 10 ms, then half of 20 ms.
    expect(sleeps).toEqual([5, 10]);
    expect(logger.lines.filter((l) => l.level === 40)).toHaveLength(2);
    expect(logger.lines[0]).toMatchObject({ api: 'api', route: '/MonitorGroup', attempt: 1, delayMs: 5 });
  });

  it('a response slower than the headers timeout is retried as API_TIMEOUT', async () => {
    sim.setFaults('slow=1,slowMs=1500,maxPerUrl=1');
    const logger = captureLogger();
    const { api } = client({ timeouts: { headersMs: 200 }, logger: logger.logger });
    const started = performance.now();
    const res = await api.get<unknown[]>('/Operator');
    expect(res.body.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1400);
    expect(logger.lines[0]).toMatchObject({ code: 'API_TIMEOUT', route: '/Operator', attempt: 1 });
  });
});

describe('ApiClient: errors', () => {
  it('a permanent outage fails after maxAttempts with the route named', async () => {
    sim.setFaults('outage=/Monitor$');
    const { api, sleeps } = client({ retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 } });
    const error = await api.get('/Monitor', {}, { context: { stream: 'monitors' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const e = error as HttpError;
    expect(e.code).toBe('API_SERVER_ERROR');
    expect(e.status).toBe(500);
    expect(e.message).toBe('api GET /Monitor answered 500: An error has occurred.');
    expect(e.context).toMatchObject({
      api: 'api',
      route: '/Monitor',
      method: 'GET',
      status: 500,
      attempts: 3,
      stream: 'monitors',
    });
    expect(sim.requestCounts().byRoute['GET /Monitor']).toEqual({ '500': 3 });
    expect(sleeps).toHaveLength(2);
    expect(api.stats().byRoute['/Monitor']).toEqual({ requests: 3, retries: 2, failures: 1 });
  });

  it('429 on every attempt ends with a RateLimitError, never an empty result', async () => {
    sim.setFaults('rate429=1,retryAfter=1,maxPerUrl=100');
    const { api } = client({ retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 50 } });
    const error = await api.get('/Monitor').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).context.attempts).toBe(4);
  });

  it('wrong credentials: AuthError at once, one request, no secret anywhere', async () => {
    const password = 'Wr0ng-Pa55word-that-must-not-leak';
    const { api, sleeps } = client({ password });
    const error = await api.get('/Monitor').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    expect((error as AuthError).message).toMatch(
      /^api GET \/Monitor answered 401: Authorization has been denied/,
    );
    expect(sim.requestCounts().byRoute['GET /Monitor']).toEqual({ '401': 1 });
    expect(sleeps).toEqual([]);
    const token = Buffer.from(`${sim.credentials.username}:${password}`).toString('base64');
    for (const secret of [password, token]) {
      expect(printed(error)).not.toContain(secret);
      expect(JSON.stringify(api.stats())).not.toContain(secret);
    }
  });

  it('no secret in errors of any kind (timeout, format, server error)', async () => {
    const { password } = sim.credentials;
    const token = Buffer.from(`${sim.credentials.username}:${password}`).toString('base64');
    const errors: unknown[] = [];
    for (const faults of [
      'slow=1,slowMs=1000,maxPerUrl=5',
      'malformed=1,maxPerUrl=5',
      'truncate=1,maxPerUrl=5',
      'error503=1,maxPerUrl=5',
      'reset=1,maxPerUrl=5',
    ]) {
      sim.setFaults(faults);
      const { api } = client({ retry: { maxAttempts: 1 }, timeouts: { headersMs: 100 } });
      errors.push(await api.get('/Monitor').catch((e: unknown) => e));
    }
    expect(errors.map((e) => (e as EtlError).code)).toEqual([
      'API_TIMEOUT',
      'API_BAD_RESPONSE',
      'API_BAD_RESPONSE',
      'API_SERVER_ERROR',
      'API_UNREACHABLE',
    ]);
    for (const error of errors) {
      expect(printed(error)).not.toContain(password);
      expect(printed(error)).not.toContain(token);
      expect((error as EtlError).context).toMatchObject({ api: 'api', route: '/Monitor', attempts: 1 });
    }
    expect((errors[1] as Error).message).toContain('<!DOCTYPE html>');
  });

  it('404 keeps the message of the MessageList body', async () => {
    const { api } = client();
    const error = (await api
      .get('/Monitor/00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('API_NOT_FOUND');
    expect(error.retriable).toBe(false);
    expect(error.message).toBe('api GET /Monitor/{guid} answered 404: The specified monitor does not exist.');
    expect(sim.requestCounts().byRoute['GET /Monitor/{monitorGuid}']).toEqual({ '404': 1 });
  });

  it('404 keeps the message of the bare MessageInfo body (statistics)', async () => {
    const { api } = client();
    const error = (await api
      .get('/Statistics/Monitor/00000000-0000-4000-8000-000000000000', { PresetPeriod: 'PreviousDay' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('API_NOT_FOUND');
    expect(error.message).toBe(
      'api GET /Statistics/Monitor/{guid} answered 404: The monitor could not be found.',
    );
  });

  it('400 fails at once with the service message', async () => {
    const { api, sleeps } = client();
    const groups = (await api.get<{ MonitorGroupGuid: string }[]>('/MonitorGroup')).body;
    const error = (await api
      .get(`/Alert/MonitorGroup/${groups[0]!.MonitorGroupGuid}`, { Take: 101 })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('API_BAD_REQUEST');
    expect(error.message).toContain('Take must be a number between 1 and 100.');
    expect(sleeps).toEqual([]);
  });

  it('a refused connection is API_UNREACHABLE after every attempt', async () => {
    const { api } = client({
      baseUrl: 'http://127.0.0.1:1/v4',
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const error = (await api.get('/Monitor').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.context.attempts).toBe(2);
    expect(api.stats().requests).toBe(2);
  });

  it('rejects credentials in the base URL', () => {
    expect(() => client({ baseUrl: 'http://user:secret@127.0.0.1/v4' })).toThrow(/not in the base URL/);
  });
});

describe('ApiClient: concurrency, budget, abort', () => {
  it('a retry wait does not hold the concurrency slot', async () => {
    sim.setFaults('rate429=1,retryAfter=0,maxPerUrl=1,scope=/Monitor$');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = client({ concurrency: 1, sleep: () => gate });
    const order: string[] = [];
    const a = api.get('/Monitor').then(() => order.push('monitor'));
    // Give the first request time to fail and start waiting.
    await new Promise((r) => setTimeout(r, 100));
    // If the wait held the only slot, this request could not run until the gate opens.
    const group = api.get('/MonitorGroup').then(() => order.push('group'));
    const deadline = new Promise((r) => setTimeout(r, 2000));
    await Promise.race([group, deadline]);
    const beforeRelease = [...order];
    release();
    await group;
    await a;
    expect(beforeRelease).toEqual(['group']);
    expect(order).toEqual(['group', 'monitor']);
  });

  it('runs at most `concurrency` requests at once', async () => {
    sim.setFaults('latency=150');
    const { api } = client({ concurrency: 2 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => api.get('/Timezone')));
    // Six requests of 150 ms two at a time take three rounds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(440);
  });

  it('spaces requests by maxRps', async () => {
    const { api } = client({ maxRps: 20, concurrency: 4, sleep: undefined });
    const started = performance.now();
    await Promise.all(Array.from({ length: 11 }, () => api.get('/Timezone')));
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('an abort cuts a Retry-After wait short with the signal reason', async () => {
    sim.setFaults('rate429=1,retryAfter=60,maxPerUrl=5');
    const controller = new AbortController();
    const { api } = client({ signal: controller.signal, sleep: undefined });
    const started = performance.now();
    const pending = api.get('/Monitor').catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error('Interrupted by SIGINT')), 100);
    const error = (await pending) as Error;
    expect(error.message).toBe('Interrupted by SIGINT');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
