/**
 * The crash-and-resume experiment: run a backfill in a child process (the real CLI), SIGKILL it
 * after a seeded random delay (during HTTP, inside a load transaction, between windows: wherever it
 * happens to be), repeat, then let a final run finish, and compare the warehouse with a clean run.
 */
import { spawn } from 'node:child_process';
import { BIN } from './run-cli.ts';

/** Spawns `uptrends-etl sync ...args`, kills it with SIGKILL after `killAfterMs`; resolves when it is gone. */
export function runAndKill(
  args: string[],
  env: Record<string, string>,
  killAfterMs: number,
): Promise<{ killed: boolean; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let killed = false;
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      killed = child.kill('SIGKILL');
    }, killAfterMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      // A run that ended on its own must have succeeded; anything else is a real failure.
      if (!killed && code !== 0)
        reject(new Error(`sync exited ${code} before it was killed:\n${stderr.slice(-2000)}`));
      else resolve({ killed, code });
    });
  });
}

/** A small seeded PRNG (mulberry32) so a failing crash point can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
