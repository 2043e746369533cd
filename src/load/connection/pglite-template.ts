/**
 * The data directory a new embedded warehouse starts from: `dist/pglite-template/`, written by the
 * build (scripts/pglite-template.mjs) with the PGlite version that made it. PGlite loads it
 * (`loadDataDir`) in the time and memory of an ordinary open; without it, PGlite runs initdb, which
 * starts a second engine beside the first and leaves the process 500 MB larger for good
 * (docs/performance.md, "The embedded warehouse"). A template of another PGlite version, or none
 * (the sources run without a build), is not used: the engine then runs initdb as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/**
 * The template's tarball for `loadDataDir`, or undefined when there is none made by the installed
 * PGlite version.
 */
export function warehouseTemplate(dir: string = TEMPLATE_DIR): Blob | undefined {
  try {
    const made = JSON.parse(readFileSync(path.join(dir, 'template.json'), 'utf8')) as { pglite?: unknown };
    if (made.pglite === undefined || made.pglite !== installedPgliteVersion()) return undefined;
    return new Blob([readFileSync(path.join(dir, 'template.tar.gz'))]);
  } catch {
    return undefined;
  }
}
