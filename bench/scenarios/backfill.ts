/**
 * Scenario 1, backfill: the whole history (all streams, Infra included) read at per-request
 * latency L and concurrency C. Figures: requests issued against the fewest requests any plan could
 * make for this dataset (bench/minimal-requests.ts, alerts counted over the whole range as issue 12
 * asks); the CPU of the ETL process and of the Postgres server against their floors measured in
 * the same run on the same data (bench/floors.ts, issue 31); and the wall time against the latency
 * bound minimal x L / C and the CPU floor. The absolute CPU per alert is printed for information.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Backend } from '../../src/load/connection/db.ts';
import { datasetDays } from '../dataset-days.ts';
import { measureEtlFloor, measurePostgresFloor } from '../floors.ts';
import { cpuFloorMs, describeStreamTimes, measuredSync, type MeasuredSync } from '../measured-sync.ts';
import { minimalRequests, routeDifferences, totalRequests } from '../minimal-requests.ts';
import { perBackend } from '../per-backend.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchWarehouse, type ScratchWarehouse } from '../scratch-warehouse.ts';
import { spawnSimulator } from '../spawn-simulator.ts';

const NAME = 'backfill';

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  const { monitors, days, latencyMs, concurrency } = sizes.backfill;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now, latencyMs }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  const windows = dates.windows(dates.first, dates.today);
  const runs = new Map<Backend, MeasuredSync>();
  const bodiesDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-bodies-'));
  cleanup.add(`bodies ${bodiesDir}`, () => rmSync(bodiesDir, { recursive: true, force: true }));
  const bodiesFile = path.join(bodiesDir, 'bodies.jsonl');
  let judgedWarehouse: ScratchWarehouse | undefined;
  for (const backend of sizes.backends) {
    const warehouse = await createScratchWarehouse(backend, NAME, cleanup);
    const options = { from: dates.first, to: dates.today, concurrency, windowDays: 1 };
    // The Postgres run is the judged one: the simulator records what it serves it, for the floor.
    const record = backend === 'postgres' ? bodiesFile : undefined;
    runs.set(backend, await measuredSync(sim, warehouse, options, sizes.now, cleanup, record));
    if (backend === 'postgres') judgedWarehouse = warehouse;
  }
  if (judgedWarehouse === undefined) throw new Error('the backfill scenario judges a Postgres run');
  const etlFloor = await measureEtlFloor(judgedWarehouse, bodiesFile, cleanup);
  const postgresFloor = await measurePostgresFloor(judgedWarehouse, cleanup);
  const judgedRun = runs.get('postgres')!;
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
  const cores = os.availableParallelism();
  board.figure(
    NAME,
    `CPU floor (${cores} cores)`,
    perBackend(runs, (m) => cpuFloorMs(m, cores) / 1000),
    's',
    1,
  );
  board.check(
    NAME,
    'wall / max(latency bound, CPU floor)',
    perBackend(runs, (m) => m.run.wallMs / Math.max(idealMs, cpuFloorMs(m, cores))),
    { op: '<=', limit: 1.3, scale: true },
    '',
    2,
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
    'ETL floor (same run, one process)',
    `JSON.parse of the ${etlFloor.bodies} bodies served (${(etlFloor.bodyBytes / 1e6).toFixed(0)} MB) ` +
      `${(etlFloor.parseCpuMs / 1000).toFixed(2)} s + COPY text of the ${etlFloor.rows} rows written ` +
      `${(etlFloor.encodeCpuMs / 1000).toFixed(2)} s = ${perAlertUs(etlFloor.cpuMs, judgedRun).toFixed(1)} µs per alert`,
  );
  board.check(
    NAME,
    'ETL CPU per alert / ETL floor',
    judgedRun.run.cpuMs / etlFloor.cpuMs,
    { op: '<=', limit: 2.5, scale: true },
    '',
    2,
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
    'Postgres floor (same run, raw COPY)',
    `${postgresFloor.rows} rows into ${postgresFloor.tables} tables like the warehouse's, ` +
      `CPU ${(postgresFloor.cpuMs / 1000).toFixed(2)} s (whole server ${(postgresFloor.serverCpuMs / 1000).toFixed(2)} s) ` +
      `in ${(postgresFloor.wallMs / 1000).toFixed(2)} s = ` +
      `${perAlertUs(postgresFloor.cpuMs, judgedRun).toFixed(1)} µs per alert`,
  );
  board.check(
    NAME,
    'Postgres CPU per alert / Postgres floor',
    (judgedRun.databaseCpuMs ?? NaN) / postgresFloor.cpuMs,
    { op: '<=', limit: 1.5, scale: true },
    '',
    2,
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
