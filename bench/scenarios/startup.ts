/**
 * Start-up of the installed command: `uptrends-etl --version` and `uptrends-etl --help`, run as a
 * user runs them (`node bin/uptrends-etl.js`, the compiled build), from spawn to exit. Targets of
 * issue 12: at most 0.3 s and 80 MB each. The build is brought up to date first, so the figures are
 * those of the current sources.
 *
 * Wall time is measured by this process around the child; peak RSS by the child itself
 * (`process.resourceUsage().maxRSS` when it exits, written to a pipe by a one-line preload, which
 * costs well under a millisecond). Median of the runs, after one warm-up that fills the file cache.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import type { Scenario, ScenarioContext } from '../scenario.ts';

const NAME = 'startup';
const TARGET = { seconds: 0.3, megabytes: 80 };

/** Writes the child's peak RSS (KiB) to fd 3 as it exits. */
const REPORT_RSS = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS)));",
)}`;

interface Measured {
  seconds: number;
  megabytes: number;
}

async function once(args: readonly string[]): Promise<Measured> {
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    ['--import', REPORT_RSS, path.join(REPO_ROOT, 'bin/uptrends-etl.js'), ...args],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    },
  );
  let rss = '';
  let stderr = '';
  child.stdio[3]!.on('data', (chunk: Buffer) => (rss += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`uptrends-etl ${args.join(' ')} exited ${code}: ${stderr.trim()}`);
  return { seconds, megabytes: Number(rss) / 1024 };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function run({ sizes, board }: ScenarioContext): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--incremental'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);
  const runs = sizes.quick ? 5 : 11;
  board.note(NAME, 'runs', `median of ${runs} after one warm-up, node ${process.version}, compiled build`);
  for (const args of [['--version'], ['--help']]) {
    await once(args);
    const measured: Measured[] = [];
    for (let i = 0; i < runs; i++) measured.push(await once(args));
    const label = `uptrends-etl ${args.join(' ')}`;
    board.check(
      NAME,
      `${label} wall`,
      median(measured.map((m) => m.seconds)),
      { op: '<=', limit: TARGET.seconds },
      's',
      2,
    );
    board.check(
      NAME,
      `${label} peak RSS`,
      median(measured.map((m) => m.megabytes)),
      { op: '<=', limit: TARGET.megabytes },
      'MB',
      0,
    );
  }
}

export const startupScenario: Scenario = { name: NAME, run };
