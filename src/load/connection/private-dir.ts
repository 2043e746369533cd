/**
 * The embedded warehouse's files are readable by its owner only. PGlite creates its files with
 * mode 0666 whatever the umask (it writes through Emscripten's file system), so after a plain
 * open 968 of 1,103 files were world-writable: any local user could read or change the
 * warehouse. The directory itself is made 0700 (which alone closes it to other users, whatever
 * the modes of the files inside) and every file 0600, on open and again on close so the files
 * PGlite added meanwhile are tightened too.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** Permission bits for group and others. */
const OPEN_TO_OTHERS = 0o077;

/** What tightening found: how many entries had permissions for group or others. */
export interface Tightened {
  /** Entries that were open to group or others (the directory included). */
  loosened: number;
  /** The first few of them, relative to the directory, for the warning. */
  examples: string[];
}

/** Creates `dir` (and its parents) if needed; `dir` itself with mode 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
}

/**
 * Removes group and other permissions from `dir` and everything under it (directories 0700,
 * files 0600; symbolic links are not followed). Iterative, so a deep tree cannot overflow the stack.
 */
export function tightenTree(dir: string): Tightened {
  const result: Tightened = { loosened: 0, examples: [] };
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let stat;
    try {
      stat = lstatSync(current);
    } catch {
      continue; // removed meanwhile
    }
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & OPEN_TO_OTHERS) !== 0) {
      result.loosened++;
      if (result.examples.length < 3) result.examples.push(path.relative(dir, current) || '.');
    }
    if ((stat.mode & 0o777) !== wanted && (stat.mode & OPEN_TO_OTHERS) !== 0) chmodSync(current, wanted);
    if (stat.isDirectory()) {
      for (const name of readdirSync(current)) pending.push(path.join(current, name));
    }
  }
  return result;
}
