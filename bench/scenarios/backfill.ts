/**
 * Scenario 1, backfill: the whole history (all streams, Infra included) read at per-request
 * latency L and concurrency C. Figures: requests issued against the fewest requests any plan could
 * make for this dataset (bench/minimal-requests.ts, alerts counted over the whole range as issue 12
 * asks); the CPU of the ETL process and of the Postgres server against their floors measured in
 * the same run on the same data (bench/floors.ts, issue 31), backfill and floors interleaved in
 * pairs whose median ratio is judged with its spread (issue 42); and the wall time against the
 * latency bound minimal x L / C and the CPU floor. The absolute CPU per alert is printed for
 * information.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Backend } from '../../src/load/connection/db.ts';
import { datasetDays } from '../dataset-days.ts';
import type { SyncOptions } from '../../src/pipeline/sync-options.ts';
import { measureEtlFloor, measurePostgresFloor, type EtlFloor, type PostgresFloor } from '../floors.ts';
import { median } from '../median.ts';
import { cpuFloorMs, describeStreamTimes, measuredSync, type MeasuredSync } from '../measured-sync.ts';
import { minimalRequests, routeDifferences, totalRequests } from '../minimal-requests.ts';
import { perBackend } from '../per-backend.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchWarehouse, type ScratchWarehouse } from '../scratch-warehouse.ts';
import { pairRatios, spreadText } from '../side-by-side.ts';
import { spawnSimulator, type SimulatorProcess } from '../spawn-simulator.ts';

const NAME = 'backfill';

/** The judged Postgres backfills with their floors, measured pair by pair (issue 42). */
interface JudgedPairs {
  readonly syncs: readonly MeasuredSync[];
  readonly etlFloors: readonly EtlFloor[];
  readonly postgresFloors: readonly PostgresFloor[];
}

/**
 * `pairs` Postgres backfills, each into a fresh warehouse with the simulator recording what it
 * serves, and the ETL and Postgres floors, interleaved as side-by-side.ts does: backfill then
 * floors in even pairs, floors then backfill in odd ones (A B B A ...), so a slow moment of the
 * shared machine moves both sides of a pair. Floors measured before their pair's backfill use the
 * previous backfill's warehouse and bodies: the dataset is fixed, so they hold the same rows.
 */
async function judgedPairs(
  ctx: ScenarioContext,
  sim: SimulatorProcess,
  options: Partial<SyncOptions>,
  pairs: number,
): Promise<JudgedPairs> {
  const { sizes, cleanup } = ctx;
  const bodiesDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-bodies-'));
  cleanup.add(`bodies ${bodiesDir}`, () => rmSync(bodiesDir, { recursive: true, force: true }));
  const syncs: MeasuredSync[] = [];
  const etlFloors: EtlFloor[] = [];
  const postgresFloors: PostgresFloor[] = [];
  let last: { warehouse: ScratchWarehouse; bodies: string } | undefined;
  const backfill = async (pair: number): Promise<void> => {
    const warehouse = await createScratchWarehouse('postgres', NAME, cleanup);
    const bodies = path.join(bodiesDir, `bodies-${pair}.jsonl`);
    syncs.push(await measuredSync(sim, warehouse, options, sizes.now, cleanup, bodies));
    // A year's bodies are hundreds of MB: keep only the newest recording.
    if (last !== undefined) rmSync(last.bodies, { force: true });
    last = { warehouse, bodies };
  };
  const floors = async (): Promise<void> => {
    etlFloors.push(await measureEtlFloor(last!.warehouse, last!.bodies, cleanup));
    postgresFloors.push(await measurePostgresFloor(last!.warehouse, cleanup));
  };
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      await backfill(i);
      await floors();
    } else {
      await floors();
      await backfill(i);
    }
  }
  return { syncs, etlFloors, postgresFloors };
}

/** The index of the median of `values` (the upper middle one, as median.ts takes it). */
function medianIndex(values: readonly number[]): number {
  return values.indexOf(median(values));
}

