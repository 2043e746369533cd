/**
 * The real CLI as a child process, for the reliability tests that need a process boundary (two
 * syncs at once, an exit code within a time bound, what a scheduler's log would hold). Unlike
 * runCli, a running child can be watched: `waitFor` resolves when a line of its output matches,
 * so a test can act while the child holds the warehouse lock.
 */
import { spawn } from 'node:child_process';
import type { RunningSimulator } from '../../src/simulator/start-simulator.ts';
import { BIN } from './run-cli.ts';

/** A finished CLI process. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit. */
  ms: number;
}

/** A running CLI process. */
export interface SpawnedCli {
  readonly pid: number | undefined;
  /** Resolves with the process's result when it exits. */
  readonly done: Promise<CliRun>;
  /** Resolves once stdout or stderr holds a match of `pattern`; rejects when it exits without one. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
}

/** Environment of a sync against `sim` (API credentials, and Infra ones when `infra`). */
export function simulatorEnv(sim: RunningSimulator, infra = false): Record<string, string> {
  return {
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    ...(infra
      ? {
          UPTRENDS_INFRA_URL: sim.infraUrl,
          UPTRENDS_INFRA_USERNAME: sim.credentials.infraUsername,
          UPTRENDS_INFRA_PASSWORD: sim.credentials.infraPassword,
        }
      : {}),
  };
}

/** Spawns `uptrends-etl ...args` with a clean environment plus `env` (killed after `timeoutMs`). */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 180_000,
  cwd?: string,
): SpawnedCli {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  const notify = (): void => watchers.forEach((w) => w());
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), notify()));
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), notify()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let exited = false;
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      exited = true;
      notify();
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
  return {
    pid: child.pid,
    done,
    output: () => ({ stdout, stderr }),
    waitFor(pattern, waitMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(
          () => finish(new Error(`no output matching ${String(pattern)} within ${waitMs} ms`)),
          waitMs,
        );
        const check = (): void => {
          if (pattern.test(stdout) || pattern.test(stderr)) finish();
          else if (exited)
            finish(new Error(`exited without output matching ${String(pattern)}:\n${stderr.slice(-2000)}`));
        };
        function finish(error?: Error): void {
          clearTimeout(deadline);
          watchers.delete(check);
          if (error === undefined) resolve();
          else reject(error);
        }
        watchers.add(check);
        check();
      });
    },
  };
}
