/**
 * Runs the real CLI (bin/uptrends-etl.js, which runs the compiled dist/ that the test set-up rebuilt
 * from the current sources: test/support/build-cli.ts) as a user would: a child process, its exit
 * code and output. Its stdout is a pipe, so results are JSON lines (`jsonLines` parses them).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/uptrends-etl.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the CLI with `args`, a clean environment plus `env`, in `cwd`. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
  timeoutMs = 120_000,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** One result line of the CLI's JSON output (`{"time", "result": kind, ...}`). */
export type CliResultLine = { time: number; result: string } & Record<string, unknown>;

/** Parses stdout as JSON lines; throws, naming the line, when one is not JSON. */
export function jsonLines(stdout: string): CliResultLine[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as CliResultLine;
      } catch {
        throw new Error(`stdout line is not JSON: ${line}`);
      }
    });
}

/** The paths of the `file` results, in the order they were written. */
export function writtenFiles(stdout: string): string[] {
  return jsonLines(stdout)
    .filter((line) => line.result === 'file')
    .map((line) => line.path as string);
}