async function run(ctx: ScenarioContext): Promise<void> {
  const { sizes, board, cleanup } = ctx;
  const { monitors, days, latencyMs, concurrency, pairs } = sizes.backfill;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now, latencyMs }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  const windows = dates.windows(dates.first, dates.today);
  const options = { from: dates.first, to: dates.today, concurrency, windowDays: 1 };
  if (!sizes.backends.includes('postgres')) throw new Error('the backfill scenario judges a Postgres run');
  const judged = await judgedPairs(ctx, sim, options, pairs);
  const cores = os.availableParallelism();
  const etlRatios = pairRatios(
    judged.syncs.map((m) => m.run.cpuMs),
    judged.etlFloors.map((f) => f.cpuMs),
  );
  const postgresRatios = pairRatios(
    judged.syncs.map((m) => m.databaseCpuMs ?? NaN),
    judged.postgresFloors.map((f) => f.cpuMs),
  );
  // The informational lines show the pair whose ETL ratio is the median.
  const mid = medianIndex(etlRatios.ratios);
  const runs = new Map<Backend, MeasuredSync>([['postgres', judged.syncs[mid]!]]);
  const etlFloor = judged.etlFloors[mid]!;
  const postgresFloor = judged.postgresFloors[mid]!;
  // PGlite, a second column for information: one run, no floors.
  if (sizes.backends.includes('pglite')) {
    const warehouse = await createScratchWarehouse('pglite', NAME, cleanup);
    runs.set('pglite', await measuredSync(sim, warehouse, options, sizes.now, cleanup));
  }
  const pglite = runs.get('pglite');
  const judgedRun = judged.syncs[mid]!;
  const readPlan = { statisticsDays: windows.length, infraDays: windows.length };
  // Issue 12: the fewest requests any plan could make, so the alerts of the whole range count as
  // one window. The minimal of the planned day windows is printed beside it, to tell the cost of
  // the window plan from other waste.
  const whole = [{ startLocal: windows[0]!.startLocal, endLocal: windows.at(-1)!.endLocal }];
  const minimal = await minimalRequests(sim, { ...readPlan, alertWindows: whole });
  const minimalTotal = totalRequests(minimal);
  const plannedTotal = totalRequests(await minimalRequests(sim, { ...readPlan, alertWindows: windows }));
  const idealMs = (minimalTotal * latencyMs) / concurrency;
  const alerts = runs.get('postgres')?.run.streams.alerts?.records;
  board.note(
    NAME,
    'dataset',
    `${monitors} monitors x ${days} days (${alerts ?? '?'} alerts), L = ${latencyMs} ms, C = ${concurrency}, all streams`,
  );
  board.figure(
    NAME,
    'requests issued',
    perBackend(runs, (m) => m.requests),
  );
  board.figure(NAME, 'minimal requests (ground truth, whole range)', minimalTotal);
  board.figure(NAME, 'minimal requests of the planned day windows', plannedTotal);
  board.check(
    NAME,
    'requests / minimal',
    perBackend(runs, (m) => m.requests / minimalTotal),
    { op: '<=', limit: 1.1 },
    '',
    3,
  );
  for (const [backend, m] of runs) {
    const diff = routeDifferences(m.issued, minimal);
    board.note(
      NAME,
      `requests off minimal by route (${backend})`,
      diff.length === 0 ? 'none' : diff.join('; '),
    );
  }
  board.figure(
    NAME,
    'wall time',
    perBackend(runs, (m) => m.run.wallMs / 1000),
    's',
    1,
  );
  board.figure(NAME, 'latency bound (minimal x L / C)', idealMs / 1000, 's', 1);
  // Issue 8's target on this figure is retired (issue 31): the floors below replace it.
  board.figure(
    NAME,
    'wall / latency bound (no target)',
    perBackend(runs, (m) => m.run.wallMs / idealMs),
    '',
    2,
  );
  board.figure(
    NAME,
    'CPU of the ETL process',
    perBackend(runs, (m) => m.run.cpuMs / 1000),
    's',
    1,
  );
  board.figure(
    NAME,
    'CPU of the simulator process',
    perBackend(runs, (m) => (m.simulatorCpuMs ?? NaN) / 1000),
    's',
    1,
  );
  board.figure(
    NAME,
    'CPU of the Postgres server',
    perBackend(runs, (m) => (m.postgresCpuMs ?? NaN) / 1000),
    's',
    1,
  );
  board.figure(
    NAME,
    'machine CPU busy during the run (all processes)',
    perBackend(runs, (m) => m.machineBusy * 100),
    '%',
  );
  board.figure(
    NAME,
    `CPU floor (${cores} cores)`,
    perBackend(runs, (m) => cpuFloorMs(m, cores) / 1000),
    's',
    1,
  );
  // Each backfill against its own bound: the CPU floor is the same run's CPU (measured-sync.ts).
  const boundOf = (m: MeasuredSync): number => Math.max(idealMs, cpuFloorMs(m, cores));
  const wallRatios = pairRatios(
    judged.syncs.map((m) => m.run.wallMs),
    judged.syncs.map(boundOf),
  );
  board.check(
    NAME,
    `wall / max(latency bound, CPU floor), median of ${pairs}`,
    {
      postgres: wallRatios.median,
      pglite: pglite === undefined ? undefined : pglite.run.wallMs / boundOf(pglite),
    },
    { op: '<=', limit: 1.3, scale: true },
    '',
    2,
    spreadText(wallRatios),
  );
  const perAlertUs = (ms: number | undefined, m: MeasuredSync): number => {
    const count = m.run.streams.alerts?.records ?? 0;
    return ms === undefined || count === 0 ? NaN : (ms * 1000) / count;
  };
  board.figure(
    NAME,
    'ETL process CPU per alert (information)',
    perBackend(runs, (m) => perAlertUs(m.run.cpuMs, m)),
    'µs',
    0,
  );
  board.note(
    NAME,
    'ETL floor (median pair, one process)',
    `JSON.parse of the ${etlFloor.bodies} bodies served (${(etlFloor.bodyBytes / 1e6).toFixed(0)} MB) ` +
      `${(etlFloor.parseCpuMs / 1000).toFixed(2)} s + COPY text of the ${etlFloor.rows} rows written ` +
      `${(etlFloor.encodeCpuMs / 1000).toFixed(2)} s = ${perAlertUs(etlFloor.cpuMs, judgedRun).toFixed(1)} µs per alert`,
  );
  board.check(
    NAME,
    `ETL CPU per alert / ETL floor, median of ${pairs}`,
    etlRatios.median,
    { op: '<=', limit: 2.5, scale: true },
    '',
    2,
    spreadText(etlRatios),
  );
  board.figure(
    NAME,
    'Postgres CPU per alert, whole server (info)',
    perBackend(runs, (m) => perAlertUs(m.postgresCpuMs, m)),
    'µs',
    0,
  );
  // The judged figures count the warehouse's own server processes: the server is shared.
  board.figure(
    NAME,
    'Postgres CPU per alert, the database (info)',
    perBackend(runs, (m) => perAlertUs(m.databaseCpuMs, m)),
    'µs',
    0,
  );
  board.note(
    NAME,
    'Postgres floor (median pair, raw COPY)',
    `${postgresFloor.rows} rows into ${postgresFloor.tables} tables like the warehouse's, ` +
      `CPU ${(postgresFloor.cpuMs / 1000).toFixed(2)} s (whole server ${(postgresFloor.serverCpuMs / 1000).toFixed(2)} s) ` +
      `in ${(postgresFloor.wallMs / 1000).toFixed(2)} s = ` +
      `${perAlertUs(postgresFloor.cpuMs, judgedRun).toFixed(1)} µs per alert`,
  );
  board.check(
    NAME,
    `Postgres CPU per alert / Postgres floor, median of ${pairs}`,
    postgresRatios.median,
    { op: '<=', limit: 1.5, scale: true },
    '',
    2,
    spreadText(postgresRatios),
  );
  for (const [backend, m] of runs) board.note(NAME, `stream times (${backend})`, describeStreamTimes(m));
  board.figure(
    NAME,
    'peak RSS of the ETL process',
    perBackend(runs, (m) => m.run.maxRssMb),
    'MB',
  );
}

/** The backfill scenario. */
export const backfillScenario: Scenario = { name: NAME, run };
