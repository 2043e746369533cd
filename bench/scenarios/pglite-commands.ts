/**
 * The embedded default (issue 42): each command on a demo-size PGlite warehouse against the
 * engine's own floor, measured side by side.
 *
 * - **open floor**: a bare `PGlite.create` on the same data directory and one `count(*)` of the
 *   alerts, in plain node (no tsx), with its peak RSS: what no command on that warehouse can do
 *   without. The engine runs as the commands run it: on V8's baseline compiler and with the
 *   tool's start settings (src/load/connection/engine-tier.ts, engine-settings.ts).
 * - **read-only commands** (`status`, `check`, `query`, `report sla`): each repetition runs the
 *   floor, the command on the PGlite demo warehouse and the same command on a Postgres warehouse
 *   the same demo filled, one after another; the ratio PGlite / (floor + Postgres) of each
 *   repetition is taken, and the median judged: ≤ 1.5.
 * - **peaks** (`demo`, `sync`, `nightly` into a new data directory, as the first run of a new user
 *   and the README's cron line): each run is followed by the floor on the directory it filled; the
 *   median of the ratios peak RSS / floor's peak RSS is judged: ≤ 1.5.
 * - **first line**: the time from spawn to the first line the command prints (stdout or stderr),
 *   for `demo`, `sync` and `nightly`: ≤ 1 s.
 *
 * Every ratio is printed with its spread (the lowest and highest repetition). The commands are the
 * compiled build as a user runs it (`node bin/uptrends-etl.js`), timed from spawn to exit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ratioSpread, spreadText } from '../side-by-side.ts';
import { ENGINE_START_SETTINGS } from '../../src/load/connection/engine-settings.ts';
import { REPO_ROOT } from '../repo-root.ts';
import { buildCompiled, cliEnv, REPORT_USAGE } from '../run-cli.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';
import { createScratchDatabase } from '../scratch-warehouse.ts';
import { spawnSimulator, type SimulatorProcess } from '../spawn-simulator.ts';

const NAME = 'pglite';
const TARGET = { readOnly: 1.5, peak: 1.5, firstLineSeconds: 1 };
/** The demo's own defaults: the "demo-size" warehouse of the issue. */
const DEMO = { monitors: 50, days: 90, seed: 1 };

/** The floor: the engine opened on the directory and one count, nothing of uptrends-etl. */
// The engine with the start settings the tool gives it (engine-settings.ts: its buffer pool).
const FLOOR_SCRIPT = `
import { PGlite } from '@electric-sql/pglite';
const engine = await PGlite.create(process.env.UPTRENDS_ETL_DATA_DIR, {
  startParams: [...PGlite.defaultStartParams, ...${JSON.stringify(ENGINE_START_SETTINGS)}],
});
await engine.query('select count(*) from uptrends.alert');
await engine.close();
`;

/** One measured child. */
interface Measured {
  seconds: number;
  megabytes: number;
  /** Spawn to the first line on stdout or stderr. */
  firstLineSeconds: number;
}

/** Spawns node with `args`, timed from spawn to exit, with its own peak RSS (fd 3, run-cli.ts). */
async function measure(args: readonly string[], env: Record<string, string>): Promise<Measured> {
  const started = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - started) / 1e9;
  const child = spawn(process.execPath, ['--import', REPORT_USAGE, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    env,
  });
  let usage = '';
  let tail = '';
  let firstLineSeconds = NaN;
  const onOutput = (chunk: Buffer) => {
    if (Number.isNaN(firstLineSeconds) && chunk.includes(10)) firstLineSeconds = since();
    tail = (tail + chunk.toString()).slice(-3000);
  };
  child.stdio[3]!.on('data', (chunk: Buffer) => (usage += chunk.toString()));
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = since();
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}: ${tail.trim().slice(-1500)}`);
  const { maxRSS } = JSON.parse(usage) as { maxRSS: number };
  return { seconds, megabytes: maxRSS / 1024, firstLineSeconds };
}

const cli = (args: readonly string[], env: Record<string, string>) =>
  measure([path.join(REPO_ROOT, 'bin/uptrends-etl.js'), '--log-format', 'json', '--json', ...args], env);

// The engine as the commands run it: they keep its WebAssembly on V8's baseline compiler
// (src/load/connection/engine-tier.ts) and start it with their settings, so the floor does too. A
// floor that pays for the optimizing compiler's tier-up (about 80 MB and a second) or a 128 MB
// buffer pool while the command does not would flatter the ratio.
const floor = (dataDir: string) =>
  measure(['--liftoff-only', '--input-type=module', '-e', FLOOR_SCRIPT], {
    ...cliEnv(),
    UPTRENDS_ETL_DATA_DIR: dataDir,
  });

/** The median of `ratios` with its spread, as the board prints it. */
function judge(ctx: ScenarioContext, label: string, ratios: readonly number[], limit: number): void {
  const paired = ratioSpread(ratios);
  ctx.board.check(NAME, label, paired.median, { op: '<=', limit }, '', 2, spreadText(paired));
}

function scratchDir(ctx: ScenarioContext, label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `uptrends-bench-pglite-${label}-`));
  ctx.cleanup.add(`pglite ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `command` into a new data directory, then the floor on it; returns both. */
