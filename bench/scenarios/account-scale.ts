/**
 * Scenario 9, `scale` (issue 42): the reports of an account ten times larger. One account of the
 * large kind (full: 1,000 monitors, 52 days, so the last full month and the running one are both
 * in the history) is synced by the compiled command; a copy of it then gets every monitor nine
 * more times by COPY (bench/clone-monitors.ts: 10,000 monitors in a minute or two, where a sync of
 * them takes minutes). The same reports run on both, interleaved (side-by-side.ts: small, large,
 * large, small, ...), each by the compiled command as a user runs it, start-up included:
 *
 * - `report sla` (the workbook), `report incidents` (workbook and CSVs) of the last full month,
 *   `report at-risk` (workbook and PDF, as of the end of the data read), and `report send` of the
 *   last full month (both reports as workbooks and PDFs, e-mailed to an SMTP sink: what a
 *   subscription's mail costs).
 *
 * Judged per report, on the median of the pair ratios with their spread: the time at 10,000
 * within 12 times the time at 1,000, and the peak RSS within 1.5 times (linear in the account,
 * flat in memory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneMonitors } from '../clone-monitors.ts';
import { datasetDays, previousMonth } from '../dataset-days.ts';
import { buildCompiled, cliEnv, runCli, syncedAlerts, type CliRun } from '../run-cli.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { cloneWarehouse, createScratchWarehouse, settleWarehouse } from '../scratch-warehouse.ts';
import { startMailSink } from '../mail-sink.ts';
import { interleaved, pairRatios, spreadText } from '../side-by-side.ts';
import { spawnSimulator } from '../spawn-simulator.ts';

const NAME = 'scale';

/** Targets of issue 42: at ten times the monitors. */
const TIME_RATIO = 12;
const RSS_RATIO = 1.5;

async function run({ sizes, board, cleanup }: ScenarioContext): Promise<void> {
  const { monitors, days, factor, pairs } = sizes.scale;
  const sim = await spawnSimulator({ seed: sizes.seed, monitors, days, now: sizes.now }, cleanup);
  const dates = datasetDays(sizes.now, days, sim.info.timeZone);
  buildCompiled();
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-scale-'));
  cleanup.add(`reports ${outDir}`, () => rmSync(outDir, { recursive: true, force: true }));
  const small = await createScratchWarehouse('postgres', `${NAME}_small`, cleanup);
  const sync = await runCli(['sync', '--from', dates.first, '--to', dates.today, '--concurrency', '8'], {
    env: { ...cliEnv(), ...sim.env(), ...small.env },
    cwd: outDir,
  });
  await sim.close();
  await settleWarehouse(small);
  const large = await cloneWarehouse(small, `${NAME}_large`, cleanup);
  const cloned = await cloneMonitors(large.location, factor, cleanup);
  await settleWarehouse(large);
  board.note(
    NAME,
    'dataset',
    `${monitors} monitors x ${days} days (${syncedAlerts(sync.stdout)} alerts, synced in ${sync.seconds.toFixed(0)} s) ` +
      `and ${cloned.monitors} monitors (${cloned.alerts} alerts, copied by COPY in ${cloned.seconds.toFixed(0)} s), Postgres, compiled CLI`,
  );

  const month = previousMonth(dates.today);
  const sink = await startMailSink(cleanup);
  const reports: readonly { label: string; args: readonly string[]; mails?: boolean }[] = [
    { label: 'report sla', args: ['report', 'sla', '--month', month, '--format', 'xlsx'] },
    { label: 'report incidents', args: ['report', 'incidents', '--month', month] },
    { label: 'report at-risk', args: ['report', 'at-risk'] },
    {
      label: 'report send (mail)',
      args: ['report', 'send', '--month', month, '--format', 'xlsx,pdf'],
      mails: true,
    },
  ];
  for (const { label, args, mails } of reports) {
    const runOn = (env: Record<string, string>, side: string) => async (pair: number) => {
      const before = sink.received().mails;
      const run = await runCli([...args, '--out', path.join(outDir, `${side}-${pair}`)], {
        env: { ...cliEnv(), ...env, ...(mails === true ? sink.env : {}) },
        cwd: outDir,
      });
      if (mails === true && sink.received().mails !== before + 1)
        throw new Error(`${label} on ${side}: no mail reached the SMTP sink`);
      return run;
    };
    const measured = await interleaved<CliRun>(pairs, runOn(small.env, 'small'), runOn(large.env, 'large'));
    const list = (runs: readonly CliRun[], pick: (r: CliRun) => string): string => runs.map(pick).join(', ');
    board.note(
      NAME,
      `${label}: wall, ${monitors} | ${cloned.monitors}`,
      `${list(measured.floor, (r) => `${r.seconds.toFixed(1)} s`)} | ${list(measured.workload, (r) => `${r.seconds.toFixed(1)} s`)}`,
    );
    board.note(
      NAME,
      `${label}: peak RSS, ${monitors} | ${cloned.monitors}`,
      `${list(measured.floor, (r) => `${r.megabytes.toFixed(0)} MB`)} | ${list(measured.workload, (r) => `${r.megabytes.toFixed(0)} MB`)}`,
    );
    board.note(
      NAME,
      `${label}: CPU, ${monitors} | ${cloned.monitors}`,
      `${list(measured.floor, (r) => `${(r.cpuMs / 1000).toFixed(1)} s`)} | ${list(measured.workload, (r) => `${(r.cpuMs / 1000).toFixed(1)} s`)}`,
    );
    const time = pairRatios(
      measured.workload.map((r) => r.seconds),
      measured.floor.map((r) => r.seconds),
    );
    const rss = pairRatios(
      measured.workload.map((r) => r.megabytes),
      measured.floor.map((r) => r.megabytes),
    );
    board.check(
      NAME,
      `${label}: time x${factor} / time x1`,
      time.median,
      { op: '<=', limit: TIME_RATIO, scale: true },
      '',
      2,
      spreadText(time),
    );
    board.check(
      NAME,
      `${label}: peak RSS x${factor} / peak RSS x1`,
      rss.median,
      { op: '<=', limit: RSS_RATIO, scale: true },
      '',
      2,
      spreadText(rss),
    );
  }
}

/** The reports of an account ten times larger. */
export const accountScaleScenario: Scenario = { name: NAME, run };
