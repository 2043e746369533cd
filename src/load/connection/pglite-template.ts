/**
 * The data directory a new embedded warehouse starts from: `dist/pglite-template/`, written by the
 * build (scripts/pglite-template.mjs) with the PGlite version that made it. PGlite loads it
 * (`loadDataDir`) in the time and memory of an ordinary open; without it, PGlite runs initdb, which
 * starts a second engine beside the first and leaves the process 500 MB larger for good
 * (docs/performance.md, "The embedded warehouse"). A template of another PGlite version, or none
 * (the sources run without a build), is not used: the engine then runs initdb as before.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PACKAGE_ROOT } from '../../package-root.ts';
import { TarUnpacker } from './tar-unpack.ts';

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

/** True when `dir` holds a template made by the installed PGlite. */
function templateMatches(dir: string): boolean {
  try {
    const made = JSON.parse(readFileSync(path.join(dir, 'template.json'), 'utf8')) as { pglite?: unknown };
    return (
      made.pglite !== undefined &&
      made.pglite === installedPgliteVersion() &&
      existsSync(path.join(dir, 'template.tar.gz'))
    );
  } catch {
    return false;
  }
}

/** The template's tarball (gzip), or undefined when there is none made by the installed PGlite. */
function templateTarball(dir: string): Buffer | undefined {
  try {
    return templateMatches(dir) ? readFileSync(path.join(dir, 'template.tar.gz')) : undefined;
  } catch {
    return undefined;
  }
}

/** The template as PGlite's `loadDataDir` takes it (an in-memory warehouse), or undefined. */
export function warehouseTemplate(dir: string = TEMPLATE_DIR): Blob | undefined {
  const tarball = templateTarball(dir);
  return tarball === undefined ? undefined : new Blob([tarball]);
}

/**
 * Writes the template into `dataDir` (an existing, private directory holding no warehouse), files
 * 0600 and folders 0700, `PG_VERSION` last, so a copy cut short is not taken for a warehouse and is
 * written again next time. PGlite then opens it as any warehouse: the engine's ordinary open, no
 * second engine to unpack it. The archive is unpacked as it is read (tar-unpack.ts): unpacked
 * whole, its 40 MB stayed in the process's memory. Resolves false when there is no template of the
 * installed PGlite.
 */
export async function writeWarehouseTemplate(dataDir: string, dir: string = TEMPLATE_DIR): Promise<boolean> {
  if (!templateMatches(dir)) return false;
  const unpacker = new TarUnpacker(dataDir, (name) => name === 'PG_VERSION');
  const gunzip = createGunzip();
  const reading = pipeline(createReadStream(path.join(dir, 'template.tar.gz')), gunzip);
  // A read error ends the loop below with it; an entry refused ends the loop and so the reading.
  reading.catch(() => undefined);
  for await (const chunk of gunzip) unpacker.push(chunk as Buffer);
  await reading;
  unpacker.finish();
  return true;
}
