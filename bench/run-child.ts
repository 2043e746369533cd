/**
 * Runs one bench child (`bench/children/<name>.ts`) in its own Node process and returns the JSON
 * line it prints last. A child measures itself (wall time around the work, peak RSS from
 * its own high-water mark, peak-rss.ts), so its figures hold the pipeline alone: not the simulator,
 * not the bench's own heap, not the TypeScript loader's start-up time.
 */
import { spawn } from 'node:child_process';
import type { CleanupStack } from './cleanup-stack.ts';
import { REPO_ROOT } from './repo-root.ts';

/** What every child reports besides its own figures. */
export interface ChildMeasure {
  /** Wall time of the measured work. */
  wallMs: number;
  /** Peak resident set size of the child process (VmHWM). */
  maxRssMb: number;
  /** User + system CPU of the child process. */
  cpuMs: number;
  /** Resident set size once the modules were loaded, before the work: the floor of maxRssMb. */
  baselineRssMb: number;
}

// The bench's own settings must not leak into a child: it gets exactly the warehouse and API given.
const INHERITED = (name: string): boolean => !/^(DATABASE_URL|UPTRENDS_|SMTP_URL|REPORT_MAIL_)/.test(name);

/**
 * Spawns `bench/children/<name>.ts` with `input` and `env` (and Node's `nodeFlags`, e.g.
 * `--expose-gc`); rejects with its stderr when it fails.
 */
export async function runChild<T extends ChildMeasure>(
  name: string,
  input: unknown,
  env: Record<string, string>,
  cleanup: CleanupStack,
  nodeFlags: readonly string[] = [],
): Promise<T> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => INHERITED(k)));
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', `bench/children/${name}.ts`, JSON.stringify(input)],
    {
      cwd: REPO_ROOT,
      env: { ...base, ...env, TZ: 'UTC' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanup.add(`child ${name} pid ${child.pid}`, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0)
    throw new Error(`child ${name} exited with ${code}: ${(last || stderr).trim().slice(-1500)}`);
  return JSON.parse(last) as T;
}
