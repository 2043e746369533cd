// Alert windows read through the real client from the simulator, compared with its ground truth,
// with and without faults.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError, StreamError } from '../../../src/errors.ts';
import { ApiClient } from '../../../src/extract/http/api-client.ts';
import type { FetchCursorPage } from '../../../src/extract/paginate-cursor.ts';
import { cursorPageFetcher } from '../../../src/extract/window-readers.ts';
import { buildRequest } from '../../../src/pipeline/engine/window-request.ts';
import { ALERT_REQUEST, type AlertSource } from '../../../src/pipeline/streams/alerts.ts';
import { readWholeWindow } from '../../support/cursor-window.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localToUtc } from '../../../src/time/zone-clock.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
// Ten account-local days: several hundred alerts, so several pages of 100.
const START = '2025-11-01T00:00:00';
const END = '2025-11-11T00:00:00';
let sim: RunningSimulator;
let allGroup: string;
const clients: ApiClient[] = [];

function api(): ApiClient {
  const c = new ApiClient({
    name: 'api',
    baseUrl: sim.apiUrl,
    username: sim.credentials.username,
    password: sim.credentials.password,
    retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 5 },
  });
  clients.push(c);
  return c;
}

const idOf = (r: unknown): string => (r as { Id: string }).Id;

const ALERTS = { name: 'alerts', route: '/Alert/MonitorGroup/{guid}', request: ALERT_REQUEST };

/** The pages of one alert window as the alerts stream requests them (with another Take, if given). */
function alertWindow(
  client: ApiClient,
  source: AlertSource,
  span = { start: START, end: END },
  take?: number,
): FetchCursorPage<unknown> {
  const request = buildRequest(ALERTS, source, span);
  return cursorPageFetcher(
    client,
    take === undefined ? request : { ...request, query: { ...request.query, Take: take } },
  );
}

