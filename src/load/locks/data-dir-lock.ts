/**
 * Exclusive use of a PGlite data directory. PGlite runs inside one process; two processes opening
 * the same directory would corrupt it.
 *
 * The lock is a file created atomically (link(2) of a file already written: only one process can
 * create the name, and it is never seen empty) holding its owner's identity: host, boot id, pid,
 * the pid's start time and a random token. A lock is stale when its
 * owner is gone: on this host and boot, no process has that pid *with that start time* (a live
 * unrelated process that reused the pid does not hold it, nor does a container's PID 1 of an
 * earlier start). A lock from another host cannot be checked and is respected.
 *
 * A stale lock is taken over without the read-delete-recreate race: the taker renames the lock
 * file to a name of its own (only one taker can rename one file), checks that what it moved is the
 * stale lock it read, and only then creates a new one. If it moved a fresh lock
 * instead (another taker won meanwhile), it puts that back with link(2), which never replaces.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LockError } from '../../errors.ts';

/** File name of the lock inside the data directory. */
export const LOCK_FILE = 'uptrends-etl.lock';

/** Who holds a lock, as written in the lock file. */
export interface LockOwner {
  host: string;
  /** Linux boot id: a pid of an earlier boot says nothing about this one. */
  boot: string | null;
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux), null where unknown. */
  start: string | null;
  token: string;
  /** What the owner runs, when it said so (`serve`), and where it listens (`host:port`). */
  command?: string;
  address?: string;
}

/** What the process taking a lock says it runs, so that a refused one can be told how to go on. */
export interface LockHolder {
  readonly command: string;
  /** Where it can be reached (`host:port`), for a command that serves the warehouse. */
  readonly address?: string;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const BOOT_ID = readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
/** Boot time in seconds since the epoch (`btime` of /proc/stat). */
const BOOT_TIME = Number(/^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1] ?? Number.NaN);
/** Clock ticks per second of /proc/<pid>/stat start times (USER_HZ: 100 on every Linux port we run on). */
const TICKS_PER_SECOND = 100;

/** Start time of process `pid` (field 22 of /proc/<pid>/stat), or null where /proc is absent. */
export function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may contain spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/**
 * When process `pid` started, ms since the epoch, or null where /proc cannot tell. Boot time plus
 * ticks drifts from the wall clock over a long uptime, so the figure is calibrated on this
 * process, whose start the wall clock knows.
 */
function processStartedAt(pid: number): number | null {
  const ticksToMs = (start: string | null): number | null =>
    start === null || !Number.isFinite(BOOT_TIME)
      ? null
      : (BOOT_TIME + Number(start) / TICKS_PER_SECOND) * 1000;
  const them = ticksToMs(processStart(pid));
  const us = ticksToMs(processStart(process.pid));
  if (them === null || us === null) return null;
  return them + (Date.now() - process.uptime() * 1000 - us);
}

/** The identity this process writes into a lock it takes. */
function ownIdentity(holder: LockHolder | undefined): LockOwner {
  return {
    host: os.hostname(),
    boot: BOOT_ID,
    pid: process.pid,
    start: processStart(process.pid),
    token: randomUUID(),
    ...(holder === undefined ? {} : { command: holder.command }),
    ...(holder?.address === undefined ? {} : { address: holder.address }),
  };
}

/** Tokens of the locks this process holds. */
const held = new Set<string>();

