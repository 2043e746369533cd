#!/usr/bin/env node
/**
 * `npm run build` (also run by `npm ci` through `prepare`, and by `npm pack`): compiles src/ into
 * dist/, the JavaScript the CLI and the package's API run. dist/ is emptied first, so a source
 * file that was removed or renamed can never leave a stale module behind in a package.
 *
 * `--incremental` (the test suites' set-up) keeps dist/ and TypeScript's build info in it, so a
 * build with no change takes a few seconds; it still recompiles every changed file, so the tests
 * never run an outdated build.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const incremental = process.argv.includes('--incremental');
const dist = path.join(root, 'dist');
if (!incremental) rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const args = [tsc, '-p', path.join(root, 'tsconfig.build.json')];
if (incremental) args.push('--incremental', '--tsBuildInfoFile', path.join(dist, '.tsbuildinfo'));
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  process.stderr.write(`build: tsc exited with ${result.status ?? result.signal}\n`);
  process.exit(1);
}
