import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { apiGet } from './sim-http.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
let sim: RunningSimulator;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, monitors: 5, days: 10, now: NOW });
  dir = mkdtempSync(path.join(os.tmpdir(), 'sim-record-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('recording served bodies (control/record)', () => {
  it('keeps each 200 JSON body as one line, exactly as sent, and nothing else', async () => {
    const file = path.join(dir, 'bodies.txt');
    const start = await fetch(`${sim.controlUrl}/control/record`, {
      method: 'POST',
      body: JSON.stringify({ file }),
    });
    expect(await start.json()).toEqual({ recording: file, ended: null });
    const monitors = await apiGet(sim, '/Monitor');
    const groups = await apiGet(sim, '/MonitorGroup');
    await apiGet(sim, '/Monitor', { auth: null }); // 401: not recorded
    sim.setFaults('truncate=1');
    await apiGet(sim, '/Monitor'); // cut short: not recorded
    sim.setFaults(undefined);
    const stop = await fetch(`${sim.controlUrl}/control/record`, {
      method: 'POST',
      body: JSON.stringify({ file: null }),
    });
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toEqual([monitors.text, groups.text, '']);
    expect(await stop.json()).toEqual({
      recording: null,
      ended: { file, bodies: 2, bytes: Buffer.byteLength(`${monitors.text}\n${groups.text}\n`) },
    });
    await apiGet(sim, '/Monitor');
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
  });
});
