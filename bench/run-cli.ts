/**
 * Runs the installed command as a user runs it: `node bin/uptrends-etl.js ...`, the compiled build
 * in dist/, timed by this process from spawn to exit. The child reports its own peak RSS and CPU
 * (its own high-water mark and `process.resourceUsage()` as it exits, written to fd 3 by a one-line preload that costs well
 * under a millisecond), so the figures are the command's and not the bench's.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PEAK_RSS_KIB_SOURCE } from './peak-rss.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * Writes the child's `{ maxRSS, cpu }` (KiB, µs) to fd 3 as it exits; maxRSS is its own peak
 * (peak-rss.ts: not the kernel's ru_maxrss, which starts at the bench's size).
 */
export const REPORT_USAGE = `data:text/javascript,${encodeURIComponent(
  `import { readFileSync, writeSync } from 'node:fs'; process.on('exit', () => { const u = process.resourceUsage(); writeSync(3, JSON.stringify({ maxRSS: (${PEAK_RSS_KIB_SOURCE})(), cpu: u.userCPUTime + u.systemCPUTime })); });`,
)}`;

/** One finished run of the command. */
export interface CliRun {
  /** Spawn to exit, as a user waits for it. */
  seconds: number;
  /** Peak RSS of the command's process. */
  megabytes: number;
  /** User + system CPU of the command's process. */
  cpuMs: number;
  stdout: string;
}

/** Options of runCli. */
export interface RunCliOptions {
  /** The whole environment of the child: nothing of the bench's own is passed unless given here. */
  env?: Record<string, string>;
  /** Working directory; relative output paths land here. (Default: the repository) */
  cwd?: string;
}

/** The environment a CLI child starts from: nothing of the bench's own settings. */
export function cliEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC' };
}

/** The alerts a `sync` read, from its JSON result line; NaN when absent. */
export function syncedAlerts(stdout: string): number {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as { result?: string; streams?: { alerts?: { records?: number } } };
    if (parsed.result === 'sync') return parsed.streams?.alerts?.records ?? NaN;
  }
  return NaN;
}

/** The file ending in `suffix` among those a `report` wrote (its JSON result line). */
export function writtenFile(stdout: string, suffix: string): string {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as { result?: string; files?: string[] };
    const file = parsed.files?.find((f) => f.endsWith(suffix));
    if (parsed.result === 'report' && file !== undefined) return file;
  }
  throw new Error(`no ${suffix} file in the report's output: ${stdout.slice(-500)}`);
}

/** Brings dist/ up to date (`scripts/build.mjs --incremental`), so the command runs the current sources. */
export function buildCompiled(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--incremental'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);
}

/** Runs `uptrends-etl <args>`; rejects with the tail of its stderr when it exits non-zero. */
export async function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliRun> {
  const env = options.env ?? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    ['--import', REPORT_USAGE, path.join(REPO_ROOT, 'bin/uptrends-etl.js'), ...args],
    { cwd: options.cwd ?? REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env },
  );
  let usage = '';
  let stdout = '';
  let stderr = '';
  child.stdio[3]!.on('data', (chunk: Buffer) => (usage += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0)
    throw new Error(`uptrends-etl ${args.join(' ')} exited ${code}: ${stderr.trim().slice(-1500)}`);
  const { maxRSS, cpu } = JSON.parse(usage) as { maxRSS: number; cpu: number };
  return { seconds, megabytes: maxRSS / 1024, cpuMs: cpu / 1000, stdout };
}
