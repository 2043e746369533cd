/**
 * Scenario 3, nightly cost vs history: one nightly run (`sync` without a range, lookback 0: the
 * new day since the watermark and today so far) on a warehouse holding a year of history, against
 * the same nightly on an empty warehouse that only had a configuration sync and was given the same
 * watermarks, so both runs read the same windows and send the same requests. The ratio of their
 * wall times shows whether the cost follows the new data or the history. The median ratio of
 * `sizes.nightly.repeats` pairs (5 in a full run, issue 12) is judged: one pair of ~7 s runs is
 * noisy.
 */
import { STREAMS } from '../../src/pipeline/streams/index.ts';
import type { Backend } from '../../src/load/connection/db.ts';
import { copyWatermarks } from '../copy-watermarks.ts';
import { datasetDays } from '../dataset-days.ts';
import { describeStreamTimes, measuredSync, type MeasuredSync } from '../measured-sync.ts';
import { perBackend } from '../per-backend.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { cloneWarehouse, createScratchWarehouse, settleWarehouse } from '../scratch-warehouse.ts';
import { ratioSpread, spreadText } from '../side-by-side.ts';
import { spawnSimulator } from '../spawn-simulator.ts';
import { addLocalDays } from '../../src/time/calendar.ts';

const NAME = 'nightly';

/** The streams that read history; a configuration sync is every other one. */
const HISTORY_STREAMS = new Set(['alerts', 'statistics', 'infra_device_uptime']);

interface NightlyPair {
  year: MeasuredSync;
  empty: MeasuredSync;
}

const ratio = (p: NightlyPair): number => p.year.run.wallMs / p.empty.run.wallMs;

function medianPair(pairs: readonly NightlyPair[]): NightlyPair {
  return [...pairs].sort((a, b) => ratio(a) - ratio(b))[Math.floor(pairs.length / 2)]!;
}

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  const { monitors, days, latencyMs, concurrency, repeats } = sizes.nightly;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  const yesterday = addLocalDays(dates.today, -1);
  const configStreams = STREAMS.map((s) => s.name).filter((name) => !HISTORY_STREAMS.has(name));
  const nightly = { lookbackDays: 0, concurrency };
  const pairs = new Map<Backend, NightlyPair>();
  const ratios = new Map<Backend, number[]>();
  for (const backend of sizes.backends) {
    await sim.setExtraLatency(0);
    const year = await createScratchWarehouse(backend, `${NAME}_year`, cleanup);
    await measuredSync(sim, year, { from: dates.first, to: yesterday, concurrency }, sizes.now, cleanup);
    const empty = await createScratchWarehouse(backend, `${NAME}_empty`, cleanup);
    await measuredSync(sim, empty, { streams: configStreams, concurrency }, sizes.now, cleanup);
    await copyWatermarks(year, empty);
    await settleWarehouse(year);
    await settleWarehouse(empty);
    await sim.setExtraLatency(latencyMs);
    const measured: NightlyPair[] = [];
    for (let i = 0; i < repeats; i++) {
      // Each repetition starts from copies of the same two warehouses, in alternating order, so
      // neither side always runs first on a warm cache.
      const yearCopy = await cloneWarehouse(year, `${NAME}_year`, cleanup);
      const emptyCopy = await cloneWarehouse(empty, `${NAME}_empty`, cleanup);
      const first = i % 2 === 0 ? emptyCopy : yearCopy;
      const second = first === emptyCopy ? yearCopy : emptyCopy;
      const a = await measuredSync(sim, first, nightly, sizes.now, cleanup);
      const b = await measuredSync(sim, second, nightly, sizes.now, cleanup);
      measured.push(first === emptyCopy ? { empty: a, year: b } : { year: a, empty: b });
    }
    ratios.set(backend, measured.map(ratio));
    pairs.set(backend, medianPair(measured));
  }
  board.note(
    NAME,
    'dataset',
    `${monitors} monitors, history ${dates.first} to ${yesterday}, nightly at ${sizes.now}, L = ${latencyMs} ms, C = ${concurrency}, lookback 0`,
  );
  board.figure(
    NAME,
    'requests on a year of history',
    perBackend(pairs, (p) => p.year.requests),
  );
  board.figure(
    NAME,
    'requests on an empty warehouse',
    perBackend(pairs, (p) => p.empty.requests),
  );
  board.figure(
    NAME,
    'alerts read',
    perBackend(pairs, (p) => p.year.run.streams.alerts?.records),
  );
  board.figure(
    NAME,
    'wall, year of history (median pair)',
    perBackend(pairs, (p) => p.year.run.wallMs / 1000),
    's',
    2,
  );
  board.figure(
    NAME,
    'wall, empty warehouse (median pair)',
    perBackend(pairs, (p) => p.empty.run.wallMs / 1000),
    's',
    2,
  );
  for (const [backend, list] of ratios) {
    board.note(NAME, `ratio of each repetition (${backend})`, list.map((r) => r.toFixed(2)).join(', '));
  }
  board.check(
    NAME,
    `median wall time ratio of ${repeats} (year / empty)`,
    perBackend(pairs, (p) => p.year.run.wallMs / p.empty.run.wallMs),
    { op: '<=', limit: 1.1, scale: true },
    '',
    2,
    spreadText(ratioSpread(ratios.get('postgres')!)),
  );
  board.figure(
    NAME,
    'Postgres CPU on a year of history (database)',
    perBackend(pairs, (p) => (p.year.databaseCpuMs ?? NaN) / 1000),
    's',
    2,
  );
  board.figure(
    NAME,
    'Postgres CPU on an empty warehouse (database)',
    perBackend(pairs, (p) => (p.empty.databaseCpuMs ?? NaN) / 1000),
    's',
    2,
  );
  board.figure(
    NAME,
    'ETL CPU on a year of history',
    perBackend(pairs, (p) => p.year.run.cpuMs / 1000),
    's',
    2,
  );
  board.figure(
    NAME,
    'ETL CPU on an empty warehouse',
    perBackend(pairs, (p) => p.empty.run.cpuMs / 1000),
    's',
    2,
  );
  for (const [backend, p] of pairs) {
    board.note(NAME, `stream times on history (${backend})`, describeStreamTimes(p.year));
    board.note(NAME, `stream times on empty (${backend})`, describeStreamTimes(p.empty));
  }
}

/** The nightly-cost scenario. */
export const nightlyCostScenario: Scenario = { name: NAME, run };
