/**
 * Reads a text file a user named (the configuration file, `query --file`) within bounds: only a
 * regular file, never more than a set number of bytes. A device (`/dev/zero`), a FIFO or a
 * directory is refused before a byte is read: the first reads for ever, the second blocks until
 * some other process writes. The file is opened without blocking and checked on its open
 * descriptor, so a name swapped for a FIFO between the check and the read cannot block either.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ConfigError, type ErrorContext } from './errors.ts';

/** Options of readTextFile. */
export interface TextFileLimits {
  /** Largest size accepted, in bytes. */
  readonly maxBytes: number;
  /** What the file is, for messages: `the configuration file uptrends-etl.yaml`. */
  readonly what: string;
  /** Where the name came from, added to messages: `named by --config`. (Default: nothing) */
  readonly origin?: string | undefined;
  /** Names the file and the setting that named it in errors. */
  readonly context: ErrorContext;
}

/** The reason a file cannot be read, in plain words. */
function reasonOf(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'does not exist';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'cannot be read (permission denied)';
  if (error.code === 'EISDIR') return 'is a directory, not a file';
  return `cannot be read (${error.code ?? error.message})`;
}

/** What kind of non-regular file `mode` is. */
function kindOf(stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  return 'a device';
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toLocaleString('en-US')} MiB`;

/** The file's text (UTF-8); throws a ConfigError (exit 2) naming the file and why it was refused. */
export function readTextFile(file: string, limits: TextFileLimits): string {
  const from = limits.origin === undefined ? '' : ` (${limits.origin})`;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    throw new ConfigError(`${limits.what} ${reasonOf(cause as NodeJS.ErrnoException)}${from}.`, {
      cause,
      context: limits.context,
    });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ConfigError(`${limits.what}${from} is ${kindOf(stat)}, not a regular file: name a file.`, {
        context: limits.context,
      });
    }
    if (stat.size > limits.maxBytes) {
      throw new ConfigError(
        `${limits.what}${from} is ${stat.size.toLocaleString('en-US')} bytes; the limit is ${mib(limits.maxBytes)}.`,
        { context: limits.context },
      );
    }
    // Read at most one byte past the limit: a file that grows while it is read is caught too.
    const buffer = Buffer.alloc(limits.maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > limits.maxBytes) {
      throw new ConfigError(`${limits.what}${from} is larger than the limit of ${mib(limits.maxBytes)}.`, {
        context: limits.context,
      });
    }
    return buffer.subarray(0, length).toString('utf8');
  } catch (cause) {
    if (cause instanceof ConfigError) throw cause;
    throw new ConfigError(`${limits.what} ${reasonOf(cause as NodeJS.ErrnoException)}${from}.`, {
      cause,
      context: limits.context,
    });
  } finally {
    closeSync(fd);
  }
}
