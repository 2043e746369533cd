/**
 * Scenarios 4 and 5 on one large account (they share its warehouse, which takes minutes to fill):
 * - memory: the peak RSS of the sync process during a backfill of the whole history (~1 million
 *   alerts at full size), all streams, on Postgres, in each of three runs (issue 31: a garbage
 *   collector's sizing moves the peak from run to run, so one run proves little);
 * - reports: the SLA workbook of the last full month for every monitor, and the raw-alert CSV of
 *   one month and of the whole history, each in its own process: time and peak RSS. The CSV
 *   streams, so its peak RSS should not grow with the period.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReportChildInput, ReportChildResult } from '../children/report-child.ts';
import type { CleanupStack } from '../cleanup-stack.ts';
import { datasetDays, previousMonth } from '../dataset-days.ts';
import { runChild, type ChildMeasure } from '../run-child.ts';
import { buildCompiled, cliEnv, runCli, syncedAlerts, writtenFile, type CliRun } from '../run-cli.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchWarehouse, settleWarehouse, type ScratchWarehouse } from '../scratch-warehouse.ts';
import { spawnSimulator } from '../spawn-simulator.ts';
import { addLocalDays } from '../../src/time/calendar.ts';

type ReportRun = ReportChildResult & ChildMeasure;

/** Backfills whose peak RSS is judged, each into a fresh warehouse (issue 31: each of three). */
const MEMORY_RUNS = 3;

function report(
  input: ReportChildInput,
  warehouse: ScratchWarehouse,
  cleanup: CleanupStack,
): Promise<ReportRun> {
  return runChild<ReportRun>('report-child', input, warehouse.env, cleanup);
}

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  const { monitors, days, concurrency } = sizes.large;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  // The compiled CLI, as a user runs it (and as peer and queue-workers run it): a sync child
  // running the sources through tsx held about 80 MB more (tsx's loader thread) before any work.
  buildCompiled();
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-reports-'));
  cleanup.add(`reports ${outDir}`, () => rmSync(outDir, { recursive: true, force: true }));
  const syncs: CliRun[] = [];
  let warehouse: ScratchWarehouse = await createScratchWarehouse('postgres', 'large', cleanup);
  for (let i = 0; i < MEMORY_RUNS; i++) {
    // Each run backfills a fresh warehouse; the reports read the last one.
    if (i > 0) warehouse = await createScratchWarehouse('postgres', 'large', cleanup);
    const env = { ...cliEnv(), ...sim.env(), ...warehouse.env };
    syncs.push(
      await runCli(
        ['sync', '--from', dates.first, '--to', dates.today, '--concurrency', String(concurrency)],
        {
          env,
          cwd: outDir,
        },
      ),
    );
  }
  await sim.close();
  const env = { ...cliEnv(), ...sim.env(), ...warehouse.env };
  board.note(
    'memory',
    'dataset',
    `${monitors} monitors x ${days} days (${syncedAlerts(syncs[0]!.stdout)} alerts), L = 0, C = ${concurrency}, all streams, Postgres, compiled CLI`,
  );
  board.note(
    'memory',
    `backfill wall time, ${MEMORY_RUNS} runs`,
    syncs.map((r) => `${r.seconds.toFixed(1)} s`).join(', '),
  );
  board.note(
    'memory',
    `peak RSS, ${MEMORY_RUNS} runs`,
    syncs.map((r) => `${r.megabytes.toFixed(0)} MB`).join(', '),
  );
  board.check(
    'memory',
    `peak RSS of the sync process, worst of ${MEMORY_RUNS}`,
    Math.max(...syncs.map((r) => r.megabytes)),
    { op: '<=', limit: 250, scale: true },
    'MB',
    0,
  );

  await settleWarehouse(warehouse);
  const month = previousMonth(dates.today);
  const slaDir = path.join(outDir, 'sla');
  const sla = await runCli(['report', 'sla', '--month', month, '--format', 'xlsx', '--out', slaDir], {
    env,
    cwd: outDir,
  });
  const workbook = writtenFile(sla.stdout, '.xlsx');
  board.note(
    'reports',
    'SLA workbook',
    `${month}, ${(statSync(workbook).size / 1e6).toFixed(1)} MB xlsx, compiled CLI (start-up included)`,
  );
  // Issue 31: the time is printed for information (it is absolute); the peak RSS is judged.
  board.figure('reports', 'SLA workbook time (information)', sla.seconds, 's', 1);
  board.check(
    'reports',
    'SLA workbook peak RSS',
    sla.megabytes,
    { op: '<=', limit: 250, scale: true },
    'MB',
    0,
  );

  const monthFrom = `${month}-01`;
  const monthTo = addLocalDays(`${month}-28`, 4).slice(0, 7) + '-01';
  const csvMonth = await report(
    { kind: 'alerts-csv', now: sizes.now, from: monthFrom, to: monthTo, outDir },
    warehouse,
    cleanup,
  );
  const csvAll = await report(
    { kind: 'alerts-csv', now: sizes.now, from: dates.first, to: dates.today, outDir },
    warehouse,
    cleanup,
  );
  const rate = (r: ReportRun): string =>
    `${r.items} rows, ${(r.bytes / 1e6).toFixed(0)} MB in ${(r.wallMs / 1000).toFixed(1)} s`;
  board.note('reports', `alerts CSV of ${month}`, rate(csvMonth));
  board.note('reports', `alerts CSV of ${days} days`, rate(csvAll));
  board.figure('reports', `alerts CSV peak RSS, ${month}`, csvMonth.maxRssMb, 'MB');
  board.figure('reports', `alerts CSV peak RSS, ${days} days`, csvAll.maxRssMb, 'MB');
  board.check(
    'reports',
    'alerts CSV peak RSS growth (all - month)',
    csvAll.maxRssMb - csvMonth.maxRssMb,
    { op: '<=', limit: 50, scale: true },
    'MB',
    0,
  );
}

/** The memory and report scenarios on one large account. */
export const largeAccountScenario: Scenario = { name: 'large', run };
