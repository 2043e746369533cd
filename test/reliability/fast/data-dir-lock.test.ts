/**
 * The embedded warehouse's directory lock (issue 17 #8). Before the fix, taking over a stale lock
 * was read-delete-recreate: two processes both got the lock in 24 of 25 trials; a stale lock naming
 * a live unrelated pid blocked every run; a lock saying "1" was taken for its own by a tool running
 * as PID 1. The races run in separate processes (the compiled build), as they do in production.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LockError } from '../../../src/errors.ts';
import { LOCK_FILE, lockDataDir, processStart } from '../../../src/load/locks/data-dir-lock.ts';

const DIST_LOCK = fileURLToPath(new URL('../../../dist/load/locks/data-dir-lock.js', import.meta.url));
const BOOT = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const dirs: string[] = [];

function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended (and its start time, while it ran). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function writeLock(dir: string, owner: Record<string, unknown>): void {
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: os.hostname(), boot: BOOT, token: 'someone-else', start: null, ...owner }),
  );
}

/**
 * Starts `n` processes that, at the same instant, try the lock once; a process that gets it holds
 * it until every contender has answered (so a late starter can never find it free again).
 * Resolves with what each got ('got' or 'locked').
 */
async function contenders(dir: string, n: number): Promise<string[]> {
  const at = Date.now() + 500;
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(DIST_LOCK)});
    while (Date.now() < ${at}) {}
    try {
      const release = await lockDataDir(${JSON.stringify(dir)}, 0);
      process.stdout.write('got');
      process.stdin.on('end', () => release()).resume();
    } catch (e) { process.stdout.write(e.code === 'LOCKED' ? 'locked' : 'error ' + e.message); }
  `;
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', script]),
  );
  const closed = children.map((child) => new Promise((resolve) => child.on('close', resolve)));
  const answers = children.map(
    (child) =>
      new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => resolve((out += chunk.toString())));
        child.on('close', () => resolve(out));
      }),
  );
  const outcomes = await Promise.all(answers);
  children.forEach((child) => child.stdin.end());
  await Promise.all(closed);
  return outcomes;
}

describe('taking over a stale lock', () => {
  it('two processes racing for a stale lock: exactly one gets it, in every trial', async () => {
    const dir = scratch();
    for (let trial = 0; trial < 12; trial++) {
      writeLock(dir, { pid: deadPid() });
      const outcomes = await contenders(dir, 2);
      expect(outcomes.sort(), `trial ${trial}`).toEqual(['got', 'locked']);
      // Nothing is left behind but the lock itself (released by now).
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('three processes on a free directory: exactly one gets it', async () => {
    const dir = scratch();
    for (let trial = 0; trial < 5; trial++) {
      expect((await contenders(dir, 3)).sort()).toEqual(['got', 'locked', 'locked']);
    }
  });

  it('a lock naming a live process that is not its owner (the pid was reused) is stale', async () => {
    const dir = scratch();
    const sleeper = spawn('sleep', ['30']);
    try {
      const start = processStart(sleeper.pid!);
      expect(start).not.toBeNull();
      writeLock(dir, { pid: sleeper.pid, start: String(Number(start) - 1000) });
      const release = await lockDataDir(dir, 0);
      release();
      // The same pid with its true start time is a live owner: refused, and waited for.
      writeLock(dir, { pid: sleeper.pid, start });
      await expect(lockDataDir(dir, 0)).rejects.toThrow(LockError);
      await expect(lockDataDir(dir, 0)).rejects.toThrow(new RegExp(`pid ${sleeper.pid}`));
    } finally {
      sleeper.kill();
    }
  });

  it('a lock of an earlier version (a bare pid) naming a live process started after it was written is stale', async () => {
    const dir = scratch();
    const old = new Date(Date.now() - 3_600_000);
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, LOCK_FILE), String(sleeper.pid));
      utimesSync(path.join(dir, LOCK_FILE), old, old);
      (await lockDataDir(dir, 0))();
      // Written after the process started: it may be that process's, so it is respected.
      writeFileSync(path.join(dir, LOCK_FILE), String(sleeper.pid));
      await expect(lockDataDir(dir, 0)).rejects.toThrow(LockError);
    } finally {
      sleeper.kill();
    }
  });

  it('a lock of an earlier process with our own pid (a container PID 1 restarted) is stale', async () => {
    const legacy = scratch();
    writeFileSync(path.join(legacy, LOCK_FILE), String(process.pid));
    (await lockDataDir(legacy, 0))();

    const dir = scratch();
    writeLock(dir, { pid: process.pid, start: processStart(process.pid) });
    const release = await lockDataDir(dir, 0);
    const owner = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { token: string };
    expect(owner.token).not.toBe('someone-else');
    // Our own live lock is not taken twice.
    await expect(lockDataDir(dir, 0)).rejects.toThrow(LockError);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a lock of PID 1 from before this boot is stale', async () => {
    const dir = scratch();
    writeLock(dir, { pid: 1, boot: '00000000-0000-0000-0000-000000000000', start: '1' });
    (await lockDataDir(dir, 0))();
  });

  it('a lock from another host is respected (it cannot be checked from here)', async () => {
    const dir = scratch();
    writeLock(dir, { pid: deadPid(), host: 'elsewhere.example' });
    await expect(lockDataDir(dir, 0)).rejects.toThrow(/on elsewhere\.example/);
  });

  it('a lock of a live owner is waited for with --wait and taken when released', async () => {
    const dir = scratch();
    const holder = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(DIST_LOCK)});
       await lockDataDir(${JSON.stringify(dir)}, 0);
       process.stdout.write('got');
       setTimeout(() => process.exit(0), 600);`,
    ]);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    await expect(lockDataDir(dir, 0)).rejects.toThrow(LockError);
    // The holder exits without releasing (as if killed): the waiter takes the lock once it is gone.
    const taken = await lockDataDir(dir, 10_000, 50);
    taken();
  });
});
