/**
 * Issue 17, findings 3, 4 and 11 (warnings): every request is bounded. A body larger than the
 * route's limit (announced or not, finite or endless) fails the request at the limit, is not
 * downloaded again, and names route and limit; a server that drips a byte at a time cannot hold
 * an attempt past its overall deadline; many requests and retries in flight raise no Node
 * warning (each attempt listened on the one run signal, and Node warned past ten listeners).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';

let rig: ReliabilityRig;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 17, monitors: 8, days: 40, now: new Date('2025-11-12T08:00:00Z') });
  const first = await rig.sync({ from: '2025-10-20', to: '2025-11-03', windowDays: 7 });
  expect(first.exitCode, first.error?.message).toBe(0);
});
afterAll(() => rig.close());

function answers(route: string): Record<string, number> {
  return rig.sim.requestCounts().byRoute[route] ?? {};
}

it('a body larger than the limit fails at the limit, names route and limit, and is not fetched again', async () => {
  rig.sim.inject({ match: '/v4/Monitor\\?|/v4/Monitor$', stream: { bytes: 8 * 1024 * 1024 }, times: 10 });
  try {
    const before = answers('GET /Monitor')['200 injected'] ?? 0;
    const outcome = await rig.sync({ streams: ['monitors'] }, { UPTRENDS_HTTP_MAX_BODY_MB: '1' });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toMatch(
      /api GET \/Monitor: the response body is larger than the limit of 1 MiB for \/Monitor/,
    );
    expect((answers('GET /Monitor')['200 injected'] ?? 0) - before).toBe(1);
  } finally {
    rig.sim.clearInjections();
  }
});

it('an endless body is cut at the limit instead of filling memory', async () => {
  rig.sim.inject({ match: '/v4/Alert/MonitorGroup/', stream: {}, times: 10 });
  try {
    const heapBefore = process.memoryUsage().rss;
    const outcome = await rig.sync(
      { streams: ['alerts'], from: '2025-11-03', to: '2025-11-04' },
      { UPTRENDS_HTTP_MAX_BODY_MB: '2' },
    );
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toMatch(
      /larger than the limit of 2 MiB for \/Alert\/MonitorGroup\/\{guid\}/,
    );
    // Two megabytes read, not gigabytes: whatever else the process holds, it did not grow by more
    // than a generous multiple of the limit.
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 * 1024 * 1024);
  } finally {
    rig.sim.clearInjections();
  }
});

it('a server dripping one byte at a time cannot hold an attempt past its deadline', async () => {
  rig.sim.inject({ match: '/v4/Alert/MonitorGroup/', stream: { chunkBytes: 1, intervalMs: 20 }, times: 20 });
  try {
    const before = answers('GET /Alert/MonitorGroup/{monitorGroupGuid}')['200 injected'] ?? 0;
    const outcome = await rig.sync(
      { streams: ['alerts'], from: '2025-11-03', to: '2025-11-04' },
      { UPTRENDS_HTTP_DEADLINE_SECONDS: '0.3' },
    );
    expect(outcome.exitCode).toBe(EXIT.api);
    expect(outcome.error?.message).toMatch(/did not complete within 0\.3 s \(the deadline of one attempt/);
    // Every attempt was cut by the deadline and retried: the retry budget bounds the whole.
    const attempts = (answers('GET /Alert/MonitorGroup/{monitorGroupGuid}')['200 injected'] ?? 0) - before;
    expect(attempts).toBe(6);
  } finally {
    rig.sim.clearInjections();
  }
});

it('many requests and retries in flight raise no MaxListenersExceededWarning', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  rig.sim.setFaults('error500=0.3,maxPerUrl=2');
  try {
    const outcome = await rig.sync({ from: '2025-10-06', to: '2025-11-03', windowDays: 1, concurrency: 24 });
    expect(outcome.exitCode, outcome.error?.message).toBe(0);
  } finally {
    rig.sim.setFaults(undefined);
    process.off('warning', onWarning);
  }
  expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
});