async function peakPair(
  ctx: ScenarioContext,
  label: string,
  args: (dir: string) => readonly string[],
  env: Record<string, string>,
): Promise<{ run: Measured; floor: Measured; dir: string }> {
  const dir = scratchDir(ctx, label);
  const run = await cli(args(dir), { ...env, UPTRENDS_ETL_DATA_DIR: dir });
  return { run, floor: await floor(dir), dir };
}

async function run(ctx: ScenarioContext): Promise<void> {
  buildCompiled();
  const pairs = ctx.sizes.quick ? 1 : 3;
  const peakPairs = ctx.sizes.quick ? 1 : 2;
  const demoArgs = [
    '--monitors',
    String(DEMO.monitors),
    '--days',
    String(DEMO.days),
    '--seed',
    String(DEMO.seed),
  ];
  ctx.board.note(
    NAME,
    'warehouse',
    `demo of ${DEMO.monitors} monitors × ${DEMO.days} days; ${pairs} repetition(s) of floor and command side by side`,
  );

  // demo: a new user's first run, into a new directory each time.
  const demos = [];
  for (let i = 0; i < peakPairs; i++) {
    demos.push(
      await peakPair(
        ctx,
        'demo',
        (dir) => ['demo', '--data-dir', dir, '--out', path.join(dir, 'reports'), ...demoArgs],
        cliEnv(),
      ),
    );
  }
  reportPeaks(ctx, 'demo', demos);
  const pgliteEnv = { ...cliEnv(), UPTRENDS_ETL_DATA_DIR: demos[0]!.dir };

  // The same demo into Postgres, for the read-only commands' Postgres side.
  const postgres = await createScratchDatabase('pglite_demo', ctx.cleanup);
  const pgOut = scratchDir(ctx, 'pg-out');
  await cli(['demo', '--database-url', postgres.location, '--out', pgOut, ...demoArgs], cliEnv());
  const postgresEnv = { ...cliEnv(), ...postgres.env };

  // A simulator for check, sync and nightly (the same account as the demo's).
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const sim: SimulatorProcess = await spawnSimulator({ ...DEMO, now }, ctx.cleanup);
  const reportOut = scratchDir(ctx, 'report-out');
  const readOnly: [string, string[]][] = [
    ['status', ['status']],
    ['check', ['check']],
    ['query', ['query', '--format', 'csv', 'select count(*) from uptrends.alert']],
    ['report sla', ['report', 'sla', '--format', 'xlsx', '--out', reportOut]],
  ];
  for (const [label, args] of readOnly) {
    const ratios: number[] = [];
    const seen: string[] = [];
    for (let i = 0; i < pairs; i++) {
      const f = await floor(demos[0]!.dir);
      const p = await cli(args, { ...pgliteEnv, ...sim.env() });
      const s = await cli(args, { ...postgresEnv, ...sim.env() });
      ratios.push(p.seconds / (f.seconds + s.seconds));
      seen.push(`${f.seconds.toFixed(1)} / ${p.seconds.toFixed(1)} / ${s.seconds.toFixed(1)}`);
    }
    ctx.board.note(NAME, `${label}: floor / pglite / postgres s`, seen.join('; '));
    judge(ctx, `${label}: pglite / (floor + postgres)`, ratios, TARGET.readOnly);
  }

  // sync and nightly into a new data directory: the README's first sync and cron line.
  const syncs = [];
  const nightlies = [];
  for (let i = 0; i < peakPairs; i++) {
    syncs.push(await peakPair(ctx, 'sync', () => ['sync'], { ...cliEnv(), ...sim.env() }));
    const out = scratchDir(ctx, 'nightly-out');
    nightlies.push(
      await peakPair(ctx, 'nightly', () => ['nightly', '--no-mail', '--out', out], {
        ...cliEnv(),
        ...sim.env(),
      }),
    );
  }
  reportPeaks(ctx, 'sync', syncs);
  reportPeaks(ctx, 'nightly', nightlies);
}

/** Peak RSS of each run against the floor measured right after it, and the first line's time. */
function reportPeaks(
  ctx: ScenarioContext,
  label: string,
  runs: readonly { run: Measured; floor: Measured }[],
): void {
  ctx.board.note(
    NAME,
    `${label}: peak / floor MB, wall s`,
    runs
      .map(
        (r) => `${r.run.megabytes.toFixed(0)} / ${r.floor.megabytes.toFixed(0)}, ${r.run.seconds.toFixed(1)}`,
      )
      .join('; '),
  );
  judge(
    ctx,
    `${label}: peak RSS / floor peak RSS`,
    runs.map((r) => r.run.megabytes / r.floor.megabytes),
    TARGET.peak,
  );
  ctx.board.check(
    NAME,
    `${label}: first line`,
    Math.max(...runs.map((r) => r.run.firstLineSeconds)),
    { op: '<=', limit: TARGET.firstLineSeconds },
    's',
    2,
  );
}

export const pgliteCommandsScenario: Scenario = { name: NAME, run };
