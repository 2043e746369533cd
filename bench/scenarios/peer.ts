/**
 * Scenario 7, peer: uptrends-etl against what a user could write instead (issues 12 and 31). Both
 * read the same simulated account (full: 100 monitors x 120 days) into a fresh Postgres database
 * and end with a workbook of the last full month, at each latency L of the sizes (150 ms, an API
 * across the internet, and 20 ms, where CPU counts):
 * - reference: the sequential client of bench/peer-reference.ts, in a child process, one request
 *   at a time, 7-day windows, multi-row INSERTs, a one-sheet exceljs workbook of downtime;
 * - uptrends-etl: the compiled command as a user runs it, `sync --from --to --streams
 *   timezones,monitors,monitor_groups,alerts --window 7 --concurrency 8`, then `report sla
 *   --month`, on a migrated scratch warehouse, timed from the first spawn to the last exit.
 * The sides alternate in order; the median ratio of the repetitions is judged against the target
 * of its latency: at most 0.15 at 150 ms and 0.25 at 20 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReferenceInput, ReferenceResult } from '../peer-reference.ts';
import { datasetDays, previousMonth } from '../dataset-days.ts';
import { median } from '../median.ts';
import { pairRatios, spreadText } from '../side-by-side.ts';
import { databaseName } from '../measured-sync.ts';
import { DatabaseCpu, postmasterPid } from '../process-cpu.ts';
import { runChild, type ChildMeasure } from '../run-child.ts';
import { buildCompiled, cliEnv, runCli, syncedAlerts } from '../run-cli.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchDatabase, createScratchWarehouse } from '../scratch-warehouse.ts';
import type { SimulatorProcess } from '../spawn-simulator.ts';
import { spawnSimulator } from '../spawn-simulator.ts';

const NAME = 'peer';
const STREAMS = 'timezones,monitors,monitor_groups,alerts';
/** Issue 31's target for uptrends-etl / reference wall, by latency in ms. */
const TARGETS: ReadonlyMap<number, number> = new Map([
  [150, 0.15],
  [20, 0.25],
]);

/** One side's measured run. */
interface Side {
  wallS: number;
  cpuS: number;
  postgresCpuS: number;
  requests: number;
  alerts: number;
  /** Where the wall time went, for the notes. */
  detail: string;
}

/** What both sides read and write. */
interface PeerJob {
  sim: SimulatorProcess;
  from: string;
  to: string;
  month: string;
  windowDays: number;
  concurrency: number;
  outDir: string;
  postmaster: number | undefined;
}

/**
 * Runs `work` against the database at `url` and adds the CPU of the server processes serving that
 * database meanwhile (the server is shared with other clients) and the simulator's request count.
 */
async function measured(
  job: PeerJob,
  url: string,
  work: () => Promise<Omit<Side, 'postgresCpuS' | 'requests'>>,
): Promise<Side> {
  await job.sim.resetStats();
  const cpu = job.postmaster === undefined ? undefined : new DatabaseCpu(job.postmaster, databaseName(url));
  const side = await work();
  const postgresCpuS = cpu === undefined ? NaN : cpu.stop() / 1000;
  return { ...side, postgresCpuS, requests: (await job.sim.stats()).requests.total };
}

async function reference(job: PeerJob, ctx: ScenarioContext, run: number): Promise<Side> {
  const database = await createScratchDatabase(`${NAME}_reference`, ctx.cleanup);
  const input: ReferenceInput = {
    from: job.from,
    to: job.to,
    windowDays: job.windowDays,
    month: job.month,
    outFile: path.join(job.outDir, `reference-${run}.xlsx`),
  };
  return measured(job, database.location, async () => {
    const r = await runChild<ReferenceResult & ChildMeasure>(
      'peer-reference-child',
      input,
      { ...job.sim.env(), ...database.env },
      ctx.cleanup,
    );
    return {
      wallS: r.wallMs / 1000,
      cpuS: r.cpuMs / 1000,
      alerts: r.alerts,
      detail: `${r.windows} windows, ${r.monitors} monitors in the workbook, peak RSS ${r.maxRssMb.toFixed(0)} MB`,
    };
  });
}

async function uptrendsEtl(job: PeerJob, ctx: ScenarioContext, run: number): Promise<Side> {
  const warehouse = await createScratchWarehouse('postgres', `${NAME}_etl`, ctx.cleanup);
  const env = { ...cliEnv(), ...job.sim.env(), ...warehouse.env };
  const syncArgs = ['sync', '--from', job.from, '--to', job.to, '--streams', STREAMS];
  syncArgs.push('--window', String(job.windowDays), '--concurrency', String(job.concurrency));
  const out = path.join(job.outDir, `etl-${run}`);
  return measured(job, warehouse.location, async () => {
    const sync = await runCli(syncArgs, { env, cwd: job.outDir });
    const report = await runCli(['report', 'sla', '--month', job.month, '--out', out], {
      env,
      cwd: job.outDir,
    });
    return {
      wallS: sync.seconds + report.seconds,
      cpuS: (sync.cpuMs + report.cpuMs) / 1000,
      alerts: syncedAlerts(sync.stdout),
      detail:
        `sync ${sync.seconds.toFixed(2)} s (peak RSS ${sync.megabytes.toFixed(0)} MB), ` +
        `report ${report.seconds.toFixed(2)} s (peak RSS ${report.megabytes.toFixed(0)} MB)`,
    };
  });
}