function truthIds(start: string, end: string, monitorGuids?: string[]): string[] {
  return sim.truth
    .alerts({
      start: localToUtc(start, sim.timeZone),
      end: localToUtc(end, sim.timeZone),
      includeReminders: true,
      monitorGuids,
    })
    .map((a) => a.Id as string);
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, monitors: 20, days: 30, now: NOW });
  const groups = (await api().get<{ MonitorGroupGuid: string; IsAll: boolean }[]>('/MonitorGroup')).body;
  allGroup = groups.find((g) => g.IsAll)!.MonitorGroupGuid;
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.setFaults(undefined);
  sim.resetCounts();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe('alert windows from the simulator', () => {
  it('pages a window to its end: exactly the ground truth, in ascending order', async () => {
    const expected = truthIds(START, END);
    expect(expected.length).toBeGreaterThan(300);
    const w = await readWholeWindow(alertWindow(api(), { id: 'all', groupGuid: allGroup }), {});
    expect(w.records.map(idOf)).toEqual(expected);
    expect(w.pages).toBe(Math.ceil(expected.length / 100));
    expect(sim.requestCounts().byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}']).toEqual({
      '200': w.pages,
    });
  });

  it('reads one monitor with a small Take', async () => {
    const monitor = (sim.truth.alerts({ includeReminders: true })[0]!.Attributes as { MonitorGuid: string })
      .MonitorGuid;
    const expected = truthIds(START, END, [monitor]);
    const w = await readWholeWindow(
      alertWindow(api(), { id: `monitor:${monitor}`, monitorGuid: monitor }, undefined, 7),
      {},
    );
    expect(w.records.map(idOf)).toEqual(expected);
    expect(w.pages).toBe(Math.max(1, Math.ceil(expected.length / 7)));
  });

  it('gives the identical result under 429, 5xx, resets, truncated and malformed bodies', async () => {
    sim.setFaults('rate429=0.1,retryAfter=0,error500=0.1,error503=0.1,reset=0.1,truncate=0.1,malformed=0.1');
    const client = api();
    const w = await readWholeWindow(alertWindow(client, { id: 'all', groupGuid: allGroup }), {});
    expect(w.records.map(idOf)).toEqual(truthIds(START, END));
    const counts = sim.requestCounts().byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}']!;
    // Faults did happen, and every one of them cost exactly one retry.
    const faulted = Object.entries(counts)
      .filter(([k]) => k !== '200')
      .reduce((n, [, v]) => n + v, 0);
    expect(faulted).toBeGreaterThan(0);
    expect(client.stats().retries).toBe(faulted);
  });

  it('restarts a window whose cursor expired and still reads exactly the ground truth', async () => {
    // Every cursor expires on its first use and works on its second: each page after the first
    // forces one restart.
    sim.setFaults('expireCursor=1,maxPerUrl=1');
    const expected = truthIds(START, END);
    const pagesPerPass = Math.ceil(expected.length / 100);
    const w = await readWholeWindow(alertWindow(api(), { id: 'all', groupGuid: allGroup }), {
      maxRestarts: 20,
    });
    expect(w.records.map(idOf)).toEqual(expected);
    expect(w.restarts).toBe(pagesPerPass - 1);
  });

  it('fails with a StreamError naming the window when the cursor keeps expiring', async () => {
    sim.setFaults('expireCursor=1,maxPerUrl=100');
    const error = await readWholeWindow(alertWindow(api(), { id: 'all', groupGuid: allGroup }), {
      maxRestarts: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).context).toMatchObject({
      stream: 'alerts',
      partition: 'all',
      window: `[${START}, ${END})`,
      reason: 'cursor-invalid',
      restarts: 2,
    });
    expect(((error as StreamError).cause as HttpError).message).toContain('The cursor has expired.');
  });

  it('detects a repeating cursor as a loop and fails loudly with the window named', async () => {
    sim.setFaults('repeatCursor=1,maxPerUrl=100');
    const error = await readWholeWindow(alertWindow(api(), { id: 'all', groupGuid: allGroup }), {}).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toMatch(
      new RegExp(
        `^Cursor loop in window alerts all \\[${START}, ${END}\\): page 2 returned the cursor already returned by page 1$`,
      ),
    );
    expect((error as StreamError).context.reason).toBe('cursor-loop');
  });

  it('stops at the page cap rather than ending a window early', async () => {
    const error = await readWholeWindow(alertWindow(api(), { id: 'all', groupGuid: allGroup }), {
      maxPages: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).context.reason).toBe('page-cap');
  });

  it('ends an ascending feed over a window still open at the service clock', async () => {
    await sim.close();
    sim = await startSimulator({ seed: 11, monitors: 20, days: 30, now: NOW, ascendingFeedCursors: true });
    const start = '2025-11-19T00:00:00';
    const end = '2025-11-22T00:00:00';
    const w = await readWholeWindow(
      alertWindow(api(), { id: 'all', groupGuid: allGroup }, { start, end }),
      {},
    );
    expect(w.records.map(idOf)).toEqual(truthIds(start, end));
    expect(w.records.length).toBeGreaterThan(0);
    // The last page is the empty one whose Next repeats its own cursor: "nothing more yet".
    expect(w.pages).toBe(Math.ceil(w.records.length / 100) + 1);
  });

  it('URL-encodes cursors (base64 with + / =)', async () => {
    const client = api();
    const first = await client.get<{ Cursors: { Next: string } }>(`/Alert/MonitorGroup/${allGroup}`, {
      IncludeReminders: true,
      Sorting: 'Ascending',
      Start: START,
      End: END,
    });
    const cursor = first.body.Cursors.Next;
    expect(cursor).toMatch(/[+/=]/);
    const second = await client.get(`/Alert/MonitorGroup/${allGroup}`, { Cursor: cursor });
    expect(second.url).toContain(`Cursor=${encodeURIComponent(cursor)}`);
  });

  it("builds the alerts stream's request from its declaration: a group's route or a chosen monitor's", () => {
    const span = { start: START, end: END };
    const group = buildRequest(ALERTS, { id: 'all', groupGuid: allGroup }, span);
    expect(group).toEqual({
      route: '/Alert/MonitorGroup/{guid}',
      path: `/Alert/MonitorGroup/${allGroup}`,
      query: { IncludeReminders: true, Sorting: 'Ascending', Take: 100, Start: START, End: END },
      context: { stream: 'alerts', partition: 'all', window: `[${START}, ${END})` },
    });
    const monitor = buildRequest(ALERTS, { id: 'monitor:m', monitorGuid: 'a/b' }, span);
    expect(monitor.route).toBe('/Alert/Monitor/{guid}');
    expect(monitor.path).toBe('/Alert/Monitor/a%2Fb');
    expect(monitor.query).toEqual(group.query);
  });
});
