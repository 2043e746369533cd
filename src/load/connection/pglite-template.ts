/**
 * The data directory a new embedded warehouse starts from: `dist/pglite-template/`, written by the
 * build (scripts/pglite-template.mjs) with the PGlite version that made it. PGlite loads it
 * (`loadDataDir`) in the time and memory of an ordinary open; without it, PGlite runs initdb, which
 * starts a second engine beside the first and leaves the process 500 MB larger for good
 * (docs/performance.md, "The embedded warehouse"). A template of another PGlite version, or none
 * (the sources run without a build), is not used: the engine then runs initdb as before.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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
function templateTarball(dir: string): Buffer | undefined {
  try {
    const made = JSON.parse(readFileSync(path.join(dir, 'template.json'), 'utf8')) as { pglite?: unknown };
    if (made.pglite === undefined || made.pglite !== installedPgliteVersion()) return undefined;
    return readFileSync(path.join(dir, 'template.tar.gz'));
  } catch {
    return undefined;
  }
}

/** The template as PGlite's `loadDataDir` takes it (an in-memory warehouse), or undefined. */
export function warehouseTemplate(dir: string = TEMPLATE_DIR): Blob | undefined {
  const tarball = templateTarball(dir);
  return tarball === undefined ? undefined : new Blob([tarball]);
}

/** One entry of a tar archive: a directory or a regular file (all the template holds). */
interface TarEntry {
  name: string;
  directory: boolean;
  content: Buffer;
}

/** The entries of a ustar archive; other entry types (links) are refused: the template has none. */
function tarEntries(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  const text = (from: number, length: number) =>
    tar.toString('latin1', from, from + length).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (name === '') break;
    const prefix = text(at + 345, 155);
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = text(at + 156, 1);
    if (type !== '0' && type !== '' && type !== '5') throw new Error(`template entry ${name}: type ${type}`);
    entries.push({
      name: prefix === '' ? name : `${prefix}/${name}`,
      directory: type === '5',
      content: tar.subarray(at + 512, at + 512 + size),
    });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * Writes the template into `dataDir` (an existing, private directory holding no warehouse), files
 * 0600 and folders 0700, `PG_VERSION` last, so a copy cut short is not taken for a warehouse and is
 * written again next time. PGlite then opens it as any warehouse: the engine's ordinary open, no
 * second engine to unpack it. Returns false when there is no template of the installed PGlite.
 */
export function writeWarehouseTemplate(dataDir: string, dir: string = TEMPLATE_DIR): boolean {
  const tarball = templateTarball(dir);
  if (tarball === undefined) return false;
  const root = path.resolve(dataDir);
  const entries = tarEntries(gunzipSync(tarball));
  const isVersion = (e: TarEntry) => e.name.replace(/^\/+/, '') === 'PG_VERSION';
  for (const entry of [...entries.filter((e) => !isVersion(e)), ...entries.filter(isVersion)]) {
    const target = path.resolve(root, `.${path.posix.sep}${entry.name.replace(/^\/+/, '')}`);
    if (!target.startsWith(`${root}${path.sep}`))
      throw new Error(`template entry ${entry.name} leaves the folder`);
    if (entry.directory) mkdirSync(target, { recursive: true, mode: 0o700 });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.content, { mode: 0o600 });
    }
  }
  return true;
}
