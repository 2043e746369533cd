/** The tool's version, from package.json (recorded on every run in the ledger). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

export const VERSION: string = (
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
