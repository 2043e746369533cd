/**
 * The folder the package is installed in: the one holding package.json and sql/. Found from this
 * module's own place rather than by a fixed relative path, because the same code runs at three
 * depths below it: as sources (src/, tests and tsx), as compiled modules (dist/, the package's
 * API) and as the command's bundle (dist/bundle/, scripts/build.mjs).
 */
import { existsSync } from 'node:fs';
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
