/**
 * Report files appear whole or not at all. Each is written to a temporary file of its own in the
 * target directory (created with O_EXCL under a random name, so nothing planted there is
 * followed) and renamed over the final name once complete. rename(2) replaces a symbolic link
 * planted at the final name instead of writing through it, and a report killed half-way leaves
 * only a `.…tmp` file, never a truncated CSV under the name a mail job would pick up.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A file being written under a temporary name. */
export interface PendingFile {
  /** Where to write meanwhile. */
  readonly tempPath: string;
  /** Renames the finished file to its final name. */
  commit(): Promise<void>;
  /** Removes the temporary file (after a failure). */
  discard(): Promise<void>;
}

/** Reserves a temporary name next to `path` (the file is created empty, 0644 less the umask). */
export async function pendingFile(path: string): Promise<PendingFile> {
  const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tempPath, 'wx', 0o644);
  await handle.close();
  return {
    tempPath,
    async commit() {
      await rename(tempPath, path);
    },
    async discard() {
      await rm(tempPath, { force: true });
    },
  };
}

/** Writes `data` to `path` atomically (see the module comment). */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await withPendingFile(path, async (tempPath) => {
    const handle = await open(tempPath, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/** Runs `write` on a temporary file, then renames it to `path`; removes it when `write` fails. */
export async function withPendingFile<T>(path: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  const pending = await pendingFile(path);
  try {
    const result = await write(pending.tempPath);
    await pending.commit();
    return result;
  } catch (error) {
    await pending.discard();
    throw error;
  }
}

/** A write stream onto a temporary file already reserved by pendingFile (never follows a link). */
export function tempWriteStream(tempPath: string): WriteStream {
  // 'r+' opens the file pendingFile created; it never creates one, so no link can be planted.
  return createWriteStream(tempPath, { flags: 'r+' });
}
