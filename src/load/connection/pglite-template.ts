/**
 * The data directory a new embedded warehouse starts from: `dist/pglite-template/`, written by the
 * build (scripts/pglite-template.mjs) with the PGlite version that made it. PGlite loads it
 * (`loadDataDir`) in the time and memory of an ordinary open; without it, PGlite runs initdb, which
 * starts a second engine beside the first and leaves the process 500 MB larger for good
 * (docs/performance.md, "The embedded warehouse"). A template of another PGlite version, or none
 * (the sources run without a build), is not used: the engine then runs initdb as before.
 */
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PACKAGE_ROOT } from '../../package-root.ts';

/** Folder of the template in the package. */
export const TEMPLATE_DIR = path.join(PACKAGE_ROOT, 'dist', 'pglite-template');

/** The version of the installed PGlite (its exports do not list its package.json: found by path). */
export function installedPgliteVersion(): string | undefined {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    for (let up = 0; up < 4 && !existsSync(path.join(dir, 'package.json')); up++) dir = path.dirname(dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/** The template's tarball (gzip), or undefined when there is none made by the installed PGlite. */
function templateTarballPath(dir: string): string | undefined {
  try {
    const made = JSON.parse(readFileSync(path.join(dir, 'template.json'), 'utf8')) as { pglite?: unknown };
    if (made.pglite === undefined || made.pglite !== installedPgliteVersion()) return undefined;
    const tarball = path.join(dir, 'template.tar.gz');
    return existsSync(tarball) ? tarball : undefined;
  } catch {
    return undefined;
  }
}

/** The template as PGlite's `loadDataDir` takes it (an in-memory warehouse), or undefined. */
export function warehouseTemplate(dir: string = TEMPLATE_DIR): Blob | undefined {
  const tarball = templateTarballPath(dir);
  return tarball === undefined ? undefined : new Blob([readFileSync(tarball)]);
}

/** A tar block: headers and the padding of every entry's content come in blocks of 512 bytes. */
const BLOCK = 512;

/** The header of one entry of a ustar archive: a directory or a regular file (all the template holds). */
interface TarHeader {
  name: string;
  directory: boolean;
  size: number;
}

/** Parses one header block; undefined at the archive's end (an empty name). Links are refused. */
function tarHeader(block: Buffer): TarHeader | undefined {
  const text = (from: number, length: number) =>
    block.toString('latin1', from, from + length).replace(/\0.*$/s, '');
  const name = text(0, 100);
  if (name === '') return undefined;
  const prefix = text(345, 155);
  const size = Number.parseInt(text(124, 12).trim() || '0', 8);
  const type = text(156, 1);
  if (type !== '0' && type !== '' && type !== '5') throw new Error(`template entry ${name}: type ${type}`);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new Error(`template entry ${name}: size ${text(124, 12)}`);
  return { name: prefix === '' ? name : `${prefix}/${name}`, directory: type === '5', size };
}

/**
 * Calls `onEntry` for each entry of the gzipped ustar archive at `file` and `onContent` with each
 * piece of its content, in order, as the archive is decompressed: the whole archive (40 MB, most
 * of it one WAL segment) is never in memory at once. Unpacked whole, it took the process that
 * creates a warehouse 85 MB higher before the engine opened (issue 42; the engine then reused
 * those pages, so the command's peak changed by a few MB only: docs/performance.md).
 */
async function readTar(
  file: string,
  onEntry: (header: TarHeader) => void,
  onContent: (piece: Buffer) => void,
): Promise<void> {
  let pending = Buffer.alloc(0);
  /** Bytes of the current entry's content still to come, then its padding. */
  let content = 0;
  let padding = 0;
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    let at = 0;
    while (at < chunk.length) {
      if (content > 0) {
        const piece = chunk.subarray(at, at + content);
        onContent(piece);
        content -= piece.length;
        at += piece.length;
      } else if (padding > 0) {
        const skipped = Math.min(padding, chunk.length - at);
        padding -= skipped;
        at += skipped;
      } else {
        const take = Math.min(BLOCK - pending.length, chunk.length - at);
        pending = Buffer.concat([pending, chunk.subarray(at, at + take)]);
        at += take;
        if (pending.length < BLOCK) continue;
        const header = tarHeader(pending);
        pending = Buffer.alloc(0);
        if (header === undefined) return;
        onEntry(header);
        content = header.size;
        padding = (BLOCK - (header.size % BLOCK)) % BLOCK;
      }
    }
  }
  throw new Error(`template ${file} ends before its end-of-archive block`);
}

/**
 * Writes the template into `dataDir` (an existing, private directory holding no warehouse), files
 * 0600 and folders 0700, `PG_VERSION` last, so a copy cut short is not taken for a warehouse and is
 * written again next time. PGlite then opens it as any warehouse: the engine's ordinary open, no
 * second engine to unpack it. Resolves false when there is no template of the installed PGlite.
 */
export async function writeWarehouseTemplate(dataDir: string, dir: string = TEMPLATE_DIR): Promise<boolean> {
  const tarball = templateTarballPath(dir);
  if (tarball === undefined) return false;
  const root = path.resolve(dataDir);
  /** The open file of the entry being read; `PG_VERSION`'s content is kept for the end. */
  let fd: number | undefined;
  let version: { target: string; pieces: Buffer[] } | undefined;
  let intoVersion = false;
  const closeFile = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  try {
    await readTar(
      tarball,
      (entry) => {
        closeFile();
        intoVersion = false;
        const name = entry.name.replace(/^\/+/, '');
        const target = path.resolve(root, `.${path.posix.sep}${name}`);
        if (!target.startsWith(`${root}${path.sep}`))
          throw new Error(`template entry ${entry.name} leaves the folder`);
        if (entry.directory) {
          mkdirSync(target, { recursive: true, mode: 0o700 });
          return;
        }
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        if (name === 'PG_VERSION') {
          version = { target, pieces: [] };
          intoVersion = true;
        } else fd = openSync(target, 'w', 0o600);
      },
      (piece) => {
        if (fd !== undefined) writeSync(fd, piece);
        else if (intoVersion) version?.pieces.push(Buffer.from(piece));
      },
    );
  } finally {
    closeFile();
  }
  if (version !== undefined) writeFileSync(version.target, Buffer.concat(version.pieces), { mode: 0o600 });
  return true;
}
