/**
 * Exclusive use of a PGlite data directory. PGlite runs inside one process; two processes opening
 * the same directory would corrupt it. The lock is a file created with O_EXCL holding the owner's
 * pid; a lock whose process no longer exists (killed with SIGKILL) is stale and taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LockError } from '../errors.ts';

/** File name of the lock inside the data directory. */
export const LOCK_FILE = 'uptrends-etl.lock';

function ownerAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryLock(file: string): number | undefined {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (!ownerAlive(owner)) {
      rmSync(file, { force: true });
      return tryLock(file);
    }
    return owner;
  }
}

/** Takes the directory lock, waiting up to `waitMs`; returns the release function. */
export async function lockDataDir(dir: string, waitMs = 0, pollMs = 250): Promise<() => void> {
  const file = path.join(dir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = tryLock(file);
    if (owner === undefined) {
      return () => {
        try {
          if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    }
    if (Date.now() >= deadline) {
      throw new LockError(
        `The embedded warehouse ${dir} is in use by another uptrends-etl process (pid ${owner}); wait for it or pass --wait.`,
        { context: { dataDir: dir, pid: owner } },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
