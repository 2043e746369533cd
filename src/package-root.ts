/**
 * The installed package: its folder (the one holding package.json and sql/) and its version. The
 * folder is found from this module's own place rather than by a fixed relative path, because the
 * same code runs at three depths below it: as sources (src/, tests and tsx), as compiled modules
 * (dist/, the package's API) and as the command's bundle (dist/bundle/, scripts/build.mjs).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  let dir = here;
  for (let up = 0; up < 4; up++) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'sql'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`uptrends-etl: no package folder (package.json beside sql/) above ${here}`);
}

/** Absolute path of the package folder. */
export const PACKAGE_ROOT: string = findPackageRoot();

/** The tool's version, from package.json (recorded on every run in the ledger). */
export const VERSION: string = (
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