async function run(ctx: ScenarioContext): Promise<void> {
  const { sizes, cleanup } = ctx;
  const { monitors, days, latenciesMs, concurrency, windowDays } = sizes.peer;
  buildCompiled();
  // One simulator for every latency: the latency fault adds L to every answer.
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  const month = previousMonth(dates.today);
  if (`${month}-01` < dates.first)
    throw new Error(`${days} days of history do not hold the whole month ${month}: use at least 60`);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-peer-'));
  cleanup.add(`peer ${outDir}`, () => rmSync(outDir, { recursive: true, force: true }));
  const job: PeerJob = {
    sim,
    from: dates.first,
    to: dates.today,
    month,
    windowDays,
    concurrency,
    outDir,
    postmaster: await postmasterPid(),
  };
  ctx.board.note(
    NAME,
    'dataset',
    `${monitors} monitors x ${days} days, ${job.from} to ${job.to}, window ${windowDays} days, C = ${concurrency} (uptrends-etl), workbook ${month}`,
  );
  for (const latencyMs of latenciesMs) {
    await sim.setExtraLatency(latencyMs);
    await atLatency(ctx, job, latencyMs);
  }
}

/** The alternating repetitions at one latency, and their figures. */
async function atLatency(ctx: ScenarioContext, job: PeerJob, latencyMs: number): Promise<void> {
  const { sizes, board } = ctx;
  const { repeats } = sizes.peer;
  const at = `L = ${latencyMs} ms`;
  const refs: Side[] = [];
  const etls: Side[] = [];
  for (let i = 0; i < repeats; i++) {
    // Alternating order, so neither side always meets a warm or a cold cache.
    if (i % 2 === 0) {
      refs.push(await reference(job, ctx, i));
      etls.push(await uptrendsEtl(job, ctx, i));
    } else {
      etls.push(await uptrendsEtl(job, ctx, i));
      refs.push(await reference(job, ctx, i));
    }
  }
  const ratios = etls.map((e, i) => e.wallS / refs[i]!.wallS);
  const mid = ratios.indexOf(median(ratios));
  board.note(NAME, `runs, ${at}`, `median of ${repeats}, alternating order, reference first in run 1`);
  board.figure(NAME, `alerts read: reference, ${at}`, median(refs.map((s) => s.alerts)));
  board.figure(NAME, `alerts read: uptrends-etl, ${at}`, median(etls.map((s) => s.alerts)));
  board.figure(NAME, `requests: reference, ${at}`, median(refs.map((s) => s.requests)));
  board.figure(NAME, `requests: uptrends-etl, ${at}`, median(etls.map((s) => s.requests)));
  board.figure(NAME, `wall: reference, ${at}`, median(refs.map((s) => s.wallS)), 's', 2);
  board.figure(NAME, `wall: uptrends-etl (sync + report), ${at}`, median(etls.map((s) => s.wallS)), 's', 2);
  board.note(NAME, `uptrends-etl, median run, ${at}`, etls[mid]!.detail);
  board.note(NAME, `reference, median run, ${at}`, refs[mid]!.detail);
  board.figure(NAME, `CPU: reference process, ${at}`, median(refs.map((s) => s.cpuS)), 's', 2);
  board.figure(NAME, `CPU: uptrends-etl processes, ${at}`, median(etls.map((s) => s.cpuS)), 's', 2);
  board.figure(NAME, `Postgres CPU: reference, ${at}`, median(refs.map((s) => s.postgresCpuS)), 's', 2);
  board.figure(NAME, `Postgres CPU: uptrends-etl, ${at}`, median(etls.map((s) => s.postgresCpuS)), 's', 2);
  board.note(NAME, `ratio of each run (etl / ref), ${at}`, ratios.map((r) => r.toFixed(2)).join(', '));
  const target = TARGETS.get(latencyMs);
  if (target === undefined) {
    board.figure(NAME, `uptrends-etl / reference wall, ${at}`, median(ratios), '', 2);
    return;
  }
  const paired = pairRatios(
    etls.map((e) => e.wallS),
    refs.map((r) => r.wallS),
  );
  board.check(
    NAME,
    `uptrends-etl / reference wall, ${at}`,
    paired.median,
    { op: '<=', limit: target, scale: true },
    '',
    2,
    spreadText(paired),
  );
}

/** The peer scenario. */
export const peerScenario: Scenario = { name: NAME, run };
