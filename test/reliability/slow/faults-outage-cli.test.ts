/**
 * Faults and outages through the real CLI with its default retry policy (issue 8): a spawned `sync`
 * against a simulator answering 429 with Retry-After, 500, 503, resets, cut-off and HTML bodies,
 * slow answers, expired and looping cursors leaves the same warehouse as a clean run; a permanent
 * outage ends the process with a non-zero code within the time the retry policy allows, naming the
 * route, with the watermark unchanged and the data loaded before intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { cliWarehouse, type CliWarehouse } from '../../support/reliability-concurrency.ts';
import { simulatorEnv, spawnCli, type CliRun } from '../../support/reliability-cli.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
const BACKFILL = [
  'sync',
  '--from',
  '2025-10-13',
  '--to',
  '2025-11-03',
  '--window',
  '7',
  '--concurrency',
  '4',
  '--log-format',
  'json',
];
const FAULTS =
  'latency=5,jitter=20,rate429=0.05,retryAfter=1,error500=0.05,error503=0.03,reset=0.04,truncate=0.04,malformed=0.04,slow=0.02,slowMs=1500,expireCursor=0.05,repeatCursor=0.03';
/**
 * Upper bound of one request's life under a permanent 500 with the default policy: 6 attempts and
 * full-jitter waits of at most 0.5 + 1 + 2 + 4 + 8 s (docs/http.md); the process adds start-up
 * (tsx, about 3 s) and the streams that still succeed.
 */
const RETRY_BUDGET_MS = 15_500;
const BOUND_MS = RETRY_BUDGET_MS + 25_000;

let sim: RunningSimulator;
let clean: CliWarehouse;
let faulted: CliWarehouse;
let expected: Record<string, string[]>;

const sync = (w: CliWarehouse, args: string[] = BACKFILL): Promise<CliRun> =>
  spawnCli(args, { ...w.env, ...simulatorEnv(sim) }).done;

async function alertState(w: CliWarehouse): Promise<{ watermark: string | null; alerts: string[] }> {
  const snapshot = await w.snapshot();
  const state = snapshot.etl_state!.map(
    (line) => JSON.parse(line) as { stream: string; watermark: string | null },
  );
  return { watermark: state.find((s) => s.stream === 'alerts')?.watermark ?? null, alerts: snapshot.alert! };
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 14, monitors: 12, days: 40, now: NOW });
  [clean, faulted] = await Promise.all([cliWarehouse('test'), cliWarehouse('test')]);
  const run = await sync(clean);
  expect(run.code, run.stderr.slice(-1500)).toBe(0);
  expected = await clean.snapshot();
  expect(expected.alert!.length).toBeGreaterThan(300);
}, 180_000);
afterAll(async () => {
  await sim.close();
  await clean.drop();
  await faulted.drop();
});

describe('through the CLI', () => {
  it('a mix of 429 (Retry-After), 5xx, resets, bad bodies, slow answers and cursor trouble: the same warehouse as a clean run', async () => {
    sim.resetCounts();
    sim.setFaults(FAULTS);
    let run: CliRun;
    try {
      run = await sync(faulted);
    } finally {
      sim.setFaults(undefined);
    }
    expect(run.code, run.stderr.slice(-1500)).toBe(0);
    // The faults really happened, of every transport kind.
    const statuses = Object.values(sim.requestCounts().byRoute).flatMap((byStatus) => Object.keys(byStatus));
    for (const kind of ['429', '500', '503', 'reset', '200 truncate', '200 malformed'])
      expect(statuses, kind).toContain(kind);
    expect(run.stderr).toMatch(/retrying in \d+ ms/);
    expect(await faulted.snapshot()).toEqual(expected);
  });

  it('a permanent outage of the alert route: exit 8 within the retry budget, the route named, watermark and data unchanged', async () => {
    const before = await alertState(faulted);
    expect(before.watermark).not.toBeNull();
    sim.setFaults('outage=/Alert/MonitorGroup/');
    let run: CliRun;
    try {
      // The week after the loaded range: contiguous, so a success would have moved the watermark.
      run = await sync(faulted, [
        'sync',
        '--from',
        '2025-11-03',
        '--to',
        '2025-11-10',
        '--window',
        '1',
        '--log-format',
        'json',
      ]);
    } finally {
      sim.setFaults(undefined);
    }
    expect(run.code).toBe(EXIT.partial);
    expect(run.ms).toBeLessThan(BOUND_MS);
    expect(run.stderr).toMatch(
      /error \[RUN_PARTIAL\]: Run \d+ partial: 1 stream\(s\) failed: alerts \(alerts window \[2025-11-\d\dT00:00:00, 2025-11-\d\dT00:00:00\) of all failed: api GET \/Alert\/MonitorGroup\/\{guid\} answered 500/,
    );
    const after = await alertState(faulted);
    expect(after).toEqual(before);
  });

  it('a permanent outage of the whole API: exit 4 within the retry budget, the ledger records the failure', async () => {
    const before = await faulted.snapshot();
    sim.setFaults('outage=.');
    let run: CliRun;
    try {
      run = await sync(faulted);
    } finally {
      sim.setFaults(undefined);
    }
    expect(run.code).toBe(EXIT.api);
    expect(run.ms).toBeLessThan(BOUND_MS);
    expect(run.stderr).toMatch(/error \[API_SERVER_ERROR\]: api GET \/Account answered 500/);
    expect(await faulted.snapshot()).toEqual(before);
    const last = await faulted.runs();
    expect(last.at(-1)?.status).toBe('failed');
  });
});

describe('the ledger after these runs', () => {
  it('names the run status of each', async () => {
    const statuses = (await faulted.runs()).map((r) => r.status);
    expect(statuses).toEqual(['succeeded', 'partial', 'failed']);
  });
});