function parseOwner(text: string): LockOwner | null {
  if (/^\s*\d+\s*$/.test(text)) {
    // The lock file of earlier versions held only a pid.
    const pid = Number.parseInt(text, 10);
    return pid > 0 ? { host: os.hostname(), boot: BOOT_ID, pid, start: null, token: '' } : null;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner> | null;
    if (typeof owner?.pid !== 'number' || typeof owner.token !== 'string') return null;
    return {
      host: String(owner.host ?? ''),
      boot: owner.boot ?? null,
      pid: owner.pid,
      start: owner.start ?? null,
      token: owner.token,
      ...(typeof owner.command === 'string' ? { command: owner.command } : {}),
      ...(typeof owner.address === 'string' ? { address: owner.address } : {}),
    };
  } catch {
    return null; // unreadable: stale
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the owner named in a lock file still runs (true when it cannot be told). `writtenAt`
 * (the lock file's mtime) judges a lock of an earlier version, which holds only a pid: a process
 * that started after the lock was written cannot be the one that wrote it.
 */
export function ownerAlive(owner: LockOwner | null, writtenAt?: number): boolean {
  if (owner === null || !Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  if (held.has(owner.token)) return true;
  if (owner.host !== os.hostname()) return true;
  if (owner.boot !== null && BOOT_ID !== null && owner.boot !== BOOT_ID) return false;
  // Our own pid without our token: a lock of an earlier process that had our pid (PID 1 in a container).
  if (owner.pid === process.pid) return false;
  if (!pidExists(owner.pid)) return false;
  if (owner.start === null) {
    const startedAt = processStartedAt(owner.pid);
    return writtenAt === undefined || startedAt === null || startedAt <= writtenAt + 1000;
  }
  const start = processStart(owner.pid);
  return start === null || start === owner.start;
}

/**
 * Creates the lock file, content and all, in one step: the identity is written to a file of our
 * own and hard-linked to the lock's name, which fails when a lock exists (like O_EXCL). No other
 * process can ever read a lock file that is still empty.
 */
function create(file: string, identity: LockOwner): boolean {
  const own = `${file}.${identity.token}.new`;
  const fd = openSync(own, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(identity));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Moves a stale lock (whose text was `staleText`) out of the way. Returns false when another
 * process changed the lock meanwhile; the caller then looks again.
 */
function removeStale(file: string, staleText: string): boolean {
  const aside = `${file}.${randomUUID()}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (readText(aside) === staleText) {
    rmSync(aside, { force: true });
    return true;
  }
  // We moved a lock someone took after we read the stale one: give it back. link(2) fails rather
  // than replace a lock a third process may have created in the meantime.
  try {
    linkSync(aside, file);
  } catch {
    // The lock was re-created meanwhile; its owner holds the directory.
  }
  rmSync(aside, { force: true });
  return false;
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** One attempt: undefined when the lock is ours now, else the owner holding it. */
function tryLock(file: string, identity: LockOwner): LockOwner | null | undefined {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (create(file, identity)) return undefined;
    const text = readText(file);
    if (text === null) continue; // released between our create and read: try again
    const owner = parseOwner(text);
    if (ownerAlive(owner, mtimeOf(file))) return owner;
    removeStale(file, text);
  }
  return parseOwner(readText(file) ?? '');
}

/**
 * Who holds the directory, and how to go on: `serve` is named with its pid and address, and a
 * reader is told it can connect through it.
 */
function refusal(dir: string, owner: LockOwner | null): string {
  if (owner === null) {
    return `The embedded warehouse ${dir} is in use by another uptrends-etl process; wait for it or pass --wait.`;
  }
  const where = owner.host === os.hostname() ? '' : ` on ${owner.host}`;
  if (owner.command === 'serve') {
    const listening = owner.address === undefined ? '' : `, listening on ${owner.address}`;
    const url = owner.address === undefined ? '' : ` (psql postgres://postgres@${owner.address}/postgres)`;
    return (
      `The embedded warehouse ${dir} is held by uptrends-etl serve (pid ${owner.pid}${where}${listening}). ` +
      `Stop it (Ctrl+C where it runs, or kill ${owner.pid}) and run this again, ` +
      `or read through it with psql or any Postgres client${url}.`
    );
  }
  const what = owner.command === undefined ? '' : ` ${owner.command}`;
  return `The embedded warehouse ${dir} is in use by another uptrends-etl${what} process (pid ${owner.pid}${where}); wait for it or pass --wait.`;
}

/**
 * Takes the directory lock, waiting up to `waitMs`; returns the release function. `holder` says
 * what this process runs, for the message another process gets.
 */
export async function lockDataDir(
  dir: string,
  waitMs = 0,
  pollMs = 250,
  holder?: LockHolder,
): Promise<() => void> {
  const file = path.join(dir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  const identity = ownIdentity(holder);
  for (;;) {
    const owner = tryLock(file, identity);
    if (owner === undefined) {
      held.add(identity.token);
      // No chmod here: the file was created 0600 (see create), and a chmod by path raced a rival
      // taker that had renamed the fresh lock aside for a moment to check it (ENOENT).
      return () => {
        held.delete(identity.token);
        const text = readText(file);
        if (text !== null && parseOwner(text)?.token === identity.token) rmSync(file, { force: true });
      };
    }
    if (Date.now() >= deadline) {
      throw new LockError(refusal(dir, owner), {
        context: {
          dataDir: dir,
          pid: owner?.pid ?? null,
          ...(owner?.command === undefined ? {} : { holder: owner.command }),
          ...(owner?.address === undefined ? {} : { address: owner.address }),
        },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
