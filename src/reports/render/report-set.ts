/**
 * A report set (the workbook, its CSVs and PDF of one run) is published whole or not at all. Every
 * file is written into a staging folder inside the output folder, `.uptrends-set-<pid>-<random>`
 * (same file system, so the renames are atomic); once the last file is complete and the run was
 * not interrupted, each is renamed into place and the folder removed. An interrupted or failed run
 * removes its folder; a run killed outright (SIGKILL, power loss) leaves it, hidden and holding
 * nothing a reader looks for, and the next run into the same folder removes every staging folder
 * whose process is gone. What a reader can still see is the instant of the renames themselves
 * (microseconds, after all the work): docs/reports.md, "Files".
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { throwIfInterrupted } from '../../interruption.ts';

const STAGING = /^\.uptrends-set-(\d+)-[0-9a-f]+$/;

/** A set being written. */
export interface ReportSet {
  /** The staging folder: write every file of the set here. */
  readonly dir: string;
  /** Renames the files (paths inside `dir`) into the output folder; returns their final paths. */
  publish(paths: readonly string[]): Promise<string[]>;
  /** Removes the staging folder and whatever is in it. */
  discard(): Promise<void>;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the staging folders of runs that were killed (their process is gone). */
export async function removeStaleSets(outDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(outDir).catch(() => [] as string[])) {
    const match = STAGING.exec(name);
    if (match === null || alive(Number(match[1]))) continue;
    await rm(join(outDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Creates the output folder (when missing) and a staging folder in it. */
export async function stageReportSet(outDir: string): Promise<ReportSet> {
  // The first folder created, when outDir was missing: removed again if nothing is published.
  const created = await mkdir(outDir, { recursive: true });
  await removeStaleSets(outDir);
  const dir = join(outDir, `.uptrends-set-${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  return {
    dir,
    async publish(paths) {
      const final: string[] = [];
      for (const path of paths) {
        const inside = relative(dir, path);
        if (inside.startsWith('..') || inside.includes('/')) {
          throw new Error(`report file ${path} is not in the staging folder ${dir}`);
        }
        final.push(join(outDir, basename(path)));
      }
      // Distinct names only: a file listed twice is renamed once.
      const moves = new Map(paths.map((p, i) => [p, final[i]!]));
      for (const [from, to] of moves) await rename(from, to);
      await rm(dir, { recursive: true, force: true });
      return final;
    },
    async discard() {
      await rm(dir, { recursive: true, force: true });
      if (created === undefined) return;
      // Folders this run created and left empty go again (rmdir refuses one that is not empty).
      for (let folder = outDir; folder.length >= created.length; folder = dirname(folder)) {
        if (
          !(await rmdir(folder).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    },
  };
}

/**
 * Runs `write` into a staging folder and publishes what it wrote, unless `signal` aborted first
 * (checked once the last file is written, before any is renamed). On any failure nothing is
 * published and the staging folder is removed.
 */
export async function withReportSet<T extends { readonly paths: readonly string[] }>(
  outDir: string,
  signal: AbortSignal | undefined,
  write: (dir: string) => Promise<T>,
): Promise<T> {
  const set = await stageReportSet(outDir);
  try {
    const written = await write(set.dir);
    throwIfInterrupted(signal);
    return { ...written, paths: await set.publish(written.paths) };
  } finally {
    await set.discard();
  }
}
