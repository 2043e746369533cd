/**
 * Scenario 2, load throughput: the alert rows of a backfill, loaded again into a fresh migrated
 * warehouse by the pipeline's load path (mergeRows into uptrends.alert, one call and one
 * transaction per day window, as the alerts stream does, serially on one connection), against a raw
 * COPY of the same rows into an identical table. Both are timed around the database work only.
 */
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { type Backend, openWarehouse, type Warehouse } from '../../src/load/connection/db.ts';
import { mergeRows } from '../../src/load/write/merge-rows.ts';
import type { TableRow } from '../../src/load/schema.ts';

type Row = TableRow<'alert'>;
import { TYPE_PARSERS } from '../../src/load/connection/type-parsers.ts';
import { alertRowSource } from '../alert-row-source.ts';
import { copyAlertRows, type CopyTarget } from '../copy-alert-rows.ts';
import { datasetDays } from '../dataset-days.ts';
import { measuredSync } from '../measured-sync.ts';
import { perBackend } from '../per-backend.ts';
import { pairRatios, spreadText } from '../side-by-side.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { adminQuery, createScratchWarehouse, type ScratchWarehouse } from '../scratch-warehouse.ts';
import { spawnSimulator } from '../spawn-simulator.ts';

const NAME = 'load';

interface LoadTimes {
  mergeMs: number;
  copyMs: number;
  /** CPU of this process during the merges: building statements and parameters. */
  mergeCpuMs: number;
}

async function mergeBatches(
  warehouse: Warehouse,
  batches: readonly Row[][],
): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const batch of batches) {
    await warehouse.db
      .transaction()
      .execute((trx) =>
        mergeRows(trx, { table: 'alert', key: ['alert_id'], insertOnly: ['loaded_at'] }, batch),
      );
  }
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function measure(
  target: ScratchWarehouse,
  batches: readonly Row[][],
  csvFile: string,
  mergeFirst: boolean,
): Promise<LoadTimes> {
  // PGlite: one instance serves both loads (the COPY needs the instance, the merge a Kysely).
  const pglite =
    target.backend === 'pglite'
      ? await PGlite.create(target.location, { parsers: { ...TYPE_PARSERS } })
      : undefined;
  const copyTarget: CopyTarget = pglite !== undefined ? { pglite } : { url: target.env.DATABASE_URL! };
  const settle = async (): Promise<void> => {
    if (target.backend === 'postgres') await adminQuery('checkpoint');
  };
  try {
    const copy = async (): Promise<number> => {
      await settle();
      return copyAlertRows(copyTarget, csvFile);
    };
    const merge = async (): Promise<{ ms: number; cpuMs: number }> => {
      await settle();
      const warehouse = pglite !== undefined ? await openWarehouse({ pglite }) : await target.open();
      try {
        return await mergeBatches(warehouse, batches);
      } finally {
        await warehouse.close();
      }
    };
    // Side by side (issue 42): the pairs alternate which of the two loads goes first.
    const merged = mergeFirst ? await merge() : undefined;
    const copyMs = await copy();
    const { ms, cpuMs } = merged ?? (await merge());
    return { mergeMs: ms, copyMs, mergeCpuMs: cpuMs };
  } finally {
    await pglite?.close();
  }
}

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  const { monitors, days } = sizes.load;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  const source = await createScratchWarehouse('postgres', `${NAME}_source`, cleanup);
  const options = {
    from: dates.first,
    to: dates.today,
    concurrency: 8,
    streams: ['monitor_groups', 'alerts'],
  };
  await measuredSync(sim, source, options, sizes.now, cleanup);
  await sim.close();
  const rows = await alertRowSource(source, sim.info.timeZone, cleanup);
  // Each pair loads into a fresh warehouse; the pair ratios' median is judged, with their spread.
  const pairs = new Map<Backend, LoadTimes[]>();
  for (const backend of sizes.backends) {
    const measured: LoadTimes[] = [];
    for (let i = 0; i < sizes.load.pairs; i++) {
      const target = await createScratchWarehouse(backend, NAME, cleanup);
      measured.push(await measure(target, rows.batches, rows.csvFile, i % 2 === 1));
    }
    pairs.set(backend, measured);
  }
  const ratios = new Map(
    [...pairs].map(([backend, list]) => [
      backend,
      pairRatios(
        list.map((t) => t.copyMs),
        list.map((t) => t.mergeMs),
      ),
    ]),
  );
  // The figures of the median pair, so the rates printed are those of the ratio judged.
  const results = new Map(
    [...pairs].map(([backend, list]) => {
      const r = ratios.get(backend)!;
      return [backend, list[r.ratios.indexOf(r.median)]!];
    }),
  );
  board.note(
    NAME,
    'dataset',
    `${rows.rows} alert rows of ${monitors} monitors x ${days} days, in ${rows.batches.length} day batches`,
  );
  const mergeRate = perBackend(results, (r) => rows.rows / (r.mergeMs / 1000));
  const copyRate = perBackend(results, (r) => rows.rows / (r.copyMs / 1000));
  board.figure(NAME, 'pipeline load (mergeRows per window)', mergeRate, 'rows/s');
  board.figure(NAME, 'raw COPY into an identical table', copyRate, 'rows/s');
  board.check(
    NAME,
    `pipeline rows/s / COPY rows/s, median of ${sizes.load.pairs}`,
    perBackend(ratios, (r) => r.median),
    { op: '>=', limit: 0.7, scale: true },
    '',
    2,
    spreadText(ratios.get('postgres')!),
  );
  board.figure(
    NAME,
    'CPU of the loading process in mergeRows',
    perBackend(results, (r) => r.mergeCpuMs / 1000),
    's',
    1,
  );
}

/** The load-throughput scenario. */
export const loadThroughputScenario: Scenario = { name: NAME, run };
